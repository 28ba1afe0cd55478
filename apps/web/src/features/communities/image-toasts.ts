export { toastImageProblem } from '../../components/image-problem-toast';
import { toast } from '../../components/ui/use-toast';
import { ApiError, isNetworkFailure } from '../../lib/api-client';
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

/**
 * Why an upload failed, as media answers it: 413 too large (bytes or pixels), 415 not an image
 * it takes, 422 an image it cannot decode; the server's own message first when it sent one.
 * Any other answer (an expired URL, storage down) gets the post modal's generic line.
 */
export function uploadFailureDescription(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.uploadFailedDescription;
  switch (error.status) {
    case 413:
      return error.serverMessage ?? MESSAGES.uploadTooLarge;
    case 415:
      return error.serverMessage ?? MESSAGES.uploadNotAnImage;
    case 422:
      return error.serverMessage ?? MESSAGES.uploadUnreadable;
    default:
      return MESSAGES.uploadFailedDescription;
  }
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
          title: MESSAGES.uploadFailed,
          description: uploadFailureDescription(error),
        },
  );
};
