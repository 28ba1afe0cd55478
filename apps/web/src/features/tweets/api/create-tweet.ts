import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedItemResponse, LinkPreview, TweetResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api, isNetworkFailure, isUnauthorized } from '../../../lib/api-client';
import { pagedItems, prependToFirstPage } from '../../../lib/paged-data';
import { useUnauthorizedRedirect } from '../hooks/use-unauthorized-redirect';
import { imageRefusalOf } from '../../../components/image-problem-toast';
import { MESSAGES } from '../messages';
import { feedInfiniteQueryOptions } from './get-feed';
import { tweetKeys } from './tweet-keys';

export interface CreateTweetInput {
  content?: string;
  /** One image as a data URL (the inline composer). */
  imageUrl?: string;
  /** Object paths of uploaded images (the modal composer). */
  imageUrls?: string[];
  /** The server reads the page again from its url. */
  linkPreview?: Pick<LinkPreview, 'url'> & Partial<LinkPreview>;
}

/** POST /api/tweets. */
export const createTweet = (input: CreateTweetInput): Promise<TweetResponse> =>
  api.post<TweetResponse>('/api/tweets', input);

/**
 * Posts, then refreshes the feed. The new post shows at the top at once: the
 * server adds it to the author's timeline a moment later (fan-out), so a
 * refetch that comes back without it keeps it on top.
 */
export function useCreateTweet({ onSuccess }: { onSuccess?: (tweet: TweetResponse) => void } = {}) {
  const queryClient = useQueryClient();
  const onUnauthorized = useUnauthorizedRedirect();
  return useMutation({
    mutationFn: createTweet,
    // Offline, fail at once and say so rather than wait ('Posting...') and send it later unseen:
    // the composer keeps the draft, and the member sends it again.
    networkMode: 'always',
    onSuccess: (tweet) => {
      const feedKey = feedInfiniteQueryOptions().queryKey;
      const item: FeedItemResponse = { ...tweet, retweetedBy: null };
      const keepOnTop = () =>
        queryClient.setQueryData(feedKey, (data) =>
          data && !pagedItems(data).some((entry) => entry.id === tweet.id && !entry.retweetedBy)
            ? prependToFirstPage(data, item)
            : data,
        );
      keepOnTop();
      void queryClient.invalidateQueries({ queryKey: feedKey }).then(keepOnTop);
      void queryClient.invalidateQueries({ queryKey: tweetKeys.userLists() });
      toast({ title: MESSAGES.postSent });
      onSuccess?.(tweet);
    },
    onError: (error) => {
      if (isUnauthorized(error)) onUnauthorized();
      else if (isNetworkFailure(error))
        toast({
          variant: 'destructive',
          title: MESSAGES.offlineTitle,
          description: MESSAGES.postOffline,
        });
      else
        toast({
          variant: 'destructive',
          // An image the server refused says why (the post's text is kept either way).
          ...(imageRefusalOf(error) ?? {
            title: MESSAGES.errorTitle,
            description: MESSAGES.postFailed,
          }),
        });
    },
  });
}
