import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { AttachedImage } from '../hooks/use-attached-images';
import { MESSAGES } from '../messages';

/**
 * The thumbnails of the images attached to a post, two to a row, each with a remove button
 * (disabled while the post is on its way).
 */
export function AttachedImagePreviews({
  images,
  disabled,
  onRemove,
}: {
  images: readonly AttachedImage[];
  disabled: boolean;
  onRemove: (id: string) => void;
}) {
  if (images.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-2" aria-label={MESSAGES.attachedImages}>
      {images.map((image, index) => (
        <li key={image.id} className="relative overflow-hidden rounded-xl border border-border">
          {image.previewUrl ? (
            <img
              src={image.previewUrl}
              alt={MESSAGES.attachedImage(index + 1, image.file.name)}
              className="aspect-video w-full object-cover"
            />
          ) : (
            <span className="flex aspect-video items-center justify-center break-all p-2 text-sm text-muted-foreground">
              {image.file.name}
            </span>
          )}
          <Button
            variant="ghost"
            size="icon"
            disabled={disabled}
            aria-label={MESSAGES.removeImage(index + 1)}
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
