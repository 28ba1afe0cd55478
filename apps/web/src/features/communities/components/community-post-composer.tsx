import type { CommunityDetailResponse } from '@wave/contracts';
import { useId, useRef, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { AddImagesButton } from '../../../components/add-images-button';
import { Textarea } from '../../../components/ui/input';
import { useUnsentDraft } from '../../../hooks/use-unsent-draft';
import { cn } from '../../../lib/cn';
import { IMAGE_MAX_BYTES } from '../../../lib/post-limits';
import { useAuth } from '../../auth/api/current-user';
import { useCreateCommunityPost } from '../api/create-community-post';
import { useUploadPostImages } from '../api/upload-post-images';
import {
  canSubmitText,
  COMMUNITY_POST_MAX_LENGTH,
  COMMUNITY_POST_MAX_MEDIA,
  textLength,
} from '../community-limits';
import { useAttachedImages } from '../hooks/use-attached-images';
import { toastUploadFailure } from '../image-toasts';
import { MESSAGES } from '../messages';
import { AttachedImagePreviews } from '../../../components/attached-image-previews';

/** The counter shows once a post comes this close to its limit. */
const COUNTER_FROM = COMMUNITY_POST_MAX_LENGTH - 200;

/**
 * The members' composer (spec part 2, sections 2 and 5): Post is disabled
 * while the text is blank after trimming (the server requires text, images
 * or not) and while the post is on its way. Up to 4 images, each checked as
 * it is added, are uploaded when Post is pressed (the post modal's sequence:
 * an upload URL, then the bytes PUT to it) and sent as their object paths;
 * the button reads 'Posting...' throughout, and the text and the images
 * stay as they are until the post is in. Then the composer clears, and focus
 * stays in the text box. A failed upload keeps everything and says why.
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
  const attached = useAttachedImages({ max: COMMUNITY_POST_MAX_MEDIA, maxBytes: IMAGE_MAX_BYTES });
  const { images } = attached;
  // From Post to the answer: the uploads and the post are one step to the reader.
  const [sending, setSending] = useState(false);
  useUnsentDraft(content !== '' || images.length > 0);
  const upload = useUploadPostImages();
  const create = useCreateCommunityPost();
  const length = textLength(content.trim());
  const over = length > COMMUNITY_POST_MAX_LENGTH;
  const room = COMMUNITY_POST_MAX_MEDIA - images.length;
  const canPost =
    canSubmitText(content, COMMUNITY_POST_MAX_LENGTH) &&
    room >= 0 &&
    !attached.checking &&
    !sending;

  const post = async () => {
    if (!canPost) return;
    setSending(true);
    try {
      let mediaUrls: string[] = [];
      if (images.length > 0) {
        try {
          mediaUrls = await upload.mutateAsync(images.map((image) => image.file));
        } catch (error) {
          toastUploadFailure(error);
          return;
        }
      }
      try {
        await create.mutateAsync({
          communityId: community.id,
          content: content.trim(),
          ...(mediaUrls.length > 0 ? { mediaUrls } : {}),
        });
      } catch {
        // The mutation says so ('Failed to create post'); the draft stays.
        return;
      }
      setContent('');
      attached.clear();
      field.current?.focus();
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      aria-label={`Post in ${community.name}`}
      className="flex gap-3 border-b border-border px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        void post();
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
          // What is posted is what shows: no edits while it is on its way.
          readOnly={sending}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <AttachedImagePreviews images={images} disabled={sending} onRemove={attached.remove} />
        <div className="flex items-center gap-3">
          <AddImagesButton
            label={MESSAGES.addImages(COMMUNITY_POST_MAX_MEDIA)}
            multiple
            className="-ml-2"
            disabled={sending || room <= 0}
            testId="community-image-input"
            onFiles={(files) => void attached.add(files)}
          />
          <div className="ml-auto flex items-center gap-3">
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
            <Button type="submit" size="sm" disabled={!canPost} aria-busy={sending}>
              {sending ? MESSAGES.postPending : 'Post'}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
