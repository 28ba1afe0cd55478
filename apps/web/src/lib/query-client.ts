import { QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Data-fetching defaults of the spec (section 9): no refetch interval, no
 * refetch on focus, stale at once, no retries. A default read joins the query
 * key's segments with a slash to form the path.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 0,
        retry: false,
        queryFn: ({ queryKey, signal }) => api.get(queryKey.join('/'), signal),
      },
      mutations: { retry: false },
    },
  });
}
