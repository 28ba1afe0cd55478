import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { FeedItemResponse, Page, TweetResponse } from '@wave/contracts';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { pagedItems } from '../../../lib/paged-data';
import { useLoadMoreOnScroll } from '../../../hooks/use-load-more';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { useProgressiveCount } from '../../../hooks/use-progressive-count';
import { POSTS_SEEN_FIRST } from '../post-images';
import { TweetCard } from './tweet-card';
import { TweetSkeletons } from './tweet-skeleton';

type Item = TweetResponse | FeedItemResponse;

/** A post, or a retweet of it by someone: one entry per pair. */
const entryKey = (item: Item): string =>
  'retweetedBy' in item && item.retweetedBy ? `${item.id}:${item.retweetedBy.id}` : item.id;

/**
 * A list of posts over cursor pages: skeleton rows while the first page
 * loads, an empty text, infinite scroll (a sentinel) and a "Load more" button
 * for keyboards and browsers without IntersectionObserver.
 */
export function TweetList<T extends Item>({
  query,
  label,
  emptyText,
  emptyContent,
  showPinned,
  onDeleted,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  label: string;
  emptyText: string;
  /** Shown in place of `emptyText` when the list is empty (a new member's popular posts). */
  emptyContent?: ReactNode;
  showPinned?: boolean;
  onDeleted?: (tweet: TweetResponse) => void;
}) {
  const {
    data,
    isPending,
    isError,
    refetch,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  } = query;
  const sentinel = useLoadMoreOnScroll({
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    pageCount: data?.pages.length ?? 0,
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    return pagedItems(data).filter((item) => {
      const key = entryKey(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [data]);
  // Cards are drawn while the end of those drawn is near the viewport, a few at a time.
  const [drawnEnd, endNear] = useNearViewport();
  const drawn = useProgressiveCount(items.length, undefined, undefined, endNear);

  // The loading rows stay until the first cards are drawn (hooks/use-progressive-count.ts).
  if (isPending || (drawn === 0 && items.length > 0)) return <TweetSkeletons />;
  if (isError && !data) {
    return (
      <div className="grid justify-items-center gap-3 p-8 text-center" role="alert">
        <p className="text-muted-foreground">Failed to load posts.</p>
        <Button variant="outline" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return emptyContent ?? <p className="p-8 text-center text-muted-foreground">{emptyText}</p>;
  }
  return (
    <section aria-label={label} aria-busy={isFetchingNextPage}>
      {items.slice(0, drawn).map((item, index) => (
        <TweetCard
          key={entryKey(item)}
          tweet={item}
          imagePriority={index < POSTS_SEEN_FIRST}
          showPinned={showPinned}
          onDeleted={onDeleted}
        />
      ))}
      {drawn < items.length ? <div ref={drawnEnd} aria-hidden="true" /> : null}
      {/* The next page is asked for once this one is drawn: the sentinel sits below it. */}
      {hasNextPage && drawn === items.length ? (
        <div ref={sentinel} className="grid justify-items-center gap-2 p-4">
          {isFetchNextPageError ? (
            <p role="alert" className="text-sm text-muted-foreground">
              Failed to load more posts.
            </p>
          ) : null}
          <Button
            variant="ghost"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
