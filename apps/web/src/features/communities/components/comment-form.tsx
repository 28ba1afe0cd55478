import type { CommunityPostResponse } from '@wave/contracts';
import type { ReactNode, RefObject } from 'react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { useUnsentDraft } from '../../../hooks/use-unsent-draft';
import { cn } from '../../../lib/cn';
import { useCreatePostComment } from '../api/create-post-comment';
import { canSubmitText, COMMUNITY_COMMENT_MAX_LENGTH, textLength } from '../community-limits';
import { MESSAGES } from '../messages';

/**
 * A comment on a post (spec part 2, sections 2 and 5): non-blank after
 * trimming and within the limit, sent with 'Post Comment' ('Posting...' while
 * on its way, Ctrl or Cmd+Enter too). Once the comment is in, the box clears.
 */
export function CommentForm({
  post,
  label,
  hideLabel = false,
  fieldRef,
  onDone,
  cancel,
  className,
}: {
  post: Pick<CommunityPostResponse, 'id' | 'communityId'>;
  /** The text box's name. */
  label: string;
  hideLabel?: boolean;
  fieldRef?: RefObject<HTMLTextAreaElement | null>;
  onDone?: () => void;
  /** A Cancel button beside 'Post Comment' (the dialog's). */
  cancel?: ReactNode;
  className?: string;
}) {
  const fieldId = useId();
  const counterId = useId();
  const [content, setContent] = useState('');
  useUnsentDraft(content !== '');
  const create = useCreatePostComment({
    onSuccess: () => {
      setContent('');
      onDone?.();
    },
  });
  const length = textLength(content.trim());
  const over = length > COMMUNITY_COMMENT_MAX_LENGTH;
  const canSubmit = canSubmitText(content, COMMUNITY_COMMENT_MAX_LENGTH) && !create.isPending;
  return (
    <form
      className={cn('grid gap-2', className)}
      aria-label={MESSAGES.commentDialogTitle}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) create.mutate({ post, content: content.trim() });
      }}
    >
      <label htmlFor={fieldId} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
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
        {cancel}
        <Button type="submit" disabled={!canSubmit}>
          {create.isPending ? MESSAGES.commentPending : MESSAGES.commentAdd}
        </Button>
      </div>
    </form>
  );
}
