/**
 * The public pages the web server renders head markup for (README, "Pages for crawlers and
 * link unfurlers"): the client routes /tweet/:id, /profile/:userIdentifier,
 * /community/:communityId and /community/:communityId/post/:postId. nginx hands exactly these
 * paths to the renderer (apps/web/nginx/default.conf.template; a test keeps the two equal).
 */
export type PageRoute =
  | { kind: 'post'; postId: string }
  | { kind: 'profile'; userIdentifier: string }
  | { kind: 'community'; communityId: string }
  | { kind: 'community-post'; communityId: string; postId: string };

/** Identifiers are UUIDs (libs/contracts, `isUuid`; a test keeps the two equal). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Usernames (libs/contracts, `USERNAME_PATTERN`; a test keeps the two equal). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;

const SEGMENT = '([^/]+)';
/** One optional trailing slash, as the client's router allows. */
const END = '/?$';

const ROUTES: ReadonlyArray<{
  pattern: RegExp;
  route: (segments: string[]) => PageRoute;
}> = [
  {
    pattern: new RegExp(`^/tweet/${SEGMENT}${END}`),
    route: ([postId = '']) => ({ kind: 'post', postId }),
  },
  {
    pattern: new RegExp(`^/profile/${SEGMENT}${END}`),
    route: ([userIdentifier = '']) => ({ kind: 'profile', userIdentifier }),
  },
  {
    pattern: new RegExp(`^/community/${SEGMENT}${END}`),
    route: ([communityId = '']) => ({ kind: 'community', communityId }),
  },
  {
    pattern: new RegExp(`^/community/${SEGMENT}/post/${SEGMENT}${END}`),
    route: ([communityId = '', postId = '']) => ({ kind: 'community-post', communityId, postId }),
  },
];

/** A path segment as the router sees it; one that cannot be decoded names nothing. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The page a path names, or null when it is not one of these pages (the app's other routes,
 * files). A segment that cannot be decoded gives an empty identifier, which names nothing.
 */
export function matchPageRoute(pathname: string): PageRoute | null {
  for (const { pattern, route } of ROUTES) {
    const match = pattern.exec(pathname);
    if (match) return route(match.slice(1).map((segment) => decodeSegment(segment) ?? ''));
  }
  return null;
}

/**
 * Whether the identifiers of a route can name anything: UUIDs, and a username or a UUID for
 * a profile. Checked before any call, so a path never reaches the gateway as anything but
 * one well-formed segment (no `..`, no `?`).
 */
export function isWellFormed(route: PageRoute): boolean {
  switch (route.kind) {
    case 'post':
      return UUID_PATTERN.test(route.postId);
    case 'profile':
      return UUID_PATTERN.test(route.userIdentifier) || USERNAME_PATTERN.test(route.userIdentifier);
    case 'community':
      return UUID_PATTERN.test(route.communityId);
    case 'community-post':
      return UUID_PATTERN.test(route.communityId) && UUID_PATTERN.test(route.postId);
  }
}
