import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { CreateTweetRequest } from '@wave/contracts';
import { internalIdentityHeaders } from '@wave/internal-auth';
import { RpcClient, RpcUnavailableError } from '@wave/rpc';
import { TimelineException } from '../common/timeline.exception';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import { decodeImageDataUrl } from './data-url.util';

/** Media decodes and re-encodes up to 40 megapixels: it may take a while. */
const MEDIA_TIMEOUT_MS = 60_000;

/**
 * The images of a new post, as object paths the author owns: an inline data
 * URL is uploaded to media (the same checked, re-encoded upload path a browser
 * uses), and every path is claimed from media, which refuses paths that are not
 * the author's uploads. Bytes go over HTTP; the claim is a call over Redis.
 */
@Injectable()
export class TweetImagesService {
  constructor(
    @Inject(TIMELINE_CONFIG) private readonly config: TimelineConfig,
    private readonly rpc: RpcClient,
  ) {}

  /** The paths for the tweet `tweetId` (its claim: deleting the tweet releases them). */
  async prepare(authorId: string, tweetId: string, request: CreateTweetRequest): Promise<string[]> {
    const paths = [...(request.imageUrls ?? [])];
    if (request.imageUrl) paths.unshift(await this.uploadInline(authorId, request.imageUrl));
    if (paths.length === 0) return [];
    let claim;
    try {
      claim = await this.rpc.call('media.claim-objects', {
        ownerId: authorId,
        objectPaths: paths,
        purpose: 'tweet',
        subjectId: tweetId,
      });
    } catch (error) {
      if (error instanceof RpcUnavailableError) throw new TimelineException('IMAGES_UNAVAILABLE');
      throw error;
    }
    if (!claim.ok) {
      throw new TimelineException(
        claim.reason === 'not-yours' ? 'IMAGE_NOT_YOURS' : 'IMAGE_NOT_UPLOADED',
      );
    }
    return paths;
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
