import type { CommunityDetailResponse, CommunityPostResponse } from '@wave/contracts';
import { Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useLoadMoreOnScroll } from '../../../hooks/use-load-more';
import { pagedItems } from '../../../lib/paged-data';
import { isMemberOf } from '../api/community-cache';
import { useCommunityPosts } from '../api/get-community-posts';
import { MESSAGES } from '../messages';
import { CommunityPostCard } from './community-post-card';
import { PostSkeletons } from './community-skeletons';

/** Once each: a post can be on the first page and, after new posts, on a later one. */
function uniquePosts(posts: CommunityPostResponse[]): CommunityPostResponse[] {
  const seen = new Set<string>();
  return posts.filter((post) => {
    if (seen.has(post.id)) return false;
    seen.add(post.id);
    return true;
  });
}

/** What a reader outside a private community sees instead of its posts. */
function PrivateNotice({ pending }: { pending: boolean }) {
  return (
    <div className="grid justify-items-center gap-2 px-6 py-12 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-muted">
        <Lock className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
      </span>
      <p className="font-semibold">{MESSAGES.privateTitle}</p>
      <p className="text-sm text-muted-foreground">
        {pending ? MESSAGES.privatePending : MESSAGES.privateJoin}
      </p>
    </div>
  );
}

/**
 * The community's posts: the first page (with the community), then more from
 * its cursor as the reader scrolls or asks; the empty text (with an
 * invitation for members); or, for a private community the reader is not in,
 * a notice instead.
 */
export function CommunityFeed({ community }: { community: CommunityDetailResponse }) {
  const [wantsMore, setWantsMore] = useState(false);
  const more = useCommunityPosts(community.id, community.postsNextCursor, wantsMore);
  const started = wantsMore && community.postsNextCursor !== null;
  const failed = started && more.isError;
  const hasMore = started
    ? more.isPending || more.hasNextPage || failed
    : community.postsNextCursor !== null;
  const loading = started && more.isFetching;
  const loadMore = () => {
    if (!started) setWantsMore(true);
    else if (more.data === undefined) void more.refetch();
    else void more.fetchNextPage();
  };
  const sentinel = useLoadMoreOnScroll({
    hasNextPage: hasMore,
    isFetchingNextPage: loading,
    isFetchNextPageError: failed,
    fetchNextPage: loadMore,
    pageCount: (more.data?.pages.length ?? 0) + 1,
  });
  const posts = useMemo(
    () => uniquePosts([...community.posts, ...(started ? pagedItems(more.data) : [])]),
    [community.posts, more.data, started],
  );

  if (!community.canViewPosts) return <PrivateNotice pending={community.hasPendingRequest} />;
  if (posts.length === 0) {
    return (
      <div className="grid justify-items-center gap-1 px-6 py-12 text-center">
        <p className="font-semibold">{MESSAGES.noPosts}</p>
        {isMemberOf(community) ? (
          <p className="text-sm text-muted-foreground">{MESSAGES.beFirst}</p>
        ) : null}
      </div>
    );
  }
  return (
    <section aria-label="Posts" aria-busy={loading}>
      {posts.map((post) => (
        <CommunityPostCard key={post.id} post={post} opensPage />
      ))}
      {loading && more.data === undefined ? <PostSkeletons rows={2} /> : null}
      {hasMore ? (
        <div ref={sentinel} className="grid justify-items-center gap-2 p-4">
          {failed ? (
            <p role="alert" className="text-sm text-muted-foreground">
              Failed to load more posts.
            </p>
          ) : null}
          <Button variant="ghost" disabled={loading} onClick={loadMore}>
            {loading ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
