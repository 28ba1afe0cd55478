import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { communityPostPageTitle } from '../../../lib/page-meta';
import { useAuth } from '../../auth/api/current-user';
import { ThemeToggle } from '../../theme/theme-toggle';
import { useCommunity } from '../api/get-community';
import {
  isPostInPrivateCommunity,
  isPostNotFound,
  useCommunityPost,
} from '../api/get-community-post';
import { MESSAGES } from '../messages';
import { CommentForm } from './comment-form';
import { CommunityPostCard } from './community-post-card';
import { PostSkeletons } from './community-skeletons';
import { NotFoundMessage, PageLinkMessage, PageLoadFailed } from './page-message';
import { PostComments } from './post-comments';

/**
 * The page's bar, stuck to the top: back to the post's community ('Back to
 * {name}' once its name is known) and the theme toggle at the top right.
 */
function PageHeader({
  communityId,
  communityName,
}: {
  communityId: string;
  communityName: string | null;
}) {
  return (
    <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-border bg-background/85 px-2 py-2 backdrop-blur">
      <Link
        to={paths.community.getHref(communityId)}
        className={cn(buttonVariants({ variant: 'ghost', size: 'md' }), 'min-w-0 px-3')}
      >
        <ArrowLeft className="h-5 w-5 shrink-0" aria-hidden="true" />
        <span className="truncate">{MESSAGES.backToCommunity(communityName)}</span>
      </Link>
      <div className="flex-1" />
      {/* The spec's toggle at the top right; from md the shell's sidebar has one already. */}
      <div className="shrink-0 md:hidden">
        <ThemeToggle />
      </div>
    </header>
  );
}

/**
 * A community post's own page (/community/:communityId/post/:postId, the
 * link a share copies): back to the community, the post with its like,
 * comment, share and more actions, a comment box for signed-in readers, and
 * the post's comments, oldest first. A missing post says 'Post not found'; a
 * post of a private community the reader is not in says the community is
 * private. Deleting the post goes back to its community.
 */
export default function CommunityPostPage() {
  const { communityId = '', postId = '' } = useParams();
  const navigate = useNavigate();
  const { status } = useAuth();
  const query = useCommunityPost(postId);
  // Only for its name (the way back) and whether a request to join is pending.
  const community = useCommunity(communityId);
  const field = useRef<HTMLTextAreaElement>(null);
  const communityName = community.data?.name ?? null;
  const header = <PageHeader communityId={communityId} communityName={communityName} />;

  // A 404 or 403 wins over a post still cached: it was deleted, or the reader left.
  const notFound = query.isError && isPostNotFound(query.error);
  const isPrivate = query.isError && isPostInPrivateCommunity(query.error);

  if (notFound || isPrivate || (query.isError && !query.data)) {
    let message: ReactNode;
    if (notFound) {
      message = (
        <NotFoundMessage
          title={MESSAGES.postNotFound}
          description={MESSAGES.postNotFoundDescription}
        />
      );
    } else if (isPrivate) {
      message = (
        <PageLinkMessage
          title={MESSAGES.privateTitle}
          description={
            community.data?.hasPendingRequest ? MESSAGES.privatePending : MESSAGES.privateJoin
          }
          to={paths.community.getHref(communityId)}
          linkText={MESSAGES.viewCommunity}
        />
      );
    } else {
      message = <PageLoadFailed description={MESSAGES.postLoadFailed} onRetry={query.refetch} />;
    }
    const title = notFound ? MESSAGES.postNotFound : isPrivate ? MESSAGES.privateTitle : 'Post';
    return (
      <div>
        <title>{`${title} · Wave`}</title>
        {header}
        {message}
      </div>
    );
  }

  if (!query.data) {
    return (
      <div>
        <title>Post · Wave</title>
        {header}
        <h1 className="sr-only">{MESSAGES.postTitle}</h1>
        <div role="status" aria-label="Loading post">
          <PostSkeletons rows={1} />
        </div>
      </div>
    );
  }

  const post = query.data;
  // A link with another community's id: the post's own community is the way back.
  if (post.communityId !== communityId) {
    return <Navigate to={paths.communityPost.getHref(post.communityId, post.id)} replace />;
  }

  const signedIn = status === 'authenticated';
  return (
    <div>
      <title>{communityPostPageTitle(post)}</title>
      {header}
      <h1 className="sr-only">{MESSAGES.postTitle}</h1>
      <CommunityPostCard
        post={post}
        className="hover:bg-transparent"
        onComment={
          signedIn
            ? () => {
                field.current?.scrollIntoView({ block: 'center' });
                field.current?.focus({ preventScroll: true });
              }
            : undefined
        }
        onDeleted={() =>
          void navigate(paths.community.getHref(post.communityId), { replace: true })
        }
      />
      {signedIn ? (
        <CommentForm
          post={post}
          label={MESSAGES.commentFieldLabel}
          hideLabel
          fieldRef={field}
          onDone={() => field.current?.focus()}
          className="border-b border-border px-4 py-3"
        />
      ) : null}
      <h2 className="px-4 pt-3 text-base font-bold">Comments</h2>
      <PostComments postId={post.id} variant="page" />
    </div>
  );
}
