import type { UserResponse } from '@wave/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isUnauthorized } from '../../../lib/api-client';

/** The current user's query key (a default read: the segments joined make the path). */
export const userKeys = { current: ['/api/user'] as const };

/** GET /api/user: a 401 gives null, not an error; 5 minutes fresh, 10 kept, no retry. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.current,
    queryFn: async ({ signal }): Promise<UserResponse | null> => {
      try {
        return await api.get<UserResponse>('/api/user', signal);
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    },
    retry: false,
    // A failed check (offline) is not repeated each time a component that reads the user
    // mounts: each attempt puts the query back to loading, which would swap the page out and
    // mount those components again, in a loop. It is repeated on reconnect or when asked.
    retryOnMount: false,
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchOnMount: true,
  });

/**
 * `unreachable`: the first check failed for another reason than a 401 (offline, the server
 * down), so it is not known whether the reader is signed in.
 */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'unreachable';

/** The auth state: loading only while the first fetch has neither data nor error. */
export function useAuth(): { user: UserResponse | null; status: AuthStatus } {
  const query = useQuery(currentUserQueryOptions());
  if (query.data === undefined) {
    return { user: null, status: query.error ? 'unreachable' : 'loading' };
  }
  const user = query.data ?? null;
  return { user, status: user ? 'authenticated' : 'unauthenticated' };
}
