import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TweetResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { MESSAGES } from '../messages';
import { tweetQueryOptions } from './get-tweet';
import { useTweetCache } from './tweet-cache';

export interface UpdateTweetInput {
  tweetId: string;
  content: string;
}

/** PUT /api/tweets/{id} {content}: the edited post (editedAt set). */
export const updateTweet = ({ tweetId, content }: UpdateTweetInput): Promise<TweetResponse> =>
  api.put<TweetResponse>(`/api/tweets/${encodeURIComponent(tweetId)}`, { content });

/** Edits the text; every cached copy shows the new text and the edited mark. */
export function useUpdateTweet({ onSuccess }: { onSuccess?: (tweet: TweetResponse) => void } = {}) {
  const queryClient = useQueryClient();
  const cache = useTweetCache();
  return useMutation({
    mutationFn: updateTweet,
    onSuccess: (updated) => {
      cache.update(updated.id, (tweet) => ({
        ...tweet,
        content: updated.content,
        editedAt: updated.editedAt,
      }));
      void queryClient.invalidateQueries({ queryKey: tweetQueryOptions(updated.id).queryKey });
      toast({ title: MESSAGES.postUpdated });
      onSuccess?.(updated);
    },
    onError: () =>
      toast({
        variant: 'destructive',
        title: MESSAGES.errorTitle,
        description: MESSAGES.updateFailed,
      }),
  });
}
