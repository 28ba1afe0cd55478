import { Inject, Injectable } from '@nestjs/common';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';

/** How Auto-SEO introduces itself: a crawler, so the web server counts it as one. */
export const AUTO_SEO_USER_AGENT = 'WaveAutoSEO/1.0 (bot)';
/** A page's HTML is read up to this size (the app shell with its head is a few KB). */
export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

export type FetchedPage =
  | { outcome: 'page'; html: string }
  /** The page does not exist (a deleted post, a renamed profile). */
  | { outcome: 'missing' }
  /** The web server could not answer now: try later. */
  | { outcome: 'unavailable'; reason: string };

/**
 * Reads a page of the site from the web server (WEB_URL) exactly as a crawler would: the
 * server-rendered head of `/tweet/…`, `/profile/…` and `/community/…`. Only paths of the
 * site's own pages are ever asked for, on the configured origin.
 */
@Injectable()
export class PageFetcher {
  constructor(@Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig) {}

  async fetch(path: string): Promise<FetchedPage> {
    const url = new URL(path, this.config.WEB_URL);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'user-agent': AUTO_SEO_USER_AGENT, accept: 'text/html' },
        redirect: 'manual',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch (error) {
      return { outcome: 'unavailable', reason: error instanceof Error ? error.message : 'failed' };
    }
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return { outcome: 'missing' };
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      return { outcome: 'unavailable', reason: `status ${response.status}` };
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > PAGE_MAX_BYTES) {
      await response.body?.cancel();
      return { outcome: 'unavailable', reason: 'too large' };
    }
    const body = await response.arrayBuffer();
    if (body.byteLength > PAGE_MAX_BYTES) return { outcome: 'unavailable', reason: 'too large' };
    return { outcome: 'page', html: new TextDecoder().decode(body) };
  }
}
