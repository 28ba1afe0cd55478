import { toast } from '../../../components/ui/use-toast';
import type { ImageFileProblem } from '../../../lib/image-file';
import { MESSAGES } from '../messages';

/** The toast for an image that cannot be used (spec part 1, section 5). */
export function toastImageProblem(problem: ImageFileProblem): void {
  switch (problem) {
    case 'too-large':
      toast({
        variant: 'destructive',
        title: MESSAGES.fileTooLargeTitle,
        description: MESSAGES.fileTooLarge,
      });
      return;
    case 'not-an-image':
      toast({
        variant: 'destructive',
        title: MESSAGES.invalidFileTypeTitle,
        description: MESSAGES.invalidFileType,
      });
      return;
    case 'not-image-content':
      toast({
        variant: 'destructive',
        title: MESSAGES.invalidFileTypeTitle,
        description: MESSAGES.notImageContent,
      });
      return;
  }
}
