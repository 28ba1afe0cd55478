import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../lib/api-client';

/** Page views are sent 1 s after each route change (spec section 4). */
export const PAGE_VIEW_DELAY_MS = 1_000;

/**
 * POST /api/seo/track with the page's path and query (`/tweet/1?ref=x`: a path on this site,
 * as the contract takes it, never the full address) and the user agent; failures are only
 * logged.
 */
export function usePageViewTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => {
      api
        .post('/api/seo/track', { url: `${pathname}${search}`, userAgent: navigator.userAgent })
        .catch((error: unknown) => console.debug('Page view not tracked', error));
    }, PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, search]);
}
