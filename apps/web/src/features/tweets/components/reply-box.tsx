import type { TweetResponse } from '@wave/contracts';
import type { RefObject } from 'react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { useUnsentDraft } from '../../../hooks/use-unsent-draft';
import { cn } from '../../../lib/cn';
import { canSubmitPost } from '../../../lib/post-length';
import { useReplyToTweet } from '../api/reply-to-tweet';
import { CharacterCounter } from './character-counter';

/** A reply to a post: non-blank after trimming, at most 280 characters. */
export function ReplyBox({
  tweet,
  id,
  autoFocus,
  textareaRef,
  onDone,
  onCancel,
  className,
}: {
  tweet: Pick<TweetResponse, 'id' | 'author'>;
  id?: string;
  autoFocus?: boolean;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  onDone?: () => void;
  onCancel?: () => void;
  className?: string;
}) {
  const fieldId = useId();
  const counterId = useId();
  const [content, setContent] = useState('');
  useUnsentDraft(content !== '');
  const reply = useReplyToTweet({
    onSuccess: () => {
      setContent('');
      onDone?.();
    },
  });
  const canSubmit = canSubmitPost({ content, textRequired: true }) && !reply.isPending;
  return (
    <form
      id={id}
      aria-label={`Reply to @${tweet.author.username}`}
      className={cn('mt-3 grid gap-2', className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) reply.mutate({ tweetId: tweet.id, content: content.trim() });
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        Post your reply
      </label>
      <Textarea
        id={fieldId}
        ref={textareaRef}
        autoFocus={autoFocus}
        value={content}
        placeholder="Post your reply"
        aria-describedby={counterId}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
          if (event.key === 'Escape' && onCancel) onCancel();
        }}
      />
      <div className="flex items-center justify-end gap-3">
        <CharacterCounter content={content} id={counterId} />
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!canSubmit}>
          {reply.isPending ? 'Replying...' : 'Reply'}
        </Button>
      </div>
    </form>
  );
}
