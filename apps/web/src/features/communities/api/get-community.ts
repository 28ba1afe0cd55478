import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityDetailResponse } from '@wave/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { communityKeys, STALE_TIME } from './community-keys';

/**
 * GET /api/communities/{id}: the community, the reader's memberInfo (members
 * only) and its first page of posts (none when canViewPosts is false).
 */
export const getCommunity = (
  communityId: string,
  signal?: AbortSignal,
): Promise<CommunityDetailResponse> =>
  api.get<CommunityDetailResponse>(`/api/communities/${encodeURIComponent(communityId)}`, signal);

export const communityQueryOptions = (communityId: string) =>
  queryOptions({
    queryKey: communityKeys.detail(communityId),
    queryFn: ({ signal }) => getCommunity(communityId, signal),
    staleTime: STALE_TIME.community,
  });

/** Only issued when there is an id (spec part 2, section 7). */
export const useCommunity = (communityId: string | undefined) =>
  useQuery({ ...communityQueryOptions(communityId ?? ''), enabled: Boolean(communityId) });

/** A missing community (404), or an id that cannot be one (400). */
export const isCommunityNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
