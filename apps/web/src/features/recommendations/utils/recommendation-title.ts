import type { Recommendation } from '@wave/contracts';
import { paths } from '../../../config/paths';

/**
 * A post recommendation's title is cut at this many characters (spec), as `libs/contracts`
 * (recommendation.contract.ts) states it. Mirrored here: a runtime import of the contracts would
 * bundle zod into the entry chunk, whose check for `eval` the Content-Security-Policy reports.
 * recommendation-title.spec.ts fails if the two drift.
 */
export const RECOMMENDATION_TITLE_MAX = 50;

/**
 * What an item is called in the widget: a person's @username, a community's name, or a post's
 * text cut at 50 characters (spec), counted in code points (an emoji counts once, as the
 * server counts a post's length), with an ellipsis.
 */
export function recommendationTitle(item: Pick<Recommendation, 'contentType' | 'content'>): string {
  if (item.contentType === 'user') return `@${item.content}`;
  if (item.contentType === 'community') return item.content;
  const text = item.content.replace(/\s+/g, ' ').trim();
  const characters = Array.from(text);
  return characters.length <= RECOMMENDATION_TITLE_MAX
    ? text
    : `${characters.slice(0, RECOMMENDATION_TITLE_MAX).join('').trimEnd()}…`;
}

/** Where choosing an item goes: the profile, the post, the community. */
export function recommendationHref(
  item: Pick<Recommendation, 'contentType' | 'content' | 'contentId'>,
): string {
  switch (item.contentType) {
    case 'user':
      return paths.profile.getHref(item.content);
    case 'post':
      return paths.tweet.getHref(item.contentId);
    case 'community':
      return paths.community.getHref(item.contentId);
  }
}
