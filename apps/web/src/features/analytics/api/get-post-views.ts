import { useQuery } from '@tanstack/react-query';
import type { PostViewsResponse } from '@wave/contracts';
import DataLoader from 'dataloader';
import { api } from '../../../lib/api-client';
import { POST_VIEWS_MAX_IDS } from '../analytics-limits';
import { analyticsKeys } from './analytics-keys';

/** How long the cards drawn one after another gather their ids into one call. */
export const POST_VIEWS_GATHER_MS = 100;

/** View counts move slowly; a card reads its count again at most once a minute. */
export const POST_VIEWS_STALE_MS = 60_000;

/** GET /api/analytics/views?ids=a,b,c: the view counts of up to 100 posts. */
export const getPostViews = (ids: readonly string[]): Promise<PostViewsResponse> =>
  api.get<PostViewsResponse>(`/api/analytics/views?ids=${ids.map(encodeURIComponent).join(',')}`);

/**
 * The cards rendered in one tick ask in one call (a page of a feed is one request, not
 * twenty); TanStack Query caches each count, so the loader keeps none of its own. A post the
 * server leaves out (deleted) has no count: null.
 */
/** The gathering under way: its timer, and the loader it belongs to. */
let gathering: ReturnType<typeof setTimeout> | undefined;

export const createPostViewsLoader = (): DataLoader<string, number | null> =>
  new DataLoader<string, number | null>(
    async (ids) => {
      const { views } = await getPostViews(ids);
      return ids.map((id) => views[id] ?? null);
    },
    {
      cache: false,
      maxBatchSize: POST_VIEWS_MAX_IDS,
      // A feed draws its cards a few at a time (hooks/use-progressive-count.ts): their counts
      // are gathered for a moment so that a page of posts is still one call.
      batchScheduleFn: (send) => {
        gathering = setTimeout(send, POST_VIEWS_GATHER_MS);
      },
    },
  );

let loader = createPostViewsLoader();

/**
 * Forgets the ids gathered and not asked about yet, with a new loader (the tests: a card of the
 * test before would otherwise be asked about in the next one's calls).
 */
export function resetPostViewsLoader(): void {
  clearTimeout(gathering);
  loader = createPostViewsLoader();
}

/** How many times the post was seen; undefined while loading or when the count cannot be read. */
export function usePostViews(tweetId: string): number | null | undefined {
  const { data } = useQuery({
    queryKey: analyticsKeys.views(tweetId),
    queryFn: () => loader.load(tweetId),
    staleTime: POST_VIEWS_STALE_MS,
    // A count is a nicety: a failed read shows none rather than retrying for long.
    retry: 1,
  });
  return data;
}
