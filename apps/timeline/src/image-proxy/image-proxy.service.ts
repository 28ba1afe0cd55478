import type { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { TimelineException } from '../common/timeline.exception';
import { OutboundFetcher } from '../outbound/outbound-fetcher';
import { logOutboundFailure, OutboundException } from '../outbound/outbound.exception';
import type { OutboundResponse } from '../outbound/safe-fetcher';
import { toOutboundException } from '../outbound/safe-fetcher';
import { ImageProxySigner } from './image-proxy.signer';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Raster formats only: an SVG can carry script. */
export const IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
];
const IMAGE_ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif';
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400, immutable';

export interface ProxiedImage {
  headers: Record<string, string>;
  /** Fails (and closes upstream) past IMAGE_MAX_BYTES or the deadline; the reply must then be destroyed. */
  body: Readable;
}

@Injectable()
export class ImageProxyService {
  private readonly logger = new Logger(ImageProxyService.name);

  constructor(
    private readonly fetcher: OutboundFetcher,
    private readonly signer: ImageProxySigner,
  ) {}

  /**
   * `GET /api/image-proxy`: only a URL the server signed (a link preview's
   * picture) is loaded; anything else is a 403 before anything is fetched.
   * Every image refused or failed before its first bytes, whatever the reason,
   * is the same 422 (the reason is logged).
   */
  async proxy(url: string, sig: string | undefined): Promise<ProxiedImage> {
    if (!this.signer.verify(url, sig)) throw new TimelineException('IMAGE_LINK_NOT_SIGNED');
    try {
      return await this.open(url);
    } catch (error) {
      if (!(error instanceof OutboundException)) throw error;
      logOutboundFailure(this.logger, `Image ${url}`, error);
      throw new TimelineException('IMAGE_NOT_LOADABLE');
    }
  }

  /**
   * Opens an image for streaming to the client. Resolves once the first bytes
   * are in, so a failure before then is still an OutboundException (an answer
   * with `{ message }`) rather than a broken response.
   */
  private async open(url: string): Promise<ProxiedImage> {
    const response = await this.fetcher.open({
      url,
      accept: IMAGE_ACCEPT,
      allowedTypes: IMAGE_TYPES,
      maxBytes: IMAGE_MAX_BYTES,
    });
    await firstBytes(response.body);
    return { headers: imageHeaders(response), body: response.body };
  }
}

function imageHeaders(response: OutboundResponse): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': response.contentType,
    'cache-control': IMAGE_CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': 'inline',
  };
  if (response.contentLength !== null) headers['content-length'] = String(response.contentLength);
  const { etag } = response.headers;
  const lastModified = response.headers['last-modified'];
  if (etag !== undefined) headers['etag'] = etag;
  if (lastModified !== undefined) headers['last-modified'] = lastModified;
  return headers;
}

/** Waits until the body has bytes (or has ended); rejects if it fails or is destroyed first. */
function firstBytes(body: Readable): Promise<void> {
  // Whoever streams the body handles later errors; this keeps one in between from crashing.
  body.on('error', ignore);
  return new Promise((resolve, reject) => {
    const settle = (error?: unknown): void => {
      body.off('readable', onReady);
      body.off('end', onReady);
      body.off('error', onError);
      body.off('close', onClose);
      if (error === undefined) resolve();
      else reject(toOutboundException(error));
    };
    // 'end' rather than 'readable' when an empty body ended before anyone read it.
    const onReady = (): void => settle();
    const onError = (error: unknown): void => settle(error ?? new Error('stream failed'));
    const onClose = (): void =>
      settle(body.errored ?? (body.readableEnded ? undefined : new Error('body closed early')));
    body.once('readable', onReady);
    body.once('end', onReady);
    body.once('error', onError);
    body.once('close', onClose);
  });
}

const ignore = (): void => undefined;
