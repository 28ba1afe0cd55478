import { ApiError } from '../lib/api-client';
import { IMAGE_PROBLEM_TEXTS } from '../lib/image-file';
import type { ImageFileProblem } from '../lib/image-file';
import { toast } from './ui/use-toast';

/** The toast for a chosen file a composer refuses, saying why. */
export function toastImageProblem(problem: ImageFileProblem): void {
  toast({ variant: 'destructive', ...IMAGE_PROBLEM_TEXTS[problem] });
}

/** What to say when media cannot decode an image it was sent (422) and gave no reason. */
export const UNREADABLE_IMAGE_TEXT = {
  title: "Image can't be read",
  description: 'This image seems damaged. Please choose another one.',
};

/**
 * What the server's refusal of an image means, when it is about the image (too large 413, not an
 * image 415, unreadable 422), or null: its own words when it sent them, else ours, the same in
 * every composer. Sending the same file again cannot help, so the messages say what to change.
 */
export function imageRefusalOf(error: unknown): { title: string; description: string } | null {
  if (!(error instanceof ApiError)) return null;
  const text =
    error.status === 413
      ? IMAGE_PROBLEM_TEXTS['too-large']
      : error.status === 415
        ? IMAGE_PROBLEM_TEXTS['not-image-content']
        : error.status === 422
          ? UNREADABLE_IMAGE_TEXT
          : null;
  if (!text) return null;
  const own = error.serverMessage;
  return own ? { ...text, description: own } : text;
}
