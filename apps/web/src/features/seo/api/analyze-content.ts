import { useMutation } from '@tanstack/react-query';
import type { SeoAnalysisResult } from '@wave/contracts';
import { api } from '../../../lib/api-client';

export interface AnalyzeContentInput {
  title: string;
  content: string;
  /** Optional: sent only when there is one. */
  description?: string;
}

/** POST /api/seo/analyze {title, content, description?}: the SEO analysis of the text. */
export const analyzeContent = (input: AnalyzeContentInput): Promise<SeoAnalysisResult> =>
  api.post<SeoAnalysisResult>('/api/seo/analyze', input);

/** The analysis is shown where it was asked for; nothing cached changes. */
export const useAnalyzeContent = () => useMutation({ mutationFn: analyzeContent });
