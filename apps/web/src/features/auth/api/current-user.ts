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
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchOnMount: true,
  });

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** The auth state: loading only while the first fetch has neither data nor error. */
export function useAuth(): { user: UserResponse | null; status: AuthStatus } {
  const query = useQuery(currentUserQueryOptions());
  if (query.data === undefined && !query.error) return { user: null, status: 'loading' };
  const user = query.data ?? null;
  return { user, status: user ? 'authenticated' : 'unauthenticated' };
}
