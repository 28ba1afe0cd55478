import { IMAGE_MAX_BYTES, TWEET_MAX_IMAGES } from '../../../lib/post-limits';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button';
import { AddImagesButton } from '../../../components/add-images-button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmojiPicker } from '../../../components/ui/emoji-picker';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { useUnsentDraft } from '../../../hooks/use-unsent-draft';
import { isNetworkFailure, isUnauthorized } from '../../../lib/api-client';
import { inspectImageFile } from '../../../lib/image-file';
import { insertText } from '../../../lib/insert-text';
import { canSubmitPost } from '../../../lib/post-length';
import { useAuth } from '../../auth/api/current-user';
import { useTheme } from '../../theme/theme';
import { useCreateTweet } from '../api/create-tweet';
import { useUploadImages } from '../api/upload-image';
import { useUnauthorizedRedirect } from '../hooks/use-unauthorized-redirect';
import { MESSAGES } from '../messages';
import { CharacterCounter } from './character-counter';
import { imageRefusalOf } from '../../../components/image-problem-toast';
import { AttachedImagePreviews } from '../../../components/attached-image-previews';
import { toastImageProblem } from '../../../components/image-problem-toast';

/** Spec section 9: the modal's emoji picker is 300 by 350. */
const EMOJI_PICKER_SIZE = { width: 300, height: 350 } as const;

/** Each image goes through the upload sequence, at most this large (media's limit). */
const UPLOAD_MAX_BYTES = IMAGE_MAX_BYTES;

type ComposerPhase = 'idle' | 'uploading' | 'posting';

interface ChosenImage {
  id: string;
  file: File;
  /** An object URL for the thumbnail ('' where the browser has none). */
  previewUrl: string;
}

const objectUrlOf = (file: File): string =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

const release = (image: ChosenImage): void => {
  if (image.previewUrl && typeof URL.revokeObjectURL === 'function') {
    URL.revokeObjectURL(image.previewUrl);
  }
};

let imageCounter = 0;

/**
 * The post modal (the sidebar's and the mobile bar's Post buttons): text is
 * required and at most 280 characters (the counter turns to the error colour
 * over it and Post is disabled), up to 4 images uploaded first ('Uploading...')
 * and then sent as object paths ('Posting...'). The draft survives closing the
 * modal; posting clears it. Visitors are asked to log in.
 */
export function ComposerModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { status } = useAuth();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ChosenImage[]>([]);
  // Kept here, with the draft, which outlives the dialog.
  useUnsentDraft(content !== '' || images.length > 0);
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  useEffect(() => () => imagesRef.current.forEach(release), []);

  const reset = () => {
    images.forEach(release);
    setImages([]);
    setContent('');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create post" className="max-w-xl">
        {status === 'authenticated' ? (
          <ComposerForm
            content={content}
            onContentChange={setContent}
            images={images}
            onImagesChange={setImages}
            onPosted={() => {
              reset();
              onOpenChange(false);
            }}
          />
        ) : status === 'unauthenticated' ? (
          <div className="grid gap-4">
            <p>{MESSAGES.loginToPost}</p>
            <Link
              to={paths.auth.getHref()}
              className={buttonVariants()}
              onClick={() => onOpenChange(false)}
            >
              Sign in
            </Link>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ComposerForm({
  content,
  onContentChange,
  images,
  onImagesChange,
  onPosted,
}: {
  content: string;
  onContentChange: (content: string) => void;
  images: ChosenImage[];
  onImagesChange: (images: ChosenImage[]) => void;
  onPosted: () => void;
}) {
  const { theme } = useTheme();
  const fieldId = useId();
  const counterId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [phase, setPhase] = useState<ComposerPhase>('idle');
  const upload = useUploadImages();
  const create = useCreateTweet();
  const onUnauthorized = useUnauthorizedRedirect();

  const busy = phase !== 'idle';
  const canPost =
    canSubmitPost({ content, imageCount: images.length, textRequired: true }) &&
    images.length <= TWEET_MAX_IMAGES &&
    !busy;
  const room = TWEET_MAX_IMAGES - images.length;

  const addFiles = async (files: File[]) => {
    // Each file checked all the way (its first bytes too) before it is shown as added.
    const problems = await Promise.all(
      files.map((file) => inspectImageFile(file, UPLOAD_MAX_BYTES).catch(() => null)),
    );
    const accepted: ChosenImage[] = [];
    for (const [index, file] of files.entries()) {
      const problem = problems[index];
      if (problem) {
        toastImageProblem(problem);
        continue;
      }
      if (accepted.length >= room) break;
      imageCounter += 1;
      accepted.push({ id: `image-${imageCounter}`, file, previewUrl: objectUrlOf(file) });
    }
    if (accepted.length > 0) onImagesChange([...images, ...accepted]);
  };

  const post = async () => {
    if (!canPost) return;
    let imageUrls: string[] | undefined;
    if (images.length > 0) {
      setPhase('uploading');
      try {
        imageUrls = await upload.mutateAsync(images.map((image) => image.file));
      } catch (error) {
        setPhase('idle');
        if (isUnauthorized(error)) onUnauthorized();
        else if (isNetworkFailure(error))
          toast({
            variant: 'destructive',
            title: MESSAGES.offlineTitle,
            description: MESSAGES.postOffline,
          });
        else
          toast({
            variant: 'destructive',
            ...(imageRefusalOf(error) ?? {
              title: MESSAGES.errorTitle,
              description: MESSAGES.uploadFailed,
            }),
          });
        return;
      }
    }
    setPhase('posting');
    try {
      await create.mutateAsync({ content: content.trim(), ...(imageUrls ? { imageUrls } : {}) });
    } catch {
      // The mutation tells the user (a toast, or the way to /auth).
      setPhase('idle');
      return;
    }
    setPhase('idle');
    onPosted();
  };

  return (
    <form
      aria-label="Create a post"
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void post();
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        {MESSAGES.composerLabel}
      </label>
      <Textarea
        id={fieldId}
        ref={textarea}
        value={content}
        placeholder={MESSAGES.composerLabel}
        aria-describedby={counterId}
        disabled={busy}
        className="min-h-32 text-lg"
        onChange={(event) => onContentChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            void post();
          }
        }}
      />
      <AttachedImagePreviews
        images={images}
        disabled={busy}
        aspect="square"
        onRemove={(id) => {
          const removed = images.find((image) => image.id === id);
          if (removed) release(removed);
          onImagesChange(images.filter((image) => image.id !== id));
        }}
      />
      <div className="flex items-center gap-1 border-t border-border pt-3">
        <AddImagesButton
          label={`Add images (up to ${TWEET_MAX_IMAGES})`}
          multiple
          disabled={busy || room <= 0}
          testId="modal-image-input"
          onFiles={(files) => void addFiles(files)}
        />
        <EmojiPicker
          {...EMOJI_PICKER_SIZE}
          theme={theme}
          disabled={busy}
          focusAfterPick={textarea}
          onPick={(emoji) => {
            const field = textarea.current;
            const next = insertText(
              content,
              emoji,
              field?.selectionStart ?? null,
              field?.selectionEnd ?? null,
            );
            onContentChange(next.value);
            requestAnimationFrame(() => field?.setSelectionRange(next.caret, next.caret));
          }}
        />
        <div className="ml-auto flex items-center gap-3">
          <CharacterCounter content={content} id={counterId} />
          <Button type="submit" disabled={!canPost}>
            {phase === 'uploading' ? 'Uploading...' : phase === 'posting' ? 'Posting...' : 'Post'}
          </Button>
        </div>
      </div>
    </form>
  );
}
