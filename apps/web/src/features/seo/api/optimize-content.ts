import { useMutation } from '@tanstack/react-query';
import type { SeoOptimizeResult } from '@wave/contracts';
import { api } from '../../../lib/api-client';

export interface OptimizeContentInput {
  content: string;
  keywords: string[];
}

/**
 * POST /api/seo/optimize {content, keywords}: where and how often each target keyword appears,
 * with placement and density advice. (The spec leaves the screen's button unwired; issue 13
 * wires it.)
 */
export const optimizeContent = (input: OptimizeContentInput): Promise<SeoOptimizeResult> =>
  api.post<SeoOptimizeResult>('/api/seo/optimize', input);

export const useOptimizeContent = () => useMutation({ mutationFn: optimizeContent });
