import { useEffect, useRef } from 'react';
import { useNearViewport } from './use-near-viewport';

/** Starts loading the next page this far before the end of the list comes into view. */
const ROOT_MARGIN = '400px 0px';

/**
 * Infinite scroll: a sentinel element after the list asks for the next page
 * when it comes near the viewport, and again after each page while it stays near
 * (short pages). Answers the ref for that element. Browsers without
 * IntersectionObserver (and keyboard users) have the "Load more" button.
 */
export function useLoadMoreOnScroll({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError = false,
  fetchNextPage,
  pageCount,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** After a failed page, only the button tries again (no retry loop while in view). */
  isFetchNextPageError?: boolean;
  fetchNextPage: () => unknown;
  /** Pages loaded so far: each new one is a reason to look again. */
  pageCount: number;
}): (element: HTMLElement | null) => void {
  const [sentinel, near] = useNearViewport(ROOT_MARGIN, false);
  // The latest function, without making each new one a reason to ask again.
  const fetchNext = useRef(fetchNextPage);
  useEffect(() => {
    fetchNext.current = fetchNextPage;
  }, [fetchNextPage]);

  useEffect(() => {
    if (near && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNext.current();
    }
  }, [near, hasNextPage, isFetchingNextPage, isFetchNextPageError, pageCount]);

  return sentinel;
}
