/**
 * CSRF defence for cookie sessions: a state-changing request from a browser
 * must come from our own origin or an allowed one. Browsers send Origin on every
 * cross-origin (and same-origin POST) request, and Sec-Fetch-Site on modern
 * ones; requests with neither come from non-browser clients, which cannot ride
 * a victim's cookies.
 */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfInput {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** The gateway's own origin as the browser sees it (scheme://host[:port]). */
  ownOrigin: string;
  allowedOrigins: readonly string[];
}

export function isCrossSiteRequestAllowed(input: CsrfInput): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return true;
  if (input.origin !== undefined) {
    const origin = input.origin.toLowerCase();
    if (origin === 'null') return false;
    return (
      origin === input.ownOrigin.toLowerCase() ||
      input.allowedOrigins.some((allowed) => allowed.toLowerCase() === origin)
    );
  }
  if (input.secFetchSite !== undefined) return input.secFetchSite.toLowerCase() !== 'cross-site';
  return true;
}
