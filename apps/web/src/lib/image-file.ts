/** Why an image cannot be used: too large, or not an image. null when it can. */
export type ImageFileProblem = 'too-large' | 'not-an-image';

/** Checks a chosen file (spec part 1, section 5): size first, then type. */
export function checkImageFile(
  file: Pick<File, 'size' | 'type'>,
  maxBytes: number,
): ImageFileProblem | null {
  if (file.size > maxBytes) return 'too-large';
  if (!file.type.startsWith('image/')) return 'not-an-image';
  return null;
}

/** Reads a file as a data URL. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file could not be read as a data URL'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onabort = () => reject(new Error('Reading the file was aborted'));
    reader.readAsDataURL(file);
  });
}
