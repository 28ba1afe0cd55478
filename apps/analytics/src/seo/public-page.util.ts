/** The public pages Auto-SEO analyses: a post, a profile, a community. */
export const PUBLIC_PAGE_KINDS = ['post', 'profile', 'community'] as const;
export type PublicPageKind = (typeof PUBLIC_PAGE_KINDS)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * The web client's routes of those pages: a profile by username (1 to 50 word characters) or
 * by id (its canonical address, the one sitemaps and other screens link).
 */
const PAGES: ReadonlyArray<readonly [PublicPageKind, RegExp]> = [
  ['post', new RegExp(`^/tweet/(${UUID})$`, 'i')],
  ['profile', new RegExp(`^/profile/(\\w{1,50}|${UUID})$`, 'i')],
  ['community', new RegExp(`^/community/(${UUID})$`, 'i')],
];

/** The kind of public page a viewed path is, or null (the home feed, settings, a post's thread…). */
export function publicPageKindOf(path: string): PublicPageKind | null {
  return PAGES.find(([, pattern]) => pattern.test(path))?.[0] ?? null;
}

/** The path of a post's page, as the web client links it. */
export const postPagePath = (postId: string): string => `/tweet/${postId.toLowerCase()}`;

/** The path of a profile's page, by id or username. */
export const profilePagePath = (idOrUsername: string): string => `/profile/${idOrUsername}`;

/** The path of a community's page. */
export const communityPagePath = (communityId: string): string =>
  `/community/${communityId.toLowerCase()}`;
