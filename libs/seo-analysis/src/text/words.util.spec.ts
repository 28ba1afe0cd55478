import { sentenceCount, words } from './words.util';

describe(words.name, () => {
  it('keeps contractions, hyphenated words, abbreviations and figures whole, as Flesch counts them', () => {
    expect(words("Don't use full-length U.S. figures like 3.50 or 15,000 — or 7%.")).toEqual([
      "Don't",
      'use',
      'full-length',
      'U.S',
      'figures',
      'like',
      '3.50',
      'or',
      '15,000',
      'or',
      '7',
    ]);
  });

  it('reads words in any script and leaves out punctuation, symbols and markup characters', () => {
    expect(words('Café #naïve @ada_lovelace — «Zürich» <b>')).toEqual([
      'Café',
      'naïve',
      'ada',
      'lovelace',
      'Zürich',
      'b',
    ]);
  });

  it('finds no word in white space or punctuation', () => {
    expect(words('  … —— !? ')).toEqual([]);
  });
});

describe(sentenceCount.name, () => {
  it.each([
    ['Hello there. How are you? Fine!', 3],
    ['It costs $3.50 today.', 1],
    ['Bring fruit, e.g. apples and pears.', 1],
    ['Made in the U.S. by hand. Sold in the U.S. Ships today.', 3],
    ['lol. see you there. bye', 3],
    ['Mr. Smith is here.', 2],
    ['He said "Stop." Then he left.', 2],
    ['Wait… What?', 2],
    ['One clause; another: and a dash — still one sentence', 1],
    ['A line without a stop\nAnother line', 2],
    ['', 0],
    ['...', 0],
  ])('counts %p as %p', (text, expected) => {
    expect(sentenceCount(text)).toBe(expected);
  });
});
