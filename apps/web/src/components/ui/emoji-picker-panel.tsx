import EmojiPickerReact, {
  Categories,
  SkinTones,
  SuggestionMode,
  Theme as PickerTheme,
} from 'emoji-picker-react';
import type { EmojiStyleName } from '../../lib/emoji-style';
import { emojiImageUrl, resolveEmojiStyle } from '../../lib/emoji-style';

/**
 * The picker itself (emoji-picker-react), in its own chunk: `emoji-picker.tsx` loads this module
 * the first time a member opens the picker, so neither the library nor its emoji data is in the
 * entry chunk. Nothing outside that lazy import may import it.
 */

/** The app's themes (features/theme), which the picker follows. */
export type AppTheme = 'light' | 'dark' | 'system';

/**
 * Spec section 9's categories, in its order. Custom holds the app's own image emoji; there are
 * none yet, so the picker shows no tab for it. Suggested is the member's recently used emoji.
 */
export const EMOJI_CATEGORIES = [
  Categories.SUGGESTED,
  Categories.CUSTOM,
  Categories.SMILEYS_PEOPLE,
  Categories.ANIMALS_NATURE,
  Categories.FOOD_DRINK,
  Categories.TRAVEL_PLACES,
  Categories.ACTIVITIES,
  Categories.OBJECTS,
  Categories.SYMBOLS,
  Categories.FLAGS,
];

/**
 * Spec section 9's quick reaction set of seven, as unified codes: 👍 thumbs up, ❤️ red heart,
 * 😂 face with tears of joy, 😮 face with open mouth, 😢 crying face, 🙏 folded hands, 🔥 fire.
 * The library shows them in its reactions mode (a compact bar that expands to the whole picker);
 * the composers open the whole picker, which has search and the categories.
 */
export const QUICK_REACTIONS = ['1f44d', '2764-fe0f', '1f602', '1f62e', '1f622', '1f64f', '1f525'];

/** The picker's colour scheme for the app's theme: system follows the operating system. */
export function pickerThemeOf(theme: AppTheme): PickerTheme {
  switch (theme) {
    case 'dark':
      return PickerTheme.DARK;
    case 'light':
      return PickerTheme.LIGHT;
    case 'system':
      return PickerTheme.AUTO;
  }
}

export interface EmojiPickerPanelProps {
  width: number;
  height: number;
  theme: AppTheme;
  /** Drawn as asked only when `imageBaseUrl` serves its pictures (`resolveEmojiStyle`). */
  emojiStyle: EmojiStyleName;
  imageBaseUrl: string | null;
  onPick: (emoji: string) => void;
}

export function EmojiPickerPanel({
  width,
  height,
  theme,
  emojiStyle,
  imageBaseUrl,
  onPick,
}: EmojiPickerPanelProps) {
  const style = resolveEmojiStyle(emojiStyle, imageBaseUrl);
  return (
    <EmojiPickerReact
      width={width}
      height={height}
      theme={pickerThemeOf(theme)}
      emojiStyle={style}
      // Only for a style whose pictures are on our origin (the library's own are on jsDelivr).
      {...(style !== 'native' && imageBaseUrl
        ? { getEmojiUrl: (unified: string) => emojiImageUrl(imageBaseUrl, style, unified) }
        : {})}
      categories={EMOJI_CATEGORIES}
      suggestedEmojisMode={SuggestionMode.RECENT}
      reactions={QUICK_REACTIONS}
      skinTonesDisabled={false}
      defaultSkinTone={SkinTones.NEUTRAL}
      searchPlaceholder="Search emoji"
      autoFocusSearch
      onEmojiClick={(emoji) => onPick(emoji.emoji)}
    />
  );
}
