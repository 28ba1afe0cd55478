import { useMutation } from '@tanstack/react-query';
import type { SearchAnalyticsRequest } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { MESSAGES } from '../messages';

/** POST /api/search/analytics: a result was chosen (204). */
export const trackSearchResult = (request: SearchAnalyticsRequest): Promise<void> =>
  api.post<void>('/api/search/analytics', request);

/** Sends the click; a failure is only logged (spec part 1, section 8), never shown. */
export const useTrackSearchResult = () =>
  useMutation({
    mutationFn: trackSearchResult,
    onError: (error) => console.warn(MESSAGES.notTracked, error),
  });
