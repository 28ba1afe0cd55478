/** The emoji picker's styles (spec section 9), named as emoji-picker-react names them. */
export const EMOJI_STYLES = ['native', 'apple', 'twitter', 'google', 'facebook'] as const;
export type EmojiStyleName = (typeof EMOJI_STYLES)[number];

/**
 * A base URL on the page's own origin: a path ('/emoji/'), not a scheme-relative or absolute
 * address ('//cdn…', 'https://…'), which the Content-Security-Policy's `img-src 'self'` blocks.
 */
const isOwnOriginPath = (url: string): boolean => /^\/(?![/\\])/.test(url);

/**
 * The style the picker can draw. Native emoji are text, so they always work. The image styles
 * (apple, twitter, google, facebook) are pictures that emoji-picker-react fetches from jsDelivr
 * unless told where else: our policy allows images from our own origin only (and this machine
 * has no outside network), so an image style is kept only when its pictures are served from a
 * path on our origin (`imageBaseUrl`); otherwise the picker falls back to native.
 */
export function resolveEmojiStyle(
  requested: EmojiStyleName,
  imageBaseUrl?: string | null,
): EmojiStyleName {
  if (requested === 'native') return 'native';
  return imageBaseUrl && isOwnOriginPath(imageBaseUrl) ? requested : 'native';
}

/**
 * Where one emoji's picture is under `imageBaseUrl`: the layout of the `emoji-datasource-<style>`
 * packages' `img/<style>/64/` folders, copied as `<base><style>/64/<unified>.png`.
 */
export function emojiImageUrl(
  imageBaseUrl: string,
  style: EmojiStyleName,
  unified: string,
): string {
  const base = imageBaseUrl.endsWith('/') ? imageBaseUrl : `${imageBaseUrl}/`;
  return `${base}${style}/64/${unified}.png`;
}
