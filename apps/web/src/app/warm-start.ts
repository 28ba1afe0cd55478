import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { userKeys } from '../features/auth/api/current-user';
import { feedPath } from '../features/tweets/api/get-feed';
import { preloadFirstImages } from '../features/tweets/post-images';
import { api } from '../lib/api-client';
import { MEMBER_HINT_COOKIE } from './member-home';

/** As long as a session can last without a visit (30 days). */
const MEMBER_HINT_MAX_AGE_S = 30 * 24 * 60 * 60;

export const readMemberHint = (): boolean =>
  document.cookie.split(';').some((part) => part.trim() === `${MEMBER_HINT_COOKIE}=1`);

const writeMemberHint = (member: boolean): void => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = member
    ? `${MEMBER_HINT_COOKIE}=1; Path=/; Max-Age=${MEMBER_HINT_MAX_AGE_S}; SameSite=Lax${secure}`
    : `${MEMBER_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
};

/** The current user's query as the cache names it (TanStack's hash of a key of strings). */
const CURRENT_USER_HASH = JSON.stringify(userKeys.current);

/**
 * Keeps the hint in step with who the reader is: every time the current user is known (read,
 * signed in, signed up, signed out), whether it is a member is remembered for the next visit.
 * Answers the function that stops listening.
 */
export function rememberMember(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== CURRENT_USER_HASH) return;
    const member = Boolean(event.query.state.data);
    if (member !== readMemberHint()) writeMemberHint(member);
  });
}

/**
 * A member opening the home page waits for three things one after the other: who they are
 * (GET /api/user), the home page's code, then their feed. When this browser's last reader was
 * a member, the three start together: index.html's inline script asked for the reads and the
 * code while the entry was still loading (vite-plugins/member-home-preload.plugin.ts); here they
 * are taken over (lib/api-client.ts, or asked for now when the script did not run), and the
 * page's own reads take the answers (lib/warm-reads.ts) instead of asking again. When the hint
 * was wrong (the session ended), the feed read ahead is never taken and is dropped: a visitor
 * gets the landing page as before.
 */
export function warmStart(pathname: string, preloadHomePage: () => Promise<void>): void {
  if (pathname !== paths.home.getHref() || !readMemberHint()) return;
  void api.warm(userKeys.current[0]);
  // The first posts' images are asked for as soon as the feed is here, not when drawn.
  api.warm(feedPath()).then(preloadFirstImages, () => undefined);
  // Its files were asked for by index.html already (vite-plugins/member-home-preload.plugin.ts).
  preloadHomePage().catch(() => undefined);
}
