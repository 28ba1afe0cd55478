import type { SearchResult } from '@wave/contracts';
import { formatCount } from '../../lib/format-count';
import { POST_PREVIEW_LENGTH } from './search-limits';

/**
 * A post result's text: its first 60 characters, and '...' when there is more
 * (spec part 1, section 5). Counted in code points, so an emoji is never cut in half.
 */
export function postPreview(content: string, length = POST_PREVIEW_LENGTH): string {
  const characters = [...content];
  return characters.length > length ? `${characters.slice(0, length).join('')}...` : content;
}

/** '1 post', '12 posts', '1.2K posts': a hashtag's or a trend's count. */
export const postCountLabel = (count: number): string =>
  `${formatCount(count)} ${count === 1 ? 'post' : 'posts'}`;

/** A user's or an author's name: the display name, else the username. */
export const resultName = (result: Pick<SearchResult, 'displayName' | 'username'>): string =>
  result.displayName || result.username || 'Unknown';

/** A hashtag result as it reads: '#tag' (the server's text, else the tag itself). */
export const hashtagText = (result: Pick<SearchResult, 'id' | 'content'>): string =>
  result.content || `#${result.id}`;

/** A result's identity in a list (ids of different kinds may coincide). */
export const resultKey = (result: Pick<SearchResult, 'type' | 'id'>): string =>
  `${result.type}:${result.id}`;
