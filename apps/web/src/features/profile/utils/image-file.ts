import { checkImageFile, IMAGE_PROBLEM_TEXTS } from '../../../lib/image-file';
import { IMAGE_MAX_BYTES } from '../../../lib/post-limits';

export interface ImageFileToast {
  title: string;
  description: string;
}

/** The composer's toasts for a file that cannot be an image here (spec part 1, section 5). */
const PROBLEM_TOASTS = IMAGE_PROBLEM_TEXTS;

/** Why a chosen file cannot be a profile image (images only, 25 MB at most), or null. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): ImageFileToast | null {
  const problem = checkImageFile(file, IMAGE_MAX_BYTES);
  return problem ? PROBLEM_TOASTS[problem] : null;
}
