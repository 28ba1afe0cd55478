import { EMOJI_STYLES, emojiImageUrl, resolveEmojiStyle } from './emoji-style';

describe(resolveEmojiStyle.name, () => {
  it('keeps native, with or without image sets', () => {
    expect(resolveEmojiStyle('native')).toBe('native');
    expect(resolveEmojiStyle('native', '/emoji/')).toBe('native');
  });

  it.each(EMOJI_STYLES.filter((style) => style !== 'native'))(
    'falls back to native for %s unless its pictures are on our origin',
    (style) => {
      expect(resolveEmojiStyle(style)).toBe('native');
      expect(resolveEmojiStyle(style, null)).toBe('native');
      expect(resolveEmojiStyle(style, '')).toBe('native');
      expect(resolveEmojiStyle(style, '/emoji/')).toBe(style);
    },
  );

  it('refuses a base URL on another origin, which the img-src policy blocks', () => {
    for (const elsewhere of [
      'https://cdn.jsdelivr.net/npm/emoji-datasource-apple/img/apple/64/',
      '//cdn.jsdelivr.net/emoji/',
      '/\\cdn.example/emoji/',
      'emoji/',
      'data:image/png;base64,',
    ]) {
      expect(resolveEmojiStyle('apple', elsewhere)).toBe('native');
    }
  });
});

describe(emojiImageUrl.name, () => {
  it("follows the emoji-datasource packages' layout, with or without a trailing slash", () => {
    expect(emojiImageUrl('/emoji/', 'apple', '1f600')).toBe('/emoji/apple/64/1f600.png');
    expect(emojiImageUrl('/emoji', 'twitter', '2764-fe0f')).toBe('/emoji/twitter/64/2764-fe0f.png');
  });
});
