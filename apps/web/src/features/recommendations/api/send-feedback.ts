import type { UseMutationOptions } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import type { RecommendationFeedbackRequest } from '@wave/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/ai/feedback: a dismissal (never suggested again) or a click (with its score). */
export const sendRecommendationFeedback = (
  feedback: RecommendationFeedbackRequest,
): Promise<void> => api.post<void>('/api/ai/feedback', feedback);

/**
 * Callbacks given here run for every call; those given to `mutate` run for the latest call
 * only (TanStack Query), so what must happen for each call (a rollback) belongs here.
 */
export const useRecommendationFeedback = (
  options: Omit<UseMutationOptions<void, Error, RecommendationFeedbackRequest>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: sendRecommendationFeedback });
