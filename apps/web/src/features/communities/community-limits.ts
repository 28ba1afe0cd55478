import type { CommunityCategory } from '@wave/contracts';

/**
 * The categories and limits of communities, as `libs/contracts`
 * (community.contract.ts) states them. Mirrored here because a runtime import
 * of the contracts would bundle zod and every schema into the client;
 * community-limits.spec.ts fails if they drift.
 */

export const COMMUNITY_CATEGORIES = [
  'Technology',
  'Gaming',
  'Art & Design',
  'Music',
  'Sports',
  'Science',
  'Books',
  'Cooking',
  'Travel',
  'Business',
  'Health & Fitness',
] as const satisfies readonly CommunityCategory[];

export const isCommunityCategory = (value: string): value is CommunityCategory =>
  (COMMUNITY_CATEGORIES as readonly string[]).includes(value);

/** The list screen's filter: every category, or one (spec part 2, section 2). */
export const ALL_CATEGORIES = 'All';
export type CategoryFilter = typeof ALL_CATEGORIES | CommunityCategory;
export const CATEGORY_FILTERS: readonly CategoryFilter[] = [
  ALL_CATEGORIES,
  ...COMMUNITY_CATEGORIES,
];

/** What the list call sends as `category`: the lowercase name, nothing for All. */
export const categoryParam = (filter: CategoryFilter): string | null =>
  filter === ALL_CATEGORIES ? null : filter.toLowerCase();

export const COMMUNITY_NAME_MIN_LENGTH = 3;
export const COMMUNITY_NAME_MAX_LENGTH = 50;
export const COMMUNITY_DESCRIPTION_MAX_LENGTH = 500;
export const COMMUNITY_MAX_RULES = 10;
export const COMMUNITY_RULE_MAX_LENGTH = 200;
export const COMMUNITY_POST_MAX_LENGTH = 2000;
/** A post's images, each uploaded first and sent as its object path. */
export const COMMUNITY_POST_MAX_MEDIA = 4;
export const COMMUNITY_COMMENT_MAX_LENGTH = 1000;
export const COMMUNITY_SEARCH_MAX_LENGTH = 100;

/** A text's length in code points, so an emoji counts once (as the server counts). */
export const textLength = (value: string): number => [...value].length;

/** Whether a post or comment may be sent: non-blank after trimming, within the limit. */
export const canSubmitText = (content: string, max: number): boolean => {
  const trimmed = content.trim();
  return trimmed.length > 0 && textLength(trimmed) <= max;
};

/** The rules typed one per line: trimmed, blank lines dropped. */
export const parseRules = (text: string): string[] =>
  text
    .split('\n')
    .map((rule) => rule.trim())
    .filter((rule) => rule.length > 0);
