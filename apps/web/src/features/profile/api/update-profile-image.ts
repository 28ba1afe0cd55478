import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileImageType, UpdateProfileImageRequest, UserResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOf } from '../../../lib/api-client';
import { storeUpdatedUser } from './profile-cache';
import { uploadImage } from '../../../lib/uploads';

/** PUT /api/users/profile/images: the owner's avatar or cover, from an image they uploaded. */
export const updateProfileImage = (body: UpdateProfileImageRequest): Promise<UserResponse> =>
  api.put<UserResponse>('/api/users/profile/images', body);

/** The whole sequence: an upload URL, the file PUT to it, then the URL itself sent as the image. */
export async function uploadProfileImage({
  file,
  imageType,
}: {
  file: File;
  imageType: ProfileImageType;
}): Promise<UserResponse> {
  const { uploadURL } = await uploadImage(file);
  return updateProfileImage({ imageUrl: uploadURL, imageType });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: (user) => {
      storeUpdatedUser(queryClient, user);
      toast({ title: 'Image updated' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Upload failed',
        description: messageOf(error, 'Failed to upload image. Please try again.'),
      }),
  });
}
