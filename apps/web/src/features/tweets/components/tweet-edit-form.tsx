import type { TweetResponse } from '@wave/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { useUnsentDraft } from '../../../hooks/use-unsent-draft';
import { canSubmitPost } from '../../../lib/post-length';
import { useUpdateTweet } from '../api/update-tweet';
import { CharacterCounter } from './character-counter';

/** Inline editing of a post's text (Save or Cancel); the text must not be blank. */
export function TweetEditForm({ tweet, onDone }: { tweet: TweetResponse; onDone: () => void }) {
  const fieldId = useId();
  const counterId = useId();
  const [content, setContent] = useState(tweet.content);
  useUnsentDraft(content !== tweet.content);
  const update = useUpdateTweet({ onSuccess: onDone });
  const canSave = canSubmitPost({ content, textRequired: true }) && !update.isPending;
  return (
    <form
      className="mt-2 grid gap-2"
      aria-label="Edit post"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSave) return;
        if (content.trim() === tweet.content.trim()) return onDone();
        update.mutate({ tweetId: tweet.id, content: content.trim() });
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        Edit post
      </label>
      <Textarea
        id={fieldId}
        autoFocus
        value={content}
        aria-describedby={counterId}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          }
        }}
      />
      <div className="flex items-center justify-end gap-2">
        <CharacterCounter content={content} id={counterId} />
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!canSave}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
