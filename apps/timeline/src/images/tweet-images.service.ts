import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import type { CreateTweetRequest } from '@wave/contracts';
import { currentTraceCarrier } from '@wave/tracing';
import { internalIdentityHeaders } from '@wave/internal-auth';
import type { ClaimRefusal } from '@wave/rpc';
import { claimObjects, releaseClaims, RpcClient } from '@wave/rpc';
import type { TimelineErrorCode } from '../common/timeline.exception';
import { TimelineException } from '../common/timeline.exception';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import { decodeImageDataUrl } from './data-url.util';

/** Media decodes and re-encodes up to 40 megapixels: it may take a while. */
const MEDIA_TIMEOUT_MS = 60_000;

/** How a refused claim is answered. */
const CLAIM_REFUSALS: Record<ClaimRefusal, TimelineErrorCode> = {
  unavailable: 'IMAGES_UNAVAILABLE',
  'not-yours': 'IMAGE_NOT_YOURS',
  'not-found': 'IMAGE_NOT_UPLOADED',
  'not-an-upload': 'IMAGE_NOT_UPLOADED',
};

/** A new tweet's images: the paths it shows, and the claim made for them (none without images). */
export interface TweetImages {
  paths: string[];
  /** What `release` gives back if the tweet is not written after all. */
  claimId: string | null;
}

/**
 * The images of a new post, as object paths the author owns: an inline data
 * URL is uploaded to media (the same checked, re-encoded upload path a browser
 * uses), and every path is claimed from media, which refuses paths that are not
 * the author's uploads. Bytes go over HTTP; the claim is a call over Redis.
 * Claim last, just before the insert, and release when the insert fails.
 */
@Injectable()
export class TweetImagesService {
  private readonly logger = new Logger(TweetImagesService.name);

  constructor(
    @Inject(TIMELINE_CONFIG) private readonly config: TimelineConfig,
    private readonly rpc: RpcClient,
  ) {}

  /** The paths for the tweet `tweetId` (its claim: deleting the tweet releases them). */
  async prepare(
    authorId: string,
    tweetId: string,
    request: CreateTweetRequest,
  ): Promise<TweetImages> {
    const paths = [...(request.imageUrls ?? [])];
    if (request.imageUrl) paths.unshift(await this.uploadInline(authorId, request.imageUrl));
    if (paths.length === 0) return { paths, claimId: null };
    const claim = await claimObjects(this.rpc, {
      ownerId: authorId,
      objectPaths: paths,
      purpose: 'tweet',
      subjectId: tweetId,
    });
    if (!claim.ok) throw new TimelineException(CLAIM_REFUSALS[claim.reason]);
    return { paths, claimId: claim.claimId };
  }

  /** Gives back what `prepare` claimed for a tweet whose insert failed (best effort). */
  async release(authorId: string, tweetId: string, images: TweetImages): Promise<void> {
    if (!images.claimId) return;
    await releaseClaims(
      this.rpc,
      { ownerId: authorId, purpose: 'tweet', subjectId: tweetId, claimId: images.claimId },
      this.logger,
    );
  }

  private async uploadInline(authorId: string, dataUrl: string): Promise<string> {
    const image = decodeImageDataUrl(dataUrl);
    if (image === 'invalid') throw new TimelineException('INLINE_IMAGE_INVALID');
    if (image === 'too-large') throw new TimelineException('INLINE_IMAGE_TOO_LARGE');
    const ticket = await this.media<{ uploadURL: string }>('POST', '/api/objects/upload', authorId);
    const target = new URL(ticket.uploadURL, this.config.MEDIA_URL);
    const stored = await this.media<{ objectPath: string }>(
      'PUT',
      `${target.pathname}${target.search}`,
      authorId,
      image.data,
      image.contentType,
    );
    return stored.objectPath;
  }

  /** A call to media on behalf of the author; media's own refusals (type, size) pass through. */
  private async media<T>(
    method: string,
    url: string,
    userId: string,
    body?: Buffer,
    contentType?: string,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(url, this.config.MEDIA_URL), {
        method,
        headers: {
          ...internalIdentityHeaders({
            secret: this.config.INTERNAL_AUTH_SECRET,
            userId,
            method,
            url,
          }),
          ...(contentType ? { 'content-type': contentType } : {}),
          // The post's trace goes on in media.
          ...currentTraceCarrier(),
        },
        body,
        signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
      });
    } catch {
      throw new TimelineException('IMAGES_UNAVAILABLE');
    }
    const answer: unknown = await response.json().catch(() => ({}));
    if (response.ok) return answer as T;
    if (response.status >= 400 && response.status < 500) {
      const message = (answer as { message?: unknown }).message;
      throw new HttpException(
        { message: typeof message === 'string' ? message : 'The image was refused' },
        response.status,
      );
    }
    throw new TimelineException('IMAGES_UNAVAILABLE');
  }
}
