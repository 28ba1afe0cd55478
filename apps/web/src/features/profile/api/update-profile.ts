import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOf } from '../../../lib/api-client';
import type { ProfileFieldsInput } from '../../../lib/profile-limits';
import { storeUpdatedUser } from './profile-cache';

/** The edit form's fields as sent: text, where an empty value clears the field. */
export type ProfileFields = ProfileFieldsInput;

/** PUT /api/users/profile: the owner's display name, first and last name and bio. */
export const updateProfile = (body: ProfileFields): Promise<UserResponse> =>
  api.put<UserResponse>('/api/users/profile', body);

/** Saves the profile: the answer goes into the cache; toasts either way. */
export function useUpdateProfile({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      storeUpdatedUser(queryClient, user);
      toast({ title: 'Profile updated' });
      onSuccess?.();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: messageOf(error, 'Failed to update profile'),
      }),
  });
}
