import { internalIdentityHeaders } from '@wave/internal-auth';
import type { RenderedPicture } from './pictures';

/** Media decodes and re-encodes each picture: small ones take milliseconds, allow for a busy box. */
const MEDIA_TIMEOUT_MS = 30_000;

export interface MediaUploaderOptions {
  /** The media service (`MEDIA_URL`). */
  mediaUrl: string;
  /** The shared secret the gateway signs with (`INTERNAL_AUTH_SECRET`). */
  secret: string;
}

/**
 * Uploads pictures for the seeds the way the web app does, as the member:
 * `POST /api/objects/upload` for a single-use URL, then `PUT` the bytes to it.
 * Media checks and re-encodes them and answers with the object path that a
 * profile, a community or a post then claims.
 */
export class MediaUploader {
  constructor(private readonly options: MediaUploaderOptions) {}

  async upload(ownerId: string, picture: RenderedPicture): Promise<string> {
    const ticket = await this.call<{ uploadURL: string }>('POST', '/api/objects/upload', ownerId);
    const target = new URL(ticket.uploadURL, this.options.mediaUrl);
    const stored = await this.call<{ objectPath: string }>(
      'PUT',
      `${target.pathname}${target.search}`,
      ownerId,
      picture,
    );
    return stored.objectPath;
  }

  private async call<T>(
    method: 'POST' | 'PUT',
    url: string,
    userId: string,
    picture?: RenderedPicture,
  ): Promise<T> {
    const response = await fetch(new URL(url, this.options.mediaUrl), {
      method,
      headers: {
        ...internalIdentityHeaders({ secret: this.options.secret, userId, method, url }),
        ...(picture ? { 'content-type': picture.contentType } : {}),
      },
      // A copy on its own ArrayBuffer: what fetch's body types take, with the DOM's or Node's.
      body: picture ? Uint8Array.from(picture.data) : undefined,
      signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new Error(
        `Media at ${this.options.mediaUrl} did not answer (${error instanceof Error ? error.message : String(error)}): is it running?`,
      );
    });
    if (!response.ok) {
      throw new Error(
        `Media refused ${method} ${url}: ${response.status} ${await response.text()}`,
      );
    }
    return (await response.json()) as T;
  }
}
