import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CommunitySummary, Page } from '@wave/contracts';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { useLoadMoreOnScroll } from '../../../hooks/use-load-more';
import { pagedItems } from '../../../lib/paged-data';
import { MESSAGES } from '../messages';
import { CommunityCard } from './community-card';
import { CommunityCardSkeletons } from './community-skeletons';

/**
 * Communities over cursor pages: skeleton cards while the first page loads,
 * an empty text, infinite scroll (a sentinel) and a "Load more" button for
 * keyboards and browsers without IntersectionObserver. With `limit`, only the
 * first communities show, ranked, and no more are loaded (Trending).
 */
export function CommunityList({
  query,
  label,
  emptyTitle,
  emptyHint,
  limit,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<CommunitySummary>>>;
  label: string;
  emptyTitle: string;
  emptyHint?: string;
  limit?: number;
}) {
  const {
    data,
    isPending,
    isError,
    isPlaceholderData,
    refetch,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  } = query;
  const canLoadMore = limit === undefined && hasNextPage;
  const sentinel = useLoadMoreOnScroll({
    hasNextPage: canLoadMore,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    pageCount: data?.pages.length ?? 0,
  });
  const communities = useMemo(() => {
    const seen = new Set<string>();
    const unique = pagedItems(data).filter((community) => {
      if (seen.has(community.id)) return false;
      seen.add(community.id);
      return true;
    });
    return limit === undefined ? unique : unique.slice(0, limit);
  }, [data, limit]);

  if (isPending) return <CommunityCardSkeletons />;
  if (isError && !data) {
    return (
      <div className="grid justify-items-center gap-3 p-8 text-center" role="alert">
        <p className="text-muted-foreground">{MESSAGES.listLoadFailed}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (communities.length === 0) {
    return (
      <div className="grid justify-items-center gap-1 px-6 py-12 text-center">
        <p className="font-semibold">{emptyTitle}</p>
        {emptyHint ? <p className="text-sm text-muted-foreground">{emptyHint}</p> : null}
      </div>
    );
  }
  return (
    <section
      aria-label={label}
      aria-busy={isFetchingNextPage || isPlaceholderData}
      className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
    >
      {communities.map((community, index) => (
        <CommunityCard
          key={community.id}
          community={community}
          rank={limit === undefined ? undefined : index + 1}
        />
      ))}
      {canLoadMore ? (
        <div ref={sentinel} className="grid justify-items-center gap-2 p-4">
          {isFetchNextPageError ? (
            <p role="alert" className="text-sm text-muted-foreground">
              Failed to load more communities.
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
