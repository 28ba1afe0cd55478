import type { TextDecoder } from 'node:util';
import { Injectable, Logger } from '@nestjs/common';
import type { LinkPreview } from '@wave/contracts';
import { TimelineException } from '../common/timeline.exception';
import { ImageProxySigner } from '../image-proxy/image-proxy.signer';
import { OutboundFetcher } from '../outbound/outbound-fetcher';
import { parseOutboundUrl } from '../outbound/outbound-url.util';
import { logOutboundFailure, OutboundException } from '../outbound/outbound.exception';
import type { OutboundResponse } from '../outbound/safe-fetcher';
import { toOutboundException } from '../outbound/safe-fetcher';
import { createHtmlDecoder, sniffCharset } from './html-charset.util';
import type { CachedLinkPreview } from './link-preview-cache.repository';
import { LinkPreviewCacheRepository } from './link-preview-cache.repository';
import type { PagePreview } from './link-preview-parser';
import { LinkPreviewParser } from './link-preview-parser';
import { toLinkPreviewResponse } from './link-preview.mapper';

export const HTML_MAX_BYTES = 1024 * 1024;
export const HTML_TYPES: readonly string[] = ['text/html', 'application/xhtml+xml'];
const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9';

export const PREVIEW_TTL_SECONDS = 24 * 60 * 60;
/** Long enough that a bad URL is not fetched on every keystroke, short enough to recover. */
export const FAILURE_TTL_SECONDS = 10 * 60;

@Injectable()
export class LinkPreviewsService {
  private readonly logger = new Logger(LinkPreviewsService.name);
  /** One fetch per URL at a time in this process; concurrent callers share it. */
  private readonly inFlight = new Map<string, Promise<PagePreview>>();

  constructor(
    private readonly fetcher: OutboundFetcher,
    private readonly cache: LinkPreviewCacheRepository,
    private readonly signer: ImageProxySigner,
  ) {}

  /**
   * `POST /api/link-preview` for a member: the preview with a signed link to its
   * picture. A link that is no fetchable URL (credentials, too long) is a 400;
   * every destination refused or failed, whatever the reason, is the same 422,
   * so the answers tell nothing of what lies behind a name (the reason is logged
   * and cached).
   */
  async preview(userId: string, rawUrl: string): Promise<LinkPreview> {
    let url: string;
    try {
      url = parseOutboundUrl(rawUrl).href;
    } catch (error) {
      throw error instanceof OutboundException ? new TimelineException('LINK_INVALID') : error;
    }
    try {
      return toLinkPreviewResponse(await this.previewFor(url), this.signer);
    } catch (error) {
      if (!(error instanceof OutboundException)) throw error;
      logOutboundFailure(this.logger, `Link preview of ${url} for ${userId}`, error);
      throw new TimelineException('LINK_NOT_PREVIEWABLE');
    }
  }

  /**
   * The preview of a URL as the server reads it, from the cache or fetched
   * (successes kept 24 h, failures 10 min). Throws OutboundException: callers
   * decide what a client is told.
   */
  async previewFor(rawUrl: string): Promise<PagePreview> {
    const url = parseOutboundUrl(rawUrl).href;
    const pending = this.inFlight.get(url);
    if (pending) return pending;
    const loading = this.load(url).finally(() => this.inFlight.delete(url));
    this.inFlight.set(url, loading);
    return loading;
  }

  /**
   * The preview a member already asked for (`POST /api/link-preview`, by the
   * same URL), from the cache only, or null. A new post keeps this one and never
   * makes the server fetch a page itself: the preview call, with its sign-in and
   * limits, is the only way to have a page read. (Never cached under the page's
   * own og:url as well: a page could then stand in for another on its host.)
   */
  async cachedPreviewFor(rawUrl: string): Promise<PagePreview | null> {
    let url: string;
    try {
      url = parseOutboundUrl(rawUrl).href;
    } catch (error) {
      if (error instanceof OutboundException) return null;
      throw error;
    }
    const cached = await this.findCached(url);
    return cached?.ok === true ? cached.preview : null;
  }

  private findCached(url: string): Promise<CachedLinkPreview | null> {
    return this.cache.find(url).catch((error: unknown) => {
      this.logger.warn(`Link preview cache unavailable: ${String(error)}`);
      return null;
    });
  }

  private async load(url: string): Promise<PagePreview> {
    const cached = await this.findCached(url);
    if (cached?.ok === true) return cached.preview;
    if (cached?.ok === false) throw new OutboundException(cached.code, 'cached failure');

    let preview: PagePreview;
    try {
      preview = await this.fetchPreview(url);
    } catch (error) {
      if (error instanceof OutboundException) {
        await this.remember(url, { ok: false, code: error.code }, FAILURE_TTL_SECONDS);
      }
      throw error;
    }
    await this.remember(url, { ok: true, preview }, PREVIEW_TTL_SECONDS);
    return preview;
  }

  private async fetchPreview(url: string): Promise<PagePreview> {
    const response = await this.fetcher.open({
      url,
      accept: HTML_ACCEPT,
      allowedTypes: HTML_TYPES,
      maxBytes: HTML_MAX_BYTES,
      // Reading stops at </head>; only the bytes read count against the cap.
      partialRead: true,
    });
    return readPreview(response);
  }

  private async remember(url: string, entry: CachedLinkPreview, ttlSeconds: number) {
    await this.cache.save(url, entry, ttlSeconds).catch((error: unknown) => {
      this.logger.warn(`Link preview cache unavailable: ${String(error)}`);
    });
  }
}

/** Streams the page into the parser until its head is over; leaving the loop closes the connection. */
async function readPreview(response: OutboundResponse): Promise<PagePreview> {
  const parser = new LinkPreviewParser();
  let decoder: TextDecoder | null = null;
  try {
    for await (const chunk of response.body) {
      const bytes = chunk as Buffer;
      decoder ??= createHtmlDecoder(response.charset, sniffCharset(bytes));
      parser.write(decoder.decode(bytes, { stream: true }));
      if (parser.done) break;
    }
  } catch (error) {
    throw toOutboundException(error);
  }
  if (decoder !== null && !parser.done) parser.write(decoder.decode());
  return parser.result(response.url.href);
}
