import { TWEET_MAX_LENGTH, tweetLength } from './post-limits';

/** A post's length against the limit, counted in code points (an emoji counts once). */
export interface PostLength {
  length: number;
  max: number;
  remaining: number;
  isOverLimit: boolean;
}

export function postLength(content: string, max: number = TWEET_MAX_LENGTH): PostLength {
  const length = tweetLength(content);
  return { length, max, remaining: max - length, isOverLimit: length > max };
}

/**
 * Whether a post may be sent (spec part 1, section 5): the text is not blank
 * after trimming (unless images are attached and text is optional), and at
 * most the limit.
 */
export function canSubmitPost({
  content,
  imageCount = 0,
  textRequired,
  max = TWEET_MAX_LENGTH,
}: {
  content: string;
  imageCount?: number;
  textRequired: boolean;
  max?: number;
}): boolean {
  if (postLength(content.trim(), max).isOverLimit) return false;
  const hasText = content.trim().length > 0;
  return textRequired ? hasText : hasText || imageCount > 0;
}
