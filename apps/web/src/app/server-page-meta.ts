import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { releaseServerPageMeta } from '../lib/page-meta';

/**
 * The web server renders the first page's title, description, links and tags for crawlers
 * (apps/web/server/page-meta); once the reader moves on to another page, they go, so the tab
 * and the head never describe a page that is no longer shown.
 */
export function useServerPageMetaRelease(): void {
  const { pathname } = useLocation();
  const [first] = useState(pathname);
  useEffect(() => {
    if (pathname !== first) releaseServerPageMeta();
  }, [pathname, first]);
}
