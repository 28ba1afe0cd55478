import { IMAGE_PROBLEM_TEXTS } from '../lib/image-file';
import type { ImageFileProblem } from '../lib/image-file';
import { toast } from './ui/use-toast';

/** The toast for a chosen file a composer refuses, saying why. */
export function toastImageProblem(problem: ImageFileProblem): void {
  toast({ variant: 'destructive', ...IMAGE_PROBLEM_TEXTS[problem] });
}
