/**
 * Where a post can be shared when the device has no native share sheet (spec
 * part 1, section 7, "Share targets"): a tweet intent link (text, url), a
 * sharer link (u) and a messaging link (text). They open in new windows.
 */
export interface ShareData {
  title: string;
  text: string;
  url: string;
}

export interface ShareTargets {
  tweetIntent: string;
  sharer: string;
  messaging: string;
}

export function shareTargets({ text, url }: Pick<ShareData, 'text' | 'url'>): ShareTargets {
  const tweetIntent = new URL('https://twitter.com/intent/tweet');
  tweetIntent.searchParams.set('text', text);
  tweetIntent.searchParams.set('url', url);
  const sharer = new URL('https://www.facebook.com/sharer/sharer.php');
  sharer.searchParams.set('u', url);
  const messaging = new URL('https://wa.me/');
  messaging.searchParams.set('text', text ? `${text} ${url}` : url);
  return { tweetIntent: tweetIntent.href, sharer: sharer.href, messaging: messaging.href };
}

/** Whether this browser has the native share sheet. */
export const canShareNatively = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** A user closing the share sheet: not an error worth reporting. */
export const isShareCancel = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

/** The text of a shared post: its first characters (code points), with an ellipsis if cut. */
export function shareText(content: string, max = 100): string {
  const points = [...content.trim()];
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : points.join('');
}
