import { ImagePlus } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { Tooltip } from './ui/tooltip';

/**
 * A composer's image tool: an icon-only button, named by `label` and shown as its tooltip, that
 * opens the file chooser of a hidden input taking images only. `onFiles` gets the chosen files
 * (one at most unless `multiple`); the input is emptied each time, so the same file can be chosen
 * again after it was removed. The composers check each file's bytes themselves.
 */
export function AddImagesButton({
  label,
  onFiles,
  multiple = false,
  disabled = false,
  className,
  testId,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
  /** The hidden input's test id: tests choose files through it. */
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
        }}
      />
      <Tooltip content={label}>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          className={cn('text-primary', className)}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          <ImagePlus className="h-5 w-5" aria-hidden="true" />
        </Button>
      </Tooltip>
    </>
  );
}
