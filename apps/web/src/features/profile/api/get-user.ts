import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResponse } from '@wave/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { storeFollowStatus } from './follow-user';
import { profileKeys } from './profile-cache';

/** GET /api/users/{idOrUsername}: anyone; 404 when there is no such user. */
export const getUser = (idOrUsername: string, signal?: AbortSignal): Promise<UserResponse> =>
  api.get<UserResponse>(`/api/users/${encodeURIComponent(idOrUsername)}`, signal);

export const userQueryOptions = (idOrUsername: string) =>
  queryOptions({
    queryKey: profileKeys.detail(idOrUsername),
    queryFn: async ({ signal, client }) => {
      const user = await getUser(idOrUsername, signal);
      // Their Follow buttons elsewhere (the suggestions) agree with the profile's.
      storeFollowStatus(client, user);
      return user;
    },
  });

/**
 * A profile by id or username (no request without one). `placeholder` shows
 * at once while the profile loads (the signed-in user's own record).
 */
export function useUser(idOrUsername: string | undefined, placeholder?: UserResponse) {
  return useQuery({
    ...userQueryOptions(idOrUsername ?? ''),
    enabled: Boolean(idOrUsername),
    placeholderData: placeholder,
  });
}

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
