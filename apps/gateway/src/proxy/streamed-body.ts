import type { Readable, TransformCallback } from 'node:stream';
import { Transform } from 'node:stream';

export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : `${Math.round(bytes / 1024)} KB`;

export const bodyTooLargeMessage = (limit: number): string =>
  `Request body is too large (at most ${formatBytes(limit)})`;

/** A body that grew past its route's limit while it was streamed to the service. */
export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(bodyTooLargeMessage(limit));
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The request body as the service receives it. A body of declared length is checked before
 * (and cannot outgrow its length); a chunked one is counted as it passes and stopped with a
 * BodyTooLargeError once it outgrows the limit.
 */
export function streamedBody(
  payload: Readable,
  headers: { 'content-length'?: string },
  limit: number,
): Readable {
  if (headers['content-length'] !== undefined) return payload;
  let received = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      received += chunk.length;
      if (received > limit) callback(new BodyTooLargeError(limit));
      else callback(null, chunk);
    },
  });
  payload.on('error', (error) => capped.destroy(error));
  return payload.pipe(capped);
}
