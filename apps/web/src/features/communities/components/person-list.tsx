import type { ReactNode, RefObject } from 'react';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import type { PagedData } from '../../../lib/paged-data';
import { pagedItems } from '../../../lib/paged-data';
import { PersonRowSkeletons } from '../../../components/person-row-skeletons';
import { ListMessage } from './list-message';
import { LoadMoreFooter } from '../../../components/load-more-footer';

/** The paged query behind a management list (its members, its requests to join). */
interface PersonListQuery<T> {
  data: PagedData<T> | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** Once each: a person can come again on a later page after the list moved. */
function uniqueByUser<T extends { user: { id: string } }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.user.id)) return false;
    seen.add(item.user.id);
    return true;
  });
}

/**
 * A management list of people, page after page: skeletons while it loads, a
 * failure with Try again, a message when it is empty, else a row each (once
 * each) with "Load more" at its end, then what goes with the rows.
 */
export function PersonList<T extends { user: { id: string } }>({
  query,
  listRef,
  label,
  loadingLabel,
  loadFailed,
  empty,
  emptyHint,
  loadMoreFailed,
  renderRow,
  children,
}: {
  query: PersonListQuery<T>;
  /** The list, where focus goes when a row leaves it. */
  listRef: RefObject<HTMLUListElement | null>;
  label: string;
  loadingLabel: string;
  loadFailed: string;
  empty: string;
  emptyHint?: string;
  loadMoreFailed: string;
  renderRow: (item: T) => ReactNode;
  /** Shown with the rows only, after them (a confirmation). */
  children?: ReactNode;
}) {
  const items = useMemo(() => uniqueByUser(pagedItems(query.data)), [query.data]);

  if (query.isPending) return <PersonRowSkeletons label={loadingLabel} />;
  if (query.isError && !query.data) {
    return (
      <ListMessage
        alert
        title={loadFailed}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (items.length === 0) return <ListMessage title={empty} hint={emptyHint} />;

  return (
    <>
      <ul ref={listRef} aria-label={label} aria-busy={query.isFetchingNextPage} tabIndex={-1}>
        {items.map((item) => renderRow(item))}
      </ul>
      <LoadMoreFooter
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
        pageCount={query.data?.pages.length ?? 0}
        failedText={loadMoreFailed}
      />
      {children}
    </>
  );
}
