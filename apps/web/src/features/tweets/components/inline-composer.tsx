import { IMAGE_MAX_BYTES } from '../../../lib/post-limits';
import { X } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { AddImagesButton } from '../../../components/add-images-button';
import { EmojiPicker } from '../../../components/ui/emoji-picker';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { inspectImageFile, readFileAsDataUrl } from '../../../lib/image-file';
import { insertText } from '../../../lib/insert-text';
import { detectLinks } from '../../../lib/link-detection';
import { canSubmitPost } from '../../../lib/post-length';
import { useAuth } from '../../auth/api/current-user';
import { useTheme } from '../../theme/theme';
import { useCreateTweet } from '../api/create-tweet';
import { useLinkPreview } from '../api/get-link-preview';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUnsentDraft } from '../../../hooks/use-unsent-draft';
import { MESSAGES } from '../messages';
import { CharacterCounter } from './character-counter';
import { toastImageProblem } from '../../../components/image-problem-toast';
import { LinkPreviewCard } from './link-preview-card';

/** The preview is fetched once the first link has stayed the same this long. */
const LINK_PREVIEW_DEBOUNCE_MS = 500;

/** Spec section 9: the inline emoji picker is 300 by 400. */
const EMOJI_PICKER_SIZE = { width: 300, height: 400 } as const;

/**
 * The composer at the top of the home feed: text, one image (at most 25 MB,
 * sent as a data URL), a preview of the first link, emoji. Posting clears the
 * text, the image and the preview; the text may be empty when an image is
 * attached.
 */
export function InlineComposer() {
  const { user } = useAuth();
  const { theme } = useTheme();
  const fieldId = useId();
  const counterId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [content, setContent] = useState('');
  const [image, setImage] = useState<{ dataUrl: string; name: string } | null>(null);
  const [dismissedUrl, setDismissedUrl] = useState<string | null>(null);
  useUnsentDraft(content !== '' || image !== null);

  const firstUrl = useMemo(() => detectLinks(content, window.location.host)[0] ?? null, [content]);
  // Clearing all links forgets a removed preview: a link typed again gets one.
  if (firstUrl === null && dismissedUrl !== null) setDismissedUrl(null);
  const settledUrl = useDebouncedValue(firstUrl, LINK_PREVIEW_DEBOUNCE_MS);
  // No links: no preview at once; a new link: a preview once typing pauses.
  const previewUrl =
    firstUrl !== null && settledUrl === firstUrl && firstUrl !== dismissedUrl ? firstUrl : null;
  const linkPreview = useLinkPreview(previewUrl);
  // A failure silently clears the preview.
  const preview = previewUrl && linkPreview.isSuccess ? linkPreview.data : null;

  const create = useCreateTweet({
    onSuccess: () => {
      setContent('');
      setImage(null);
      setDismissedUrl(null);
    },
  });
  const canPost =
    canSubmitPost({ content, imageCount: image ? 1 : 0, textRequired: false }) && !create.isPending;

  const post = () => {
    if (!canPost) return;
    const text = content.trim();
    create.mutate({
      ...(text ? { content: text } : {}),
      ...(image ? { imageUrl: image.dataUrl } : {}),
      // The address asked about, which the server keeps the preview under (not the page's own).
      ...(preview && previewUrl ? { linkPreview: { ...preview, url: previewUrl } } : {}),
    });
  };

  const addImage = async (file: File) => {
    const problem = await inspectImageFile(file, IMAGE_MAX_BYTES).catch(() => null);
    if (problem) return toastImageProblem(problem);
    try {
      const dataUrl = await readFileAsDataUrl(file);
      setImage({ dataUrl, name: file.name });
      toast({ title: MESSAGES.imageAdded });
    } catch {
      toast({
        variant: 'destructive',
        title: MESSAGES.readFailedTitle,
        description: MESSAGES.readFailed,
      });
    }
  };

  return (
    <form
      aria-label="Create a post"
      className="flex gap-3 border-b border-border px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        post();
      }}
    >
      <Avatar
        src={user?.profileImageUrl}
        displayName={user?.displayName}
        username={user?.username}
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={fieldId} className="sr-only">
          {MESSAGES.composerLabel}
        </label>
        <Textarea
          id={fieldId}
          ref={textarea}
          value={content}
          placeholder={MESSAGES.composerLabel}
          aria-describedby={content ? counterId : undefined}
          className="border-0 bg-transparent px-1 text-lg"
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              post();
            }
          }}
        />
        {image ? (
          <div className="relative mt-2 overflow-hidden rounded-2xl border border-border">
            <img
              src={image.dataUrl}
              alt={`Attached image: ${image.name}`}
              className="max-h-80 w-full object-cover"
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label="Remove image"
              onClick={() => setImage(null)}
              className="absolute right-2 top-2 bg-black/60 text-white hover:bg-black/80"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ) : null}
        {preview ? (
          <LinkPreviewCard preview={preview} onRemove={() => setDismissedUrl(previewUrl)} />
        ) : previewUrl && linkPreview.isFetching ? (
          <div role="status" aria-label="Loading link preview" className="mt-3 grid gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : null}
        <div className="mt-2 flex items-center gap-1 border-t border-border pt-2">
          <AddImagesButton
            label="Add image"
            testId="inline-image-input"
            onFiles={([file]) => {
              if (file) void addImage(file);
            }}
          />
          <EmojiPicker
            {...EMOJI_PICKER_SIZE}
            theme={theme}
            focusAfterPick={textarea}
            onPick={(emoji) => {
              const field = textarea.current;
              const next = insertText(
                content,
                emoji,
                field?.selectionStart ?? null,
                field?.selectionEnd ?? null,
              );
              setContent(next.value);
              requestAnimationFrame(() => field?.setSelectionRange(next.caret, next.caret));
            }}
          />
          <div className="ml-auto flex items-center gap-3">
            {content ? <CharacterCounter content={content} id={counterId} /> : null}
            <Button type="submit" disabled={!canPost}>
              {create.isPending ? 'Posting...' : 'Post'}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
