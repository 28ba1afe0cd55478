import type { CommunityPostResponse } from '@wave/contracts';
import { Heart, MessageCircle, Share } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { useCardPageOpener } from '../../../hooks/use-card-page-opener';
import { cn } from '../../../lib/cn';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time';
import { useToggleCommunityPostLike } from '../api/like-community-post';
import { useShareCommunityPost } from '../api/share-community-post';
import { CommentDialog } from './comment-dialog';
import { CommunityPostImages } from './community-post-images';
import { CommunityPostMenu } from './community-post-menu';
import { ActionButton } from '../../../components/action-button';
import { PostText } from '../../../components/post-text';

/**
 * A community post: the author's avatar (or initial), display name or
 * username, @username, relative time (a link to the post), text, images, and
 * like, comment, share and more. Likes show at once and roll back on failure.
 * Comment opens the comment dialog, unless the page has its own comment box
 * (`onComment`).
 */
export function CommunityPostCard({
  post,
  onComment,
  onDeleted,
  className,
  opensPage = false,
}: {
  post: CommunityPostResponse;
  /** Instead of the comment dialog (the post's own page focuses its comment box). */
  onComment?: () => void;
  /** After the post is deleted. */
  onDeleted?: () => void;
  className?: string;
  /** A click on the post's body opens its page (not on the page itself). */
  opensPage?: boolean;
}) {
  const nameId = useId();
  const [commenting, setCommenting] = useState(false);
  const toggleLike = useToggleCommunityPostLike();
  const share = useShareCommunityPost();
  const { author } = post;
  const name = author.displayName || author.username;
  const profileHref = paths.profile.getHref(author.username);
  const pageHref = paths.communityPost.getHref(post.communityId, post.id);
  // The body opens the post's page (the timestamp is its link).
  const openPage = useCardPageOpener(pageHref, opensPage);

  return (
    <article
      aria-labelledby={nameId}
      onClick={openPage}
      className={cn(
        'border-b border-border px-4 py-3 transition-colors hover:bg-muted/30',
        opensPage && 'cursor-pointer',
        className,
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
              <Link to={pageHref} className="text-muted-foreground hover:underline">
                <time dateTime={post.createdAt} title={formatFullTime(post.createdAt)}>
                  {formatRelativeTime(post.createdAt)}
                </time>
              </Link>
            </div>
            <CommunityPostMenu post={post} onDeleted={onDeleted} />
          </header>
          {post.content ? <PostText content={post.content} className="mt-0.5" /> : null}
          <CommunityPostImages post={post} />
          <div
            role="group"
            aria-label="Post actions"
            className="-ml-1.5 mt-2 flex max-w-md justify-between"
          >
            <ActionButton
              label="Comment"
              icon={MessageCircle}
              count={post.commentsCount}
              aria-haspopup={onComment ? undefined : 'dialog'}
              onClick={onComment ?? (() => setCommenting(true))}
            />
            <ActionButton
              label="Like"
              icon={Heart}
              count={post.likesCount}
              pressed={post.isLiked}
              fillWhenPressed
              activeClassName="text-pink-600 dark:text-pink-500"
              className="hover:text-pink-600"
              onClick={() => void toggleLike(post)}
            />
            <ActionButton
              label="Share"
              icon={Share}
              count={post.sharesCount}
              onClick={() => void share(post)}
            />
          </div>
        </div>
      </div>
      {onComment ? null : (
        <CommentDialog post={post} open={commenting} onOpenChange={setCommenting} />
      )}
    </article>
  );
}
