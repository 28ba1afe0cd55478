import { useCallback, useEffect, useRef } from 'react';

/** Starts loading the next page this far before the end of the list comes into view. */
const ROOT_MARGIN = '400px 0px';

/**
 * Infinite scroll: a sentinel element after the list asks for the next page
 * when it comes into view, and again after each page while it stays in view
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
  const observer = useRef<IntersectionObserver | null>(null);
  const visible = useRef(false);
  const state = useRef({ hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage });

  const loadIfWanted = useCallback(() => {
    const {
      hasNextPage: more,
      isFetchingNextPage: busy,
      isFetchNextPageError: failed,
    } = state.current;
    if (visible.current && more && !busy && !failed) void state.current.fetchNextPage();
  }, []);

  useEffect(() => {
    state.current = { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage };
    loadIfWanted();
  }, [
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    pageCount,
    loadIfWanted,
  ]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      visible.current = false;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          visible.current = entries.some((entry) => entry.isIntersecting);
          loadIfWanted();
        },
        { rootMargin: ROOT_MARGIN },
      );
      observer.current.observe(element);
    },
    [loadIfWanted],
  );
}
