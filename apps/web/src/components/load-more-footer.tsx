import { Button } from './ui/button';
import { useLoadMoreOnScroll } from '../hooks/use-load-more';

/**
 * The end of a paged list while it has more: a sentinel that loads the next
 * page as it comes into view, and "Load more" for keyboards and browsers
 * without IntersectionObserver; a failed page says so and waits for the button.
 */
export function LoadMoreFooter({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  fetchNextPage,
  pageCount,
  failedText,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  pageCount: number;
  failedText: string;
}) {
  const sentinel = useLoadMoreOnScroll({
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    pageCount,
  });
  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="grid justify-items-center gap-2 p-4">
      {isFetchNextPageError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          {failedText}
        </p>
      ) : null}
      <Button variant="ghost" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
