import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, UserResponse } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { pageSearch } from '../../../lib/paged-data';
import { storeFollowStatus } from './follow-user';
import { profileKeys } from './profile-cache';

/** Who follows a user, or whom they follow. */
export type Connection = 'followers' | 'following';

/** People per page of a followers or following list. */
export const CONNECTIONS_PAGE_SIZE = 20;

/**
 * GET /api/users/{idOrUsername}/followers or /following: newest first, each with whether the
 * reader follows them (signed in).
 */
export const getConnections = ({
  idOrUsername,
  connection,
  cursor,
  signal,
}: {
  idOrUsername: string;
  connection: Connection;
  cursor?: string | null;
  signal?: AbortSignal;
}): Promise<Page<UserResponse>> =>
  api.get<Page<UserResponse>>(
    `/api/users/${encodeURIComponent(idOrUsername)}/${connection}?${pageSearch(cursor, CONNECTIONS_PAGE_SIZE)}`,
    signal,
  );

export const connectionsQueryOptions = (idOrUsername: string, connection: Connection) =>
  infiniteQueryOptions({
    // Under the profile's key (not its detail: isProfileDetailKey), so a follow refreshes it.
    queryKey: [...profileKeys.detail(idOrUsername), connection] as const,
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await getConnections({ idOrUsername, connection, cursor: pageParam, signal });
      // Each row's Follow button agrees with the rest of the app's.
      for (const user of page.items) storeFollowStatus(client, user);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useConnections = (idOrUsername: string, connection: Connection) =>
  useInfiniteQuery(connectionsQueryOptions(idOrUsername, connection));
