import type { CommunityDetailResponse } from '@wave/contracts';
import { useId, useRef, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { useUnsentDraft } from '../../../hooks/use-unsent-draft';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../auth/api/current-user';
import { useCreateCommunityPost } from '../api/create-community-post';
import { canSubmitText, COMMUNITY_POST_MAX_LENGTH, textLength } from '../community-limits';

/** The counter shows once a post comes this close to its limit. */
const COUNTER_FROM = COMMUNITY_POST_MAX_LENGTH - 200;

/**
 * The members' composer (spec part 2, sections 2 and 5): Post is disabled
 * while the text is blank after trimming and while the post is on its way;
 * the text clears once it is in, and focus stays in the text box.
 */
export function CommunityPostComposer({
  community,
}: {
  community: Pick<CommunityDetailResponse, 'id' | 'name'>;
}) {
  const { user } = useAuth();
  const fieldId = useId();
  const counterId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [content, setContent] = useState('');
  useUnsentDraft(content !== '');
  const create = useCreateCommunityPost({
    onSuccess: () => {
      setContent('');
      field.current?.focus();
    },
  });
  const length = textLength(content.trim());
  const over = length > COMMUNITY_POST_MAX_LENGTH;
  const canPost = canSubmitText(content, COMMUNITY_POST_MAX_LENGTH) && !create.isPending;

  return (
    <form
      aria-label={`Post in ${community.name}`}
      className="flex gap-3 border-b border-border px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (canPost) create.mutate({ communityId: community.id, content: content.trim() });
      }}
    >
      <Avatar
        src={user?.profileImageUrl}
        displayName={user?.displayName}
        username={user?.username}
        className="hidden sm:inline-flex"
      />
      <div className="grid min-w-0 flex-1 gap-2">
        <label htmlFor={fieldId} className="sr-only">
          Share something with {community.name}
        </label>
        <Textarea
          id={fieldId}
          ref={field}
          value={content}
          placeholder="Share something with the community..."
          aria-describedby={length >= COUNTER_FROM ? counterId : undefined}
          aria-invalid={over || undefined}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <div className="flex items-center justify-end gap-3">
          {length >= COUNTER_FROM ? (
            <span
              id={counterId}
              className={cn(
                'text-sm tabular-nums text-muted-foreground',
                over && 'font-semibold text-destructive',
              )}
            >
              {length}/{COMMUNITY_POST_MAX_LENGTH}
              <span className="sr-only">
                {over ? ' characters, over the limit' : ' characters'}
              </span>
            </span>
          ) : null}
          <Button type="submit" size="sm" disabled={!canPost} aria-busy={create.isPending}>
            Post
          </Button>
        </div>
      </div>
    </form>
  );
}
