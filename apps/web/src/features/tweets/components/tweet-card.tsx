import type { FeedItemResponse, TweetResponse } from '@wave/contracts';
import { BadgeCheck, Pin, Repeat2 } from 'lucide-react';
import { memo, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { useImpression } from '../../../hooks/use-impression';
import { useCardPageOpener } from '../../../hooks/use-card-page-opener';
import { cn } from '../../../lib/cn';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time';
import { useAuth } from '../../auth/api/current-user';
import { LinkPreviewCard } from './link-preview-card';
import { ReplyBox } from './reply-box';
import { TweetActions } from './tweet-actions';
import { PostText } from '../../../components/post-text';
import { TweetEditForm } from './tweet-edit-form';
import { TweetImages } from './tweet-images';
import { TweetOptionsMenu } from './tweet-options-menu';

const retweeterOf = (tweet: TweetResponse | FeedItemResponse) =>
  'retweetedBy' in tweet ? tweet.retweetedBy : null;

/**
 * A post: who wrote it and when, its text, images and link preview, who
 * retweeted it into this timeline, its actions, and for its author the options
 * menu (pin, edit inline, delete). The reply box opens and closes per post. Memoised: a list
 * that draws more cards, or a page that re-renders, does not draw the ones already shown again
 * (a post changes by a new object from the query cache).
 */
// The links of the name line are 24 px tall (leading-6, py-1 on the smaller retweet line): the
// smallest target WCAG 2.2 asks for (2.5.8), which Lighthouse checks.
export const TweetCard = memo(function TweetCard({
  tweet,
  showPinned = false,
  onReply,
  onDeleted,
  className,
  opensPage = true,
  imagePriority,
}: {
  tweet: TweetResponse | FeedItemResponse;
  /** Mark the pinned post (a user's list). */
  showPinned?: boolean;
  /** Replaces the per-post reply box (the post's own page has one). */
  onReply?: () => void;
  onDeleted?: (tweet: TweetResponse) => void;
  className?: string;
  /** A click on the post's body opens its page (not on the page itself). */
  opensPage?: boolean;
  /** On screen when its list opens: its images are asked for at once (`TweetImages`). */
  imagePriority?: boolean;
}) {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const optionsTrigger = useRef<HTMLButtonElement>(null);
  const [replying, setReplying] = useState(false);
  const replyBoxId = useId();
  const nameId = useId();
  const { author } = tweet;
  const isAuthor = user !== null && user.id === tweet.authorId;
  const retweeter = retweeterOf(tweet);
  const profileHref = paths.profile.getHref(author.username);
  const name = author.displayName || author.username;
  const impressionRef = useImpression(tweet.id);

  const pageHref = paths.tweet.getHref(tweet.id);
  // The body opens the post's page (the timestamp is its link).
  const openPage = useCardPageOpener(pageHref, opensPage && !editing);

  return (
    <article
      ref={impressionRef}
      aria-labelledby={nameId}
      onClick={openPage}
      className={cn(
        'border-b border-border px-4 py-3 transition-colors hover:bg-muted/30',
        // A card off screen is not laid out or painted until it comes near (its last size, or
        // about a card's, holds its place): a feed of twenty costs the browser the few in view.
        '[contain-intrinsic-size:auto_240px] [content-visibility:auto]',
        opensPage && !editing && 'cursor-pointer',
        className,
      )}
    >
      {showPinned && tweet.isPinned ? (
        <p className="mb-1 ml-8 flex items-center gap-2 text-xs font-semibold text-muted-foreground">
          <Pin className="h-3.5 w-3.5" aria-hidden="true" /> Pinned
        </p>
      ) : null}
      {retweeter ? (
        <p className="mb-1 ml-8 flex items-center gap-2 text-xs font-semibold text-muted-foreground">
          <Repeat2 className="h-3.5 w-3.5" aria-hidden="true" />
          <Link
            to={paths.profile.getHref(retweeter.username)}
            className="py-1 leading-4 hover:underline"
          >
            {user?.id === retweeter.id ? 'You' : retweeter.displayName || retweeter.username}
          </Link>{' '}
          retweeted
        </p>
      ) : null}
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
                className="truncate font-bold leading-6 text-foreground hover:underline"
              >
                {name}
              </Link>
              {author.verified ? (
                <BadgeCheck
                  className="h-4 w-4 self-center text-primary"
                  role="img"
                  aria-label="Verified account"
                />
              ) : null}
              <span className="truncate text-muted-foreground">@{author.username}</span>
              <span aria-hidden="true" className="text-muted-foreground">
                ·
              </span>
              <Link to={pageHref} className="leading-6 text-muted-foreground hover:underline">
                <time dateTime={tweet.createdAt} title={formatFullTime(tweet.createdAt)}>
                  {formatRelativeTime(tweet.createdAt)}
                </time>
              </Link>
              {tweet.editedAt ? (
                <span
                  className="text-muted-foreground"
                  title={`Edited ${formatFullTime(tweet.editedAt)}`}
                >
                  (edited)
                </span>
              ) : null}
            </div>
            {isAuthor ? (
              <TweetOptionsMenu
                tweet={tweet}
                triggerRef={optionsTrigger}
                onEdit={() => setEditing(true)}
                onDeleted={onDeleted}
              />
            ) : null}
          </header>
          {editing ? (
            <TweetEditForm
              tweet={tweet}
              onDone={() => {
                setEditing(false);
                // Focus goes back to the menu the edit came from.
                requestAnimationFrame(() => optionsTrigger.current?.focus());
              }}
            />
          ) : tweet.content ? (
            <PostText content={tweet.content} className="mt-0.5" />
          ) : null}
          <TweetImages tweet={tweet} priority={imagePriority} />
          {tweet.linkPreview ? <LinkPreviewCard preview={tweet.linkPreview} /> : null}
          <TweetActions
            tweet={tweet}
            onReply={onReply ?? (() => setReplying((open) => !open))}
            replyExpanded={onReply ? undefined : replying}
            replyControls={replyBoxId}
          />
          {replying && !onReply ? (
            <ReplyBox
              id={replyBoxId}
              tweet={tweet}
              autoFocus
              onDone={() => setReplying(false)}
              onCancel={() => setReplying(false)}
            />
          ) : null}
        </div>
      </div>
    </article>
  );
});
