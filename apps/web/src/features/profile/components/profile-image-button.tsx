import type { ProfileImageType } from '@wave/contracts';
import { Camera } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { useUploadProfileImage } from '../api/update-profile-image';
import { imageFileProblem } from '../utils/image-file';

const LABELS: Record<ProfileImageType, { button: string; input: string }> = {
  cover: { button: 'Change cover', input: 'Cover image file' },
  profile: { button: 'Change photo', input: 'Profile photo file' },
};

/**
 * The owner's control to replace the cover or the photo: picks an image file
 * (images only, at most 25 MB), uploads it and sets it, reading 'Uploading...'
 * meanwhile.
 */
export function ProfileImageButton({
  imageType,
  className,
}: {
  imageType: ProfileImageType;
  className?: string;
}) {
  const upload = useUploadProfileImage();
  const input = useRef<HTMLInputElement>(null);
  const labels = LABELS[imageType];

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    upload.mutate({ file, imageType });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={labels.input}
        className="hidden"
        onChange={choose}
      />
      <Button
        size="sm"
        variant="ghost"
        disabled={upload.isPending}
        aria-busy={upload.isPending}
        onClick={() => input.current?.click()}
        className={cn(
          'border border-white/30 bg-black/60 text-white backdrop-blur hover:bg-black/75',
          className,
        )}
      >
        <Camera className="h-4 w-4" aria-hidden="true" />
        {upload.isPending ? 'Uploading...' : labels.button}
      </Button>
    </>
  );
}
