import { extractHashtags, extractMentions } from './text-entities.util';

describe(extractHashtags.name, () => {
  it.each([
    ['Loving #TypeScript and #nestjs!', ['typescript', 'nestjs']],
    ['#Café #café #日本語', ['café', '日本語']],
    ['#1 and #2026 are numbers, #web3 is a tag', ['web3']],
    ['no tags here, just a#hash and http://x.com/#anchor', []],
    ['#a_b #a_b #A_B', ['a_b']],
    ['(#wrapped) "#quoted"', ['wrapped', 'quoted']],
  ])('%p → %p', (text, expected) => {
    expect(extractHashtags(text)).toEqual(expected);
  });

  it('keeps a tag within 100 code points even when lowercasing lengthens it', () => {
    const [tag] = extractHashtags(`#${'İ'.repeat(100)}`);
    expect(Array.from(tag ?? '')).toHaveLength(100);
    expect(tag?.startsWith('i\u0307')).toBe(true);
  });

  it('keeps at most 20 distinct tags', () => {
    const text = Array.from({ length: 30 }, (_, i) => `#tag${i}`).join(' ');
    expect(extractHashtags(text)).toHaveLength(20);
  });
});

describe(extractMentions.name, () => {
  it.each([
    ['hi @Ada and @grace_h!', ['ada', 'grace_h']],
    ['mail ada@example.com is not a mention', []],
    ['@ab is too short, @abc is fine', ['abc']],
    ['@ada @ADA twice', ['ada']],
    ['(@wrapped), @end.', ['wrapped', 'end']],
  ])('%p → %p', (text, expected) => {
    expect(extractMentions(text)).toEqual(expected);
  });
});
