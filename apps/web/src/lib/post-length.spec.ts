import {
  INLINE_IMAGE_MAX_BYTES,
  TWEET_MAX_IMAGES as CONTRACT_MAX_IMAGES,
  TWEET_MAX_LENGTH as CONTRACT_MAX_LENGTH,
  tweetLength as contractLength,
} from '@wave/contracts';
import { canSubmitPost, postLength } from './post-length';
import { IMAGE_MAX_BYTES, TWEET_MAX_IMAGES, TWEET_MAX_LENGTH, tweetLength } from './post-limits';

describe('post limits', () => {
  it('match the contracts', () => {
    expect(TWEET_MAX_LENGTH).toBe(CONTRACT_MAX_LENGTH);
    expect(TWEET_MAX_IMAGES).toBe(CONTRACT_MAX_IMAGES);
    expect(IMAGE_MAX_BYTES).toBe(INLINE_IMAGE_MAX_BYTES);
    for (const text of ['', 'abc', '👋🏽 wave', '𝒳'.repeat(10), 'é'.normalize('NFD')]) {
      expect(tweetLength(text)).toBe(contractLength(text));
    }
  });
});

describe('postLength (the 280 counter)', () => {
  it('counts code points: an emoji counts once', () => {
    expect(postLength('hello').length).toBe(5);
    expect(postLength('🌊').length).toBe(1);
    expect(postLength('🌊'.repeat(280))).toMatchObject({ length: 280, isOverLimit: false });
  });

  it('is over the limit from 281', () => {
    expect(postLength('a'.repeat(280))).toEqual({
      length: 280,
      max: 280,
      remaining: 0,
      isOverLimit: false,
    });
    expect(postLength('a'.repeat(281))).toEqual({
      length: 281,
      max: 280,
      remaining: -1,
      isOverLimit: true,
    });
    expect(postLength('🌊'.repeat(281)).isOverLimit).toBe(true);
  });
});

describe('canSubmitPost', () => {
  it('needs non-blank text when text is required (the modal, replies, edits)', () => {
    expect(canSubmitPost({ content: '', textRequired: true })).toBe(false);
    expect(canSubmitPost({ content: '  \n ', textRequired: true })).toBe(false);
    expect(canSubmitPost({ content: '', imageCount: 2, textRequired: true })).toBe(false);
    expect(canSubmitPost({ content: ' hi ', textRequired: true })).toBe(true);
  });

  it('allows an image alone when text is optional (the inline composer)', () => {
    expect(canSubmitPost({ content: ' ', textRequired: false })).toBe(false);
    expect(canSubmitPost({ content: ' ', imageCount: 1, textRequired: false })).toBe(true);
  });

  it('refuses more than 280 characters, counting the trimmed text', () => {
    expect(canSubmitPost({ content: 'a'.repeat(281), textRequired: true })).toBe(false);
    expect(canSubmitPost({ content: ` ${'a'.repeat(280)} `, textRequired: true })).toBe(true);
  });
});
