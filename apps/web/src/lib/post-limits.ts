/**
 * The limits of a post, as `libs/contracts` (tweet.contract.ts) states them.
 * Mirrored here because a runtime import of the contracts would bundle zod
 * and every schema into the client; post-limits.spec.ts fails if they drift.
 */
export const TWEET_MAX_LENGTH = 280;
export const TWEET_MAX_IMAGES = 4;
/** An image may be this large (inline data URL, or an upload): 25 MB. */
export const IMAGE_MAX_BYTES = 25 * 1024 * 1024;

/** A post's length in code points, so an emoji counts once (as the server counts). */
export const tweetLength = (content: string): number => [...content].length;
