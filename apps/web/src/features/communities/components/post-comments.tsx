import type { CommunityCommentResponse } from '@wave/contracts';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useLoadMoreOnScroll } from '../../../hooks/use-load-more';
import { pagedItems } from '../../../lib/paged-data';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time';
import { usePostComments } from '../api/get-post-comments';
import { MESSAGES } from '../messages';

function CommentItem({ comment }: { comment: CommunityCommentResponse }) {
  const name = comment.author.displayName || comment.author.username;
  return (
    <li className="flex gap-2.5 py-2">
      <Avatar
        src={comment.author.profileImageUrl}
        displayName={comment.author.displayName}
        username={comment.author.username}
        size={28}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-1">
          <Link
            to={paths.profile.getHref(comment.author.username)}
            className="font-semibold hover:underline"
          >
            {name}
          </Link>
          <span className="text-muted-foreground">@{comment.author.username}</span>
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
          <time
            dateTime={comment.createdAt}
            title={formatFullTime(comment.createdAt)}
            className="text-muted-foreground"
          >
            {formatRelativeTime(comment.createdAt)}
          </time>
        </p>
        <p className="whitespace-pre-wrap break-words">{comment.content}</p>
      </div>
    </li>
  );
}

/**
 * A post's comments, oldest first, with 'Load more comments' over the cursor:
 * in the comment dialog a short scrolling box; on the post's own page the
 * whole list, loading more as the reader scrolls.
 */
export function PostComments({
  postId,
  variant = 'dialog',
}: {
  postId: string;
  variant?: 'dialog' | 'page';
}) {
  const query = usePostComments(postId);
  const comments = useMemo(() => {
    // Once each: a new comment shown at once may come again with a later page.
    const seen = new Set<string>();
    return pagedItems(query.data).filter((comment) => {
      if (seen.has(comment.id)) return false;
      seen.add(comment.id);
      return true;
    });
  }, [query.data]);
  const onPage = variant === 'page';
  const sentinel = useLoadMoreOnScroll({
    hasNextPage: onPage && query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    fetchNextPage: query.fetchNextPage,
    pageCount: query.data?.pages.length ?? 0,
  });

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading comments" className="grid gap-2 py-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <p role="alert" className="py-2 text-sm text-muted-foreground">
        Failed to load comments.{' '}
        <button
          type="button"
          className="font-semibold text-primary hover:underline"
          onClick={() => void query.refetch()}
        >
          Try again
        </button>
      </p>
    );
  } else if (comments.length === 0) {
    body = <p className="py-2 text-sm text-muted-foreground">{MESSAGES.noComments}</p>;
  } else {
    body = (
      <>
        <ul className="divide-y divide-border">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <div ref={sentinel} className="grid justify-items-center gap-1 py-2">
            {query.isFetchNextPageError ? (
              <p role="alert" className="text-sm text-muted-foreground">
                Failed to load more comments.
              </p>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading...' : MESSAGES.loadMoreComments}
            </Button>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <section
      aria-label="Comments"
      aria-busy={query.isFetching}
      className={onPage ? 'px-4' : 'max-h-56 overflow-y-auto rounded-xl border border-border px-3'}
    >
      {body}
    </section>
  );
}
