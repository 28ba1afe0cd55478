import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkPreview } from '@wave/contracts';
import { apiRequest } from '../../../lib/api-client';
import { linkPreviewKeys, STALE_TIME } from './tweet-keys';

/** POST /api/link-preview {url}: the page's preview, as the server reads it. */
export const getLinkPreview = (url: string, signal?: AbortSignal): Promise<LinkPreview> =>
  apiRequest<LinkPreview>('POST', '/api/link-preview', { body: { url }, signal });

export const linkPreviewQueryOptions = (url: string) =>
  queryOptions({
    queryKey: linkPreviewKeys.detail(url),
    queryFn: ({ signal }) => getLinkPreview(url, signal),
    staleTime: STALE_TIME.linkPreview,
    retry: false,
  });

/** The preview of a URL; nothing is fetched while `url` is null. */
export const useLinkPreview = (url: string | null) =>
  useQuery({ ...linkPreviewQueryOptions(url ?? ''), enabled: url !== null });
