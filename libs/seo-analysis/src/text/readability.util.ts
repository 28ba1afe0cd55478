import { flesch } from 'flesch';
import { SyllableCounter } from './syllable-count.util';
import { sentenceCount, words } from './words.util';

/** What the Flesch formula needs from a text. */
export interface TextCounts {
  words: number;
  sentences: number;
  syllables: number;
}

/** Counts the words, sentences and syllables of blocks of running text (paragraphs, list items). */
export function textCounts(blocks: readonly string[]): TextCounts {
  const syllableCounter = new SyllableCounter();
  const counts: TextCounts = { words: 0, sentences: 0, syllables: 0 };
  for (const block of blocks) {
    const blockWords = words(block);
    if (blockWords.length === 0) continue;
    counts.words += blockWords.length;
    counts.sentences += Math.max(1, sentenceCount(block));
    for (const word of blockWords) counts.syllables += syllableCounter.count(word);
  }
  return counts;
}

/**
 * Flesch reading ease (1948) of English text: 206.835 − 1.015 × words per sentence − 84.6 ×
 * syllables per word, unclamped (120 for two one-syllable words a sentence, negative for very hard
 * text); null when there is no word to measure.
 */
export function fleschReadingEase(counts: TextCounts): number | null {
  if (counts.words === 0) return null;
  return flesch({ word: counts.words, sentence: counts.sentences, syllable: counts.syllables });
}

/** The reading ease as the analysis reports it: clamped to 0–100, one decimal; 0 without text. */
export function readingEaseScore(counts: TextCounts): number {
  const ease = fleschReadingEase(counts);
  if (ease === null || !Number.isFinite(ease)) return 0;
  return Math.round(Math.min(100, Math.max(0, ease)) * 10) / 10;
}
