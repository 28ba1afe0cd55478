import type { EmojiStyleName } from '../lib/emoji-style';

/**
 * The composers' emoji picker (README, "The web client"). The style asked for: native (text,
 * the default) or one of the image sets, which are drawn only when `EMOJI_IMAGE_BASE_URL` serves
 * their pictures from this origin; without it the picker falls back to native
 * (`resolveEmojiStyle`).
 */
export const EMOJI_STYLE: EmojiStyleName = 'native';

/**
 * A path on this origin holding the image sets as `<base><style>/64/<unified>.png` (for example
 * '/emoji/', with `emoji-datasource-apple`'s `img/apple/64/` copied to `public/emoji/apple/64/`),
 * or null: none are served.
 */
export const EMOJI_IMAGE_BASE_URL: string | null = null;
