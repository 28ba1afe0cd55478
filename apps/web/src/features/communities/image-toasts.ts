export { toastImageProblem } from '../../components/image-problem-toast';
import { imageRefusalOf } from '../../components/image-problem-toast';
import { toast } from '../../components/ui/use-toast';
import { isNetworkFailure } from '../../lib/api-client';
import { MESSAGES } from './messages';

/** The toast for a chosen file the browser could not read (the spec's image read failure). */
export function toastReadFailure(): void {
  toast({
    variant: 'destructive',
    title: MESSAGES.readFailedTitle,
    description: MESSAGES.readFailed,
  });
}

/** The toast for files chosen past the limit of images a post may have. */
export function toastTooManyImages(max: number): void {
  toast({
    variant: 'destructive',
    title: MESSAGES.tooManyImagesTitle,
    description: MESSAGES.tooManyImages(max),
  });
}

/** The toast for a failed upload; the composer keeps the text and the images either way. */
export const toastUploadFailure = (error: unknown): void => {
  toast(
    isNetworkFailure(error)
      ? {
          variant: 'destructive',
          title: MESSAGES.offlineTitle,
          description: MESSAGES.uploadOffline,
        }
      : {
          variant: 'destructive',
          // Media's refusal of an image, said as every composer says it; else the generic line.
          ...(imageRefusalOf(error) ?? {
            title: MESSAGES.uploadFailed,
            description: MESSAGES.uploadFailedDescription,
          }),
        },
  );
};
