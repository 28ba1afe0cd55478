import type { CommunityPostResponse } from '@wave/contracts';
import { Heart, MessageCircle, Share } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time';
import { useToggleCommunityPostLike } from '../api/like-community-post';
import { useShareCommunityPost } from '../api/share-community-post';
import { CommentDialog } from './comment-dialog';
import { CommunityPostImages } from './community-post-images';
import { CommunityPostMenu } from './community-post-menu';
import { PostActionButton } from './post-action-button';
import { PostContent } from './post-content';

/** The id of a post's element on its community's page (shared links scroll to it). */
export const postElementId = (postId: string): string => `community-post-${postId}`;

/**
 * A community post: the author's avatar (or initial), display name or
 * username, @username, relative time (a link to the post), text, images, and
 * like, comment, share and more. Likes show at once and roll back on failure.
 */
export function CommunityPostCard({
  post,
  highlighted = false,
}: {
  post: CommunityPostResponse;
  /** The post a shared link points at: marked, and focusable to be brought into view. */
  highlighted?: boolean;
}) {
  const nameId = useId();
  const [commenting, setCommenting] = useState(false);
  const toggleLike = useToggleCommunityPostLike();
  const share = useShareCommunityPost();
  const { author } = post;
  const name = author.displayName || author.username;
  const profileHref = paths.profile.getHref(author.username);

  return (
    <article
      id={postElementId(post.id)}
      aria-labelledby={nameId}
      tabIndex={highlighted ? -1 : undefined}
      data-highlighted={highlighted || undefined}
      className={cn(
        'border-b border-border px-4 py-3 transition-colors hover:bg-muted/30',
        highlighted && 'bg-primary/5 ring-2 ring-inset ring-primary',
      )}
    >
      <div className="flex gap-3">
        <Link to={profileHref} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar
            src={author.profileImageUrl}
            displayName={author.displayName}
            username={author.username}
          />
        </Link>
        <div className="min-w-0 flex-1">
          <header className="flex items-start gap-2">
            <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-1 text-sm">
              <Link
                id={nameId}
                to={profileHref}
                className="truncate font-bold text-foreground hover:underline"
              >
                {name}
              </Link>
              <span className="truncate text-muted-foreground">@{author.username}</span>
              <span aria-hidden="true" className="text-muted-foreground">
                ·
              </span>
              <Link
                to={paths.communityPost.getHref(post.communityId, post.id)}
                className="text-muted-foreground hover:underline"
              >
                <time dateTime={post.createdAt} title={formatFullTime(post.createdAt)}>
                  {formatRelativeTime(post.createdAt)}
                </time>
              </Link>
            </div>
            <CommunityPostMenu post={post} />
          </header>
          {post.content ? <PostContent content={post.content} className="mt-0.5" /> : null}
          <CommunityPostImages post={post} />
          <div
            role="group"
            aria-label="Post actions"
            className="-ml-1.5 mt-2 flex max-w-md justify-between"
          >
            <PostActionButton
              label="Comment"
              icon={MessageCircle}
              count={post.commentsCount}
              aria-haspopup="dialog"
              onClick={() => setCommenting(true)}
            />
            <PostActionButton
              label="Like"
              icon={Heart}
              count={post.likesCount}
              pressed={post.isLiked}
              fillWhenPressed
              activeClassName="text-pink-600 dark:text-pink-500"
              className="hover:text-pink-600"
              onClick={() => void toggleLike(post)}
            />
            <PostActionButton
              label="Share"
              icon={Share}
              count={post.sharesCount}
              onClick={() => void share(post)}
            />
          </div>
        </div>
      </div>
      <CommentDialog post={post} open={commenting} onOpenChange={setCommenting} />
    </article>
  );
}
