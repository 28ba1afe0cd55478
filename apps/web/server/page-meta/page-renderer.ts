import type {
  CommunityDetailResponse,
  CommunityPostResponse,
  TweetResponse,
  UserResponse,
} from '@wave/contracts';
import type { AppShell } from './app-shell.ts';
import type { GatewayRead, Lookup } from './gateway-reader.ts';
import type { PageHead } from './page-head.ts';
import { renderPageHead } from './page-head.ts';
import {
  communityHead,
  communityPostHead,
  postHead,
  privateCommunityHead,
  privateCommunityPostHead,
  profileHead,
} from './page-heads.ts';
import type { PageRoute } from './page-routes.ts';
import { isWellFormed, matchPageRoute } from './page-routes.ts';

/** A page as the web server sends it. */
export interface RenderedPage {
  status: 200 | 404 | 503;
  headers: Record<string, string>;
  html: string;
}

/** Given a path and the reader's address chain; null for a path that is none of these pages. */
export type PageRenderer = (
  pathname: string,
  forwardedFor?: string,
) => Promise<RenderedPage | null>;

export interface PageRendererOptions {
  shell: AppShell;
  read: GatewayRead;
  /** The site's public origin (`https://wave.example`): every URL in the markup is on it. */
  publicOrigin: string;
  /** Told why a page went out without its markup (the gateway down, slow or failing). */
  onUnavailable?: (pathname: string, reason: string) => void;
}

/**
 * Visitors and crawlers get the same page; it changes when the post or profile does, so
 * shared caches may keep it a minute. A missing page stays missing as long.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=60';
/** A page that could not be described is never kept: the next request tries again. */
export const UNAVAILABLE_CACHE_CONTROL = 'no-store';
/** What a crawler is asked to wait before trying a page that could not be described. */
export const RETRY_AFTER_SECONDS = 30;

type Described =
  | { outcome: 'described'; head: PageHead }
  | Exclude<Lookup<never>, { outcome: 'found' | 'hidden' }>;

/** What the gateway says of a route's page, as a head, or why there is none. */
async function describe(
  route: PageRoute,
  read: GatewayRead,
  origin: string,
  forwardedFor: string | undefined,
): Promise<Described> {
  switch (route.kind) {
    case 'post': {
      const post = await read<TweetResponse>(`/api/tweets/${route.postId}`, forwardedFor);
      if (post.outcome === 'found')
        return { outcome: 'described', head: postHead(post.value, origin) };
      return post.outcome === 'hidden' ? { outcome: 'missing' } : post;
    }
    case 'profile': {
      const user = await read<UserResponse>(
        `/api/users/${encodeURIComponent(route.userIdentifier)}`,
        forwardedFor,
      );
      if (user.outcome === 'found')
        return { outcome: 'described', head: profileHead(user.value, origin) };
      return user.outcome === 'hidden' ? { outcome: 'missing' } : user;
    }
    case 'community': {
      const community = await read<CommunityDetailResponse>(
        `/api/communities/${route.communityId}`,
        forwardedFor,
      );
      if (community.outcome === 'found') {
        return { outcome: 'described', head: communityHead(community.value, origin) };
      }
      if (community.outcome === 'hidden') {
        return { outcome: 'described', head: privateCommunityHead(origin, route.communityId) };
      }
      return community;
    }
    case 'community-post': {
      // A visitor is given only the posts of public communities (403 for the others).
      const post = await read<CommunityPostResponse>(`/api/posts/${route.postId}`, forwardedFor);
      if (post.outcome === 'found') {
        return { outcome: 'described', head: communityPostHead(post.value, origin) };
      }
      if (post.outcome === 'hidden') {
        return {
          outcome: 'described',
          head: privateCommunityPostHead(origin, route.communityId, route.postId),
        };
      }
      return post;
    }
  }
}

const HTML = 'text/html; charset=utf-8';

/**
 * The one renderer of both web servers (`vite preview` through its plugin, and the Node server
 * beside nginx in production): for a public page, index.html with the page's own head; for a
 * missing one, index.html as built with 404 (the app then shows its own 'not found'); when the
 * gateway cannot answer, index.html as built with 503 and Retry-After, so a crawler comes back
 * rather than indexing a page without its title. Never throws.
 */
export function createPageRenderer({
  shell,
  read,
  publicOrigin,
  onUnavailable,
}: PageRendererOptions): PageRenderer {
  const notFound = (): RenderedPage => ({
    status: 404,
    headers: { 'content-type': HTML, 'cache-control': PAGE_CACHE_CONTROL },
    html: shell.html,
  });
  const unavailable = (pathname: string, reason: string): RenderedPage => {
    onUnavailable?.(pathname, reason);
    return {
      status: 503,
      headers: {
        'content-type': HTML,
        'cache-control': UNAVAILABLE_CACHE_CONTROL,
        'retry-after': String(RETRY_AFTER_SECONDS),
      },
      html: shell.html,
    };
  };

  return async (pathname, forwardedFor) => {
    const route = matchPageRoute(pathname);
    if (route === null) return null;
    if (!isWellFormed(route)) return notFound();
    try {
      const described = await describe(route, read, publicOrigin, forwardedFor);
      switch (described.outcome) {
        case 'described':
          return {
            status: 200,
            headers: { 'content-type': HTML, 'cache-control': PAGE_CACHE_CONTROL },
            html: shell.withHead(renderPageHead(described.head)),
          };
        case 'missing':
          return notFound();
        case 'unavailable':
          return unavailable(pathname, described.reason);
      }
    } catch (error) {
      // An answer of an unexpected shape: the page goes out as the plain shell.
      return unavailable(pathname, error instanceof Error ? error.message : String(error));
    }
  };
}
