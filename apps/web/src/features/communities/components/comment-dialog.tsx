import type { CommunityCommentResponse, CommunityPostResponse } from '@wave/contracts';
import type { ReactNode, RefObject } from 'react';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { pagedItems } from '../../../lib/paged-data';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time';
import { useCreatePostComment } from '../api/create-post-comment';
import { usePostComments } from '../api/get-post-comments';
import { canSubmitText, COMMUNITY_COMMENT_MAX_LENGTH, textLength } from '../community-limits';
import { MESSAGES } from '../messages';

/** The post being commented on: who wrote it and its text, cut to a few lines. */
function PostPreview({ post }: { post: CommunityPostResponse }) {
  const name = post.author.displayName || post.author.username;
  return (
    <figure
      aria-label={`Post by ${name}`}
      className="flex gap-3 rounded-xl border border-border bg-muted/40 p-3"
    >
      <Avatar
        src={post.author.profileImageUrl}
        displayName={post.author.displayName}
        username={post.author.username}
        size={32}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-1">
          <span className="font-bold">{name}</span>
          <span className="text-muted-foreground">@{post.author.username}</span>
        </p>
        <blockquote className="mt-0.5 line-clamp-4 whitespace-pre-wrap break-words">
          {post.content}
        </blockquote>
      </div>
    </figure>
  );
}

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

/** The post's comments so far, oldest first, with "Load more". */
function CommentList({ postId }: { postId: string }) {
  const query = usePostComments(postId);
  const comments = useMemo(() => {
    const seen = new Set<string>();
    return pagedItems(query.data).filter((comment) => {
      if (seen.has(comment.id)) return false;
      seen.add(comment.id);
      return true;
    });
  }, [query.data]);

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
          <Button
            variant="ghost"
            size="sm"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more comments'}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <section
      aria-label="Comments"
      aria-busy={query.isFetching}
      className="max-h-56 overflow-y-auto rounded-xl border border-border px-3"
    >
      {body}
    </section>
  );
}

function CommentForm({
  post,
  fieldRef,
  onDone,
}: {
  post: CommunityPostResponse;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
  onDone: () => void;
}) {
  const fieldId = useId();
  const counterId = useId();
  const [content, setContent] = useState('');
  const create = useCreatePostComment({
    onSuccess: () => {
      setContent('');
      onDone();
    },
  });
  const length = textLength(content.trim());
  const over = length > COMMUNITY_COMMENT_MAX_LENGTH;
  const canSubmit = canSubmitText(content, COMMUNITY_COMMENT_MAX_LENGTH) && !create.isPending;
  return (
    <form
      className="grid gap-2"
      aria-label="Add a comment"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) create.mutate({ post, content: content.trim() });
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-medium">
        Your comment
      </label>
      <Textarea
        id={fieldId}
        ref={fieldRef}
        value={content}
        placeholder="Write a comment..."
        aria-describedby={counterId}
        aria-invalid={over || undefined}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <p
        id={counterId}
        className={cn(
          'text-right text-xs tabular-nums text-muted-foreground',
          over && 'font-semibold text-destructive',
        )}
      >
        {length}/{COMMUNITY_COMMENT_MAX_LENGTH}
        <span className="sr-only">{over ? ' characters, over the limit' : ' characters'}</span>
      </p>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!canSubmit}>
          {create.isPending ? 'Posting...' : 'Post Comment'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The comment dialog (spec part 2, section 2): 'Add a comment', a preview of
 * the post, its comments, a text box, Cancel and 'Post Comment' ('Posting...'
 * while the call is on its way). It closes, cleared, once the comment is in;
 * focus goes back to the button that opened it.
 */
export function CommentDialog({
  post,
  open,
  onOpenChange,
}: {
  post: CommunityPostResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={MESSAGES.commentDialogTitle}
        description={MESSAGES.commentDialogDescription}
        className="max-h-[90vh] overflow-y-auto"
        initialFocus={field}
      >
        <div className="grid gap-3">
          <PostPreview post={post} />
          <CommentList postId={post.id} />
          <CommentForm post={post} fieldRef={field} onDone={() => onOpenChange(false)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
