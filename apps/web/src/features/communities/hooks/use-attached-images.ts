import { useCallback, useEffect, useRef, useState } from 'react';
import { inspectImageFile } from '../../../lib/image-file';
import type { ImageFileProblem } from '../../../lib/image-file';
import { toastImageProblem, toastReadFailure, toastTooManyImages } from '../image-toasts';

/** A file chosen for a post, with the object URL its thumbnail shows. */
export interface AttachedImage {
  id: string;
  file: File;
  /** '' where the browser makes no object URLs (the thumbnail shows the file's name). */
  previewUrl: string;
}

const objectUrlOf = (file: File): string =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

const release = (image: AttachedImage): void => {
  if (image.previewUrl && typeof URL.revokeObjectURL === 'function') {
    URL.revokeObjectURL(image.previewUrl);
  }
};

/** What inspecting one file found: usable (null), a reason to refuse it, or unreadable. */
type Inspection = ImageFileProblem | 'unreadable' | null;

/**
 * The images attached to a post: at most `max`, each inspected as it is added (size, type, then
 * its first bytes, so a renamed file is refused at once with a toast saying why). `checking`
 * is true while files are being inspected. Object URLs are revoked when an image is removed,
 * when the images are cleared and when the composer goes away.
 */
export function useAttachedImages({ max, maxBytes }: { max: number; maxBytes: number }) {
  const [images, setImages] = useState<AttachedImage[]>([]);
  const [inspecting, setInspecting] = useState(0);
  // The images as last set, read by additions that finish while others are under way.
  const latest = useRef<AttachedImage[]>([]);
  const nextId = useRef(0);
  const mounted = useRef(false);

  const commit = useCallback((next: AttachedImage[]) => {
    latest.current = next;
    setImages(next);
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      latest.current.forEach(release);
    };
  }, []);

  const add = useCallback(
    async (files: readonly File[]): Promise<void> => {
      if (files.length === 0) return;
      setInspecting((count) => count + 1);
      try {
        const inspections = await Promise.all(
          files.map((file): Promise<Inspection> =>
            inspectImageFile(file, maxBytes).catch(() => 'unreadable' as const),
          ),
        );
        if (!mounted.current) return;
        const usable = files.filter((_, index) => inspections[index] === null);
        const room = Math.max(max - latest.current.length, 0);
        const accepted = usable.slice(0, room).map((file): AttachedImage => {
          nextId.current += 1;
          return { id: `image-${nextId.current}`, file, previewUrl: objectUrlOf(file) };
        });
        if (accepted.length > 0) commit([...latest.current, ...accepted]);

        // One toast shows at a time: the first refused file's reason, else the limit.
        const problem = inspections.find((inspection) => inspection !== null);
        if (problem === 'unreadable') toastReadFailure();
        else if (problem) toastImageProblem(problem);
        else if (usable.length > room) toastTooManyImages(max);
      } finally {
        if (mounted.current) setInspecting((count) => count - 1);
      }
    },
    [commit, max, maxBytes],
  );

  const remove = useCallback(
    (id: string) => {
      const image = latest.current.find((candidate) => candidate.id === id);
      if (!image) return;
      release(image);
      commit(latest.current.filter((candidate) => candidate.id !== id));
    },
    [commit],
  );

  const clear = useCallback(() => {
    latest.current.forEach(release);
    commit([]);
  }, [commit]);

  return { images, checking: inspecting > 0, add, remove, clear };
}
