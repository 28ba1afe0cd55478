import type { Recommendation } from '@wave/contracts';
import { RECOMMENDATION_TITLE_MAX as CONTRACT_TITLE_MAX } from '@wave/contracts';
import {
  RECOMMENDATION_TITLE_MAX,
  recommendationHref,
  recommendationTitle,
} from './recommendation-title';

const post = (content: string) => ({ contentType: 'post', content }) as const;
const codePoints = (text: string) => Array.from(text).length;

describe(recommendationTitle.name, () => {
  it('cuts at 50 characters (the spec), as the contracts say', () => {
    expect(RECOMMENDATION_TITLE_MAX).toBe(50);
    expect(RECOMMENDATION_TITLE_MAX).toBe(CONTRACT_TITLE_MAX);
  });

  it('shows a person as @username and a community by its name, whatever their length', () => {
    expect(recommendationTitle({ contentType: 'user', content: 'grace' })).toBe('@grace');
    expect(recommendationTitle({ contentType: 'community', content: 'Rustaceans' })).toBe(
      'Rustaceans',
    );
    const longName = 'C'.repeat(80);
    expect(recommendationTitle({ contentType: 'community', content: longName })).toBe(longName);
    expect(recommendationTitle({ contentType: 'user', content: 'u'.repeat(60) })).toBe(
      `@${'u'.repeat(60)}`,
    );
  });

  it('keeps a post of 50 characters or fewer whole, with no ellipsis', () => {
    expect(recommendationTitle(post('Hello, Wave!'))).toBe('Hello, Wave!');
    const fifty = 'a'.repeat(50);
    expect(recommendationTitle(post(fifty))).toBe(fifty);
  });

  it('cuts a longer post at 50 characters and adds an ellipsis', () => {
    expect(recommendationTitle(post('a'.repeat(51)))).toBe(`${'a'.repeat(50)}…`);
    const text = 'The quick brown fox jumps over the lazy dog, and then naps in the sun all day';
    const title = recommendationTitle(post(text));
    expect(title).toBe(`${text.slice(0, 50)}…`);
    expect(codePoints(title)).toBe(51);
  });

  it('counts an emoji as one character and never splits it', () => {
    // Each 😀 is one code point but two UTF-16 units: 60 of them are 120 units.
    const title = recommendationTitle(post('😀'.repeat(60)));
    expect(title).toBe(`${'😀'.repeat(50)}…`);
    expect(title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no lone high surrogate

    // An emoji straddling the 50th unit (but well inside 50 code points) stays whole.
    const mixed = `${'b'.repeat(49)}🌊 and more`;
    expect(recommendationTitle(post(mixed))).toBe(`${'b'.repeat(49)}🌊…`);

    // 50 emoji are exactly 50 characters: kept whole.
    expect(recommendationTitle(post('🎉'.repeat(50)))).toBe('🎉'.repeat(50));
  });

  it('collapses whitespace (new lines, tabs, runs of spaces) and trims the ends', () => {
    expect(recommendationTitle(post('  Hello\n\n  Wave\t friends  '))).toBe('Hello Wave friends');
    // Collapsed before counting: 30 words of 'ab' with long gaps are 89 characters once collapsed.
    const spaced = Array.from({ length: 30 }, () => 'ab').join(' \n\t ');
    expect(recommendationTitle(post(spaced))).toBe(`${Array(17).fill('ab').join(' ')}…`);
  });

  it('does not leave a space before the ellipsis', () => {
    // The 50th character is a space.
    const text = `${'x'.repeat(49)} tail that goes beyond`;
    expect(recommendationTitle(post(text))).toBe(`${'x'.repeat(49)}…`);
  });
});

describe(recommendationHref.name, () => {
  const item = (
    contentType: Recommendation['contentType'],
    content: string,
    contentId = '0190a1b2-2222-7000-8000-000000000009',
  ) => ({ contentType, content, contentId });

  it('links a person to their profile by username', () => {
    expect(recommendationHref(item('user', 'grace'))).toBe('/profile/grace');
  });

  it('links a post to its page by id', () => {
    expect(recommendationHref(item('post', 'Some text that is not used'))).toBe(
      '/tweet/0190a1b2-2222-7000-8000-000000000009',
    );
  });

  it('links a community to its page by id, not by name', () => {
    expect(recommendationHref(item('community', 'Rustaceans'))).toBe(
      '/community/0190a1b2-2222-7000-8000-000000000009',
    );
  });

  it('encodes what goes into the path', () => {
    expect(recommendationHref(item('user', 'a/b?c'))).toBe('/profile/a%2Fb%3Fc');
    expect(recommendationHref(item('community', 'x', 'id with space'))).toBe(
      '/community/id%20with%20space',
    );
  });
});
