import { useMutation } from '@tanstack/react-query';
import { uploadImage } from '../../../lib/uploads';

/**
 * Uploads a post's images side by side (POST /api/objects/upload, then the bytes PUT to each
 * URL); answers their object paths in the order the files came. The first failure rejects.
 */
export const uploadPostImages = async (files: readonly Blob[]): Promise<string[]> =>
  (await Promise.all(files.map(uploadImage))).map((upload) => upload.objectPath);

export const useUploadPostImages = () =>
  useMutation({
    mutationFn: uploadPostImages,
    // Offline, fail at once (the composer says so and keeps the post) rather than wait unseen.
    networkMode: 'always',
  });
