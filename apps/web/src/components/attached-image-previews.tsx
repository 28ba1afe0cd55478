import { X } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

/** An image chosen for a post, before it is uploaded. */
export interface ChosenImagePreview {
  id: string;
  file: { name: string };
  /** An object URL of the file, when one could be made. */
  previewUrl: string | null;
}

/**
 * The thumbnails of the images attached to a post (the post modal's, a community post's), two to
 * a row, each with a remove button (disabled while the post is on its way).
 */
export function AttachedImagePreviews({
  images,
  disabled,
  onRemove,
  aspect = 'video',
}: {
  images: readonly ChosenImagePreview[];
  disabled: boolean;
  onRemove: (id: string) => void;
  aspect?: 'square' | 'video';
}) {
  const box = aspect === 'square' ? 'aspect-square' : 'aspect-video';
  if (images.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-2" aria-label="Attached images">
      {images.map((image, index) => (
        <li key={image.id} className="relative overflow-hidden rounded-xl border border-border">
          {image.previewUrl ? (
            <img
              src={image.previewUrl}
              alt={`Attached image ${index + 1}: ${image.file.name}`}
              className={cn(box, 'w-full object-cover')}
            />
          ) : (
            <span
              className={cn(
                box,
                'flex items-center justify-center break-all p-2 text-sm text-muted-foreground',
              )}
            >
              {image.file.name}
            </span>
          )}
          <Button
            variant="ghost"
            size="icon"
            disabled={disabled}
            aria-label={`Remove image ${index + 1}`}
            className="absolute right-1 top-1 bg-black/60 text-white hover:bg-black/80"
            onClick={() => onRemove(image.id)}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
