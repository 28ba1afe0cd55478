import { ApiError } from '../../lib/api-client';
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
      return { title: MESSAGES.fileTooLargeTitle, description: own ?? MESSAGES.fileTooLarge };
    case 415:
      return { title: MESSAGES.invalidFileTypeTitle, description: own ?? MESSAGES.notImageContent };
    case 422:
      return { title: MESSAGES.unreadableImageTitle, description: own ?? MESSAGES.unreadableImage };
    default:
      return null;
  }
}
