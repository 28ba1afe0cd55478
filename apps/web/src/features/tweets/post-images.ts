import type { TweetResponse } from '@wave/contracts';
import { displayImageSrc, isShowableImage } from '../../lib/object-path';

/** About the posts on screen when a list opens, on a phone as on a desktop. */
export const POSTS_SEEN_FIRST = 3;

/** The images of a post: uploaded object paths (or the single imageUrl of older clients). */
export const imagesOf = (tweet: Pick<TweetResponse, 'imageUrl' | 'imageUrls'>): string[] =>
  (tweet.imageUrls.length > 0 ? tweet.imageUrls : tweet.imageUrl ? [tweet.imageUrl] : []).filter(
    isShowableImage,
  );

const looksLikePost = (item: unknown): item is Pick<TweetResponse, 'imageUrl' | 'imageUrls'> =>
  typeof item === 'object' &&
  item !== null &&
  Array.isArray((item as { imageUrls?: unknown }).imageUrls);

/**
 * Asks for the images of a page's first posts (their `/display` variants, as the cards show
 * them) at high priority, as soon as the page's data is here and before its cards are drawn: the
 * page's largest paint is often one of them, and the cards come a few at a time. The cards'
 * `<img>` elements then find them in the browser's cache. Answers the addresses asked for.
 */
export function preloadFirstImages(page: unknown, documentRef: Document = document): string[] {
  const items = (page as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  const sources = items
    .slice(0, POSTS_SEEN_FIRST)
    .filter(looksLikePost)
    .flatMap(imagesOf)
    .map(displayImageSrc);
  for (const href of sources) {
    const link = documentRef.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.setAttribute('fetchpriority', 'high');
    link.href = href;
    documentRef.head.appendChild(link);
  }
  return sources;
}
