import { ApiError } from '../../lib/api-client';
import { IMAGE_PROBLEM_TEXTS } from '../../lib/image-file';
import { MESSAGES } from './messages';

/**
 * What the server's refusal of an image means, when it is about the image (too large 413, not an
 * image 415, unreadable 422), or null: its own words when it sent them, else ours. Sending the
 * same file again cannot help, so the messages say what to change.
 */
export function imageRefusalOf(error: unknown): { title: string; description: string } | null {
  if (!(error instanceof ApiError)) return null;
  const own = error.serverMessage;
  switch (error.status) {
    case 413:
      return { ...IMAGE_PROBLEM_TEXTS['too-large'], ...(own ? { description: own } : {}) };
    case 415:
      return { ...IMAGE_PROBLEM_TEXTS['not-image-content'], ...(own ? { description: own } : {}) };
    case 422:
      return { title: MESSAGES.unreadableImageTitle, description: own ?? MESSAGES.unreadableImage };
    default:
      return null;
  }
}
