/**
 * What index.html's inline script (vite-plugins/member-home-preload.plugin.ts) and the app both
 * know about a returning member's home page. No imports: the Vite config reads this module.
 */

/**
 * A cookie the client sets when this browser's reader is a member, and clears when they sign
 * out (app/warm-start.ts): a hint for the next visit, not a credential (the session cookie is
 * HttpOnly and the server decides). A cookie rather than localStorage so that clearing a site's
 * cookies, which ends the session, clears the hint with it.
 */
export const MEMBER_HINT_COOKIE = 'wave_member';

/**
 * The home page's first reads, in the order the inline script starts them: who the reader is
 * (GET /api/user) and the first page of their feed (features/tweets/api/get-feed.ts, feedPath).
 * A test holds them equal to what the app asks for.
 */
export const MEMBER_HOME_READS: readonly string[] = ['/api/user', '/api/tweets?limit=20'];
