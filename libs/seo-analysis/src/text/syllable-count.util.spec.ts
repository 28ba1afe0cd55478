import { SyllableCounter } from './syllable-count.util';

describe(SyllableCounter.name, () => {
  const sut = new SyllableCounter();

  it.each([
    ['cat', 1],
    ['prove', 1],
    ['creature', 2],
    ['platypus', 3],
    ['seemingly', 3],
    ['readability', 5],
    ['Sentence', 2],
  ])('counts %p as %p syllables, as the CMU Pronouncing Dictionary says it', (word, expected) => {
    expect(sut.count(word)).toBe(expected);
  });

  it('takes the pronunciation with fewer syllables where a dictionary has two (Flesch)', () => {
    // "Australian" and "reptilian" as 3 syllables: that makes the published 24 of the platypus sentence.
    expect(sut.count('Australian')).toBe(3);
    expect(sut.count('reptilian')).toBe(3);
  });

  it('counts words the dictionary does not know by rule', () => {
    expect(sut.count('microblogging')).toBe(4);
    expect(sut.count('retweet')).toBe(2);
    expect(sut.count('unfollow')).toBe(3);
  });

  it('counts the parts of a hyphenated word, and a contraction or possessive as said', () => {
    expect(sut.count('fjord-bank')).toBe(2);
    expect(sut.count('carving-knives')).toBe(3);
    expect(sut.count('ship’s')).toBe(1);
    expect(sut.count("don't")).toBe(1);
  });

  it('counts figures and dotted abbreviations as one syllable (Flesch)', () => {
    expect(sut.count('1986')).toBe(1);
    expect(sut.count('15,000')).toBe(1);
    expect(sut.count('3.50')).toBe(1);
    expect(sut.count('U.S')).toBe(1);
    expect(sut.count('e.g')).toBe(1);
  });

  it('counts at least one syllable a word, even without a vowel', () => {
    expect(sut.count('Cwm')).toBe(1);
    expect(sut.count('hmm')).toBe(1);
  });

  it('reads words that are names of object properties as words', () => {
    expect(sut.count('constructor')).toBe(3);
    expect(sut.count('toString')).toBe(2);
    expect(sut.count('hasOwnProperty')).toBe(5);
    expect(sut.count('__proto__')).toBe(2);
  });
});
