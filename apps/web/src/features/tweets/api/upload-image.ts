import { useMutation } from '@tanstack/react-query';
import { uploadImage } from '../../../lib/uploads';

/** Uploads images side by side; answers their object paths in the same order. */
export const useUploadImages = () =>
  useMutation({
    // Offline, fail at once (the composer says so and keeps the post), never wait unseen.
    networkMode: 'always',
    mutationFn: async (files: Blob[]) =>
      (await Promise.all(files.map(uploadImage))).map((upload) => upload.objectPath),
  });
