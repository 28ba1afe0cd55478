import { fleschReadingEase, readingEaseScore, textCounts } from './readability.util';

/**
 * Worked examples with published Flesch reading ease scores, from Wikipedia's article
 * "Flesch–Kincaid readability tests" (section "Flesch reading ease", revision of 30 November
 * 2023). The quotations are the article's; the two long sentences are its footnotes' text of
 * Moby-Dick (Melville, 1851, chapter 64) and Swann's Way (Proust, tr. Scott Moncrieff, 1922).
 */
const CAT = 'The cat sat on the mat.';
const POINT =
  'This sentence, taken as a reading passage unto itself, is being used to prove a point.';
const PLATYPUS =
  'The Australian platypus is seemingly a hybrid of a mammal and reptilian creature.';
const PANGRAM = 'Cwm fjord-bank glyphs vext quiz.';
const MOBY_DICK =
  'Though amid all the smoking horror and diabolism of a sea-fight, sharks will be seen longingly gazing up to the ship’s decks, like hungry dogs round a table where red meat is being carved, ready to bolt down every killed man that is tossed to them; and though, while the valiant butchers over the deck-table are thus cannibally carving each other’s live meat with carving-knives all gilded and tasselled, the sharks, also, with their jewel-hilted mouths, are quarrelsomely carving away under the table at the dead meat; and though, were you to turn the whole affair upside down, it would still be pretty much the same thing, that is to say, a shocking sharkish business enough for all parties; and though sharks also are the invariable outriders of all slave ships crossing the Atlantic, systematically trotting alongside, to be handy in case a parcel is to be carried anywhere, or a dead slave to be decently buried; and though one or two other like instances might be set down, touching the set terms, places, and occasions, when sharks do most socially congregate, and most hilariously feast; yet is there no conceivable time or occasion when you will find them in such countless numbers, and in gayer or more jovial spirits, than around a dead sperm whale, moored by night to a whaleship at sea.';
const SWANNS_WAY =
  'But I had seen first one and then another of the rooms in which I had slept during my life, and in the end I would revisit them all in the long course of my waking dream: rooms in winter, where on going to bed I would at once bury my head in a nest, built up out of the most diverse materials, the corner of my pillow, the top of my blankets, a piece of a shawl, the edge of my bed, and a copy of an evening paper, all of which things I would contrive, with the infinite patience of birds building their nests, to cement into one whole; rooms where, in a keen frost, I would feel the satisfaction of being shut in from the outer world (like the sea-swallow which builds at the end of a dark tunnel and is kept warm by the surrounding earth), and where, the fire keeping in all night, I would sleep wrapped up, as it were, in a great cloak of snug and savoury air, shot with the glow of the logs which would break out again in flame: in a sort of alcove without walls, a cave of warmth dug out of the heart of the room itself, a zone of heat whose boundaries were constantly shifting and altering in temperature as gusts of air ran across them to strike freshly upon my face, from the corners of the room, or from parts near the window or far from the fireplace which had therefore remained cold—or rooms in summer, where I would delight to feel myself a part of the warm evening, where the moonlight striking upon the half-opened shutters would throw down to the foot of my bed its enchanted ladder; where I would fall asleep, as it might be in the open air, like a titmouse which the breeze keeps poised in the focus of a sunbeam—or sometimes the Louis XVI room, so cheerful that I could never feel really unhappy, even on my first night in it: that room where the slender columns which lightly supported its ceiling would part, ever so gracefully, to indicate where the bed was and to keep it separate; sometimes again that little room with the high ceiling, hollowed in the form of a pyramid out of two separate storeys, and partly walled with mahogany, in which from the first moment my mind was drugged by the unfamiliar scent of flowering grasses, convinced of the hostility of the violet curtains and of the insolent indifference of a clock that chattered on at the top of its voice as though I were not there; while a strange and pitiless mirror with square feet, which stood across one corner of the room, cleared for itself a site I had not looked to find tenanted in the quiet surroundings of my normal field of vision: that room in which my mind, forcing itself for hours on end to leave its moorings, to elongate itself upwards so as to take on the exact shape of the room, and to reach to the summit of that monstrous funnel, had passed so many anxious nights while my body lay stretched out in bed, my eyes staring upwards, my ears straining, my nostrils sniffing uneasily, and my heart beating; until custom had changed the colour of the curtains, made the clock keep quiet, brought an expression of pity to the cruel, slanting face of the glass, disguised or even completely dispelled the scent of flowering grasses, and distinctly reduced the apparent loftiness of the ceiling.';

const easeOf = (text: string): number => fleschReadingEase(textCounts([text])) ?? Number.NaN;

describe(fleschReadingEase.name, () => {
  it('gives the published score from the published counts (24 syllables, 13 words: 37.5)', () => {
    expect(fleschReadingEase({ words: 13, sentences: 1, syllables: 24 })).toBeCloseTo(37.5, 1);
  });

  // The short sentences are pinned to the published figure, to its precision: each syllable
  // counted differently would move them by 5 to 17 points, so these pin the counting too.
  it.each([
    [CAT, 116],
    [POINT, 69],
    [PANGRAM, 100],
  ])('scores %p %p, as published', (text, published) => {
    expect(Math.round(easeOf(text))).toBe(published);
  });

  it('scores the platypus sentence 37.5 from its 13 words and 24 syllables, as published', () => {
    expect(textCounts([PLATYPUS])).toEqual({ words: 13, sentences: 1, syllables: 24 });
    expect(easeOf(PLATYPUS)).toBeCloseTo(37.5, 1);
  });

  // The two long sentences are within 5 points of the published figure: over 224 and 599 words a
  // syllable moves them by 0.1 to 0.4 points, and counters part ways on a few (sea-fight, savoury).
  it.each([
    ['the shark sentence of Moby-Dick', MOBY_DICK, -146.77],
    ["the first long sentence of Swann's Way", SWANNS_WAY, -515.1],
  ])('scores %s within 5 points of the published %p', (_name, text, published) => {
    expect(Math.abs(easeOf(text) - published)).toBeLessThanOrEqual(5);
  });

  it('counts a hyphenated word as one word, as Flesch did (the pangram has 5 words)', () => {
    expect(textCounts([PANGRAM])).toEqual({ words: 5, sentences: 1, syllables: 6 });
  });

  it('has no score for text without words', () => {
    expect(fleschReadingEase(textCounts(['', ' … — !']))).toBeNull();
  });
});

describe(readingEaseScore.name, () => {
  it('clamps the reading ease to 0–100 with one decimal', () => {
    expect(readingEaseScore(textCounts([CAT]))).toBe(100);
    expect(readingEaseScore(textCounts([MOBY_DICK]))).toBe(0);
    expect(readingEaseScore(textCounts([PLATYPUS]))).toBe(37.5);
  });

  it('is 0 for text without words, never NaN', () => {
    expect(readingEaseScore(textCounts([]))).toBe(0);
    expect(readingEaseScore(textCounts(['...']))).toBe(0);
  });
});

describe(textCounts.name, () => {
  it('ends a sentence at the end of each block, as a list item or heading without a full stop', () => {
    expect(textCounts(['One two', 'Three four.', 'Five six? Seven!'])).toMatchObject({
      words: 7,
      sentences: 4,
    });
  });
});
