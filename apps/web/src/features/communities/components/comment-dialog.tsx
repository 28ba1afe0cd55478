import type { CommunityPostResponse } from '@wave/contracts';
import { useRef } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { MESSAGES } from '../messages';
import { CommentForm } from './comment-form';
import { PostComments } from './post-comments';

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

/**
 * The comment dialog (spec part 2, section 2): 'Add a comment', a preview of
 * the post, its comments so far, a text box, Cancel and 'Post Comment'
 * ('Posting...' while the call is on its way). It closes, cleared, once the
 * comment is in; focus goes back to the button that opened it.
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
          <PostComments postId={post.id} />
          <CommentForm
            post={post}
            label="Your comment"
            fieldRef={field}
            onDone={() => onOpenChange(false)}
            cancel={
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
            }
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
