import type { Readable } from 'node:stream';
import { pipeline, Transform } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { Client } from 'minio';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_CONFIG } from '../config/media.config';

export interface StoredObject {
  size: number;
  etag: string;
  contentType: string;
  lastModified: Date;
}

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What S3 servers call a key (or bucket) that is not there: HEAD gives no body, so no code. */
const MISSING_OBJECT_CODES = new Set(['NotFound', 'NoSuchKey']);
/** A bucket created meanwhile by another instance (MinIO and AWS say the first, s3rver the second). */
const BUCKET_EXISTS_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The S3 error code (`NoSuchKey`, `AccessDenied`, …) of an error from the minio client. */
export function s3ErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** True for the error `read` (or `stat` on other clients) gives for a key that does not exist. */
export const isMissingObjectError = (error: unknown): boolean =>
  MISSING_OBJECT_CODES.has(s3ErrorCode(error) ?? '');

/** The minio client's options for an S3 endpoint URL such as `http://127.0.0.1:9000`. */
export function s3ClientOptions(config: MediaConfig) {
  const endpoint = new URL(config.S3_ENDPOINT);
  if (endpoint.pathname !== '/' || endpoint.search) {
    throw new Error(`S3_ENDPOINT must be a bare origin, not ${config.S3_ENDPOINT}`);
  }
  return {
    endPoint: endpoint.hostname.replace(/^\[(.*)\]$/, '$1'),
    ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
    useSSL: endpoint.protocol === 'https:',
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    pathStyle: true,
  };
}

/** The media bucket. Only this class talks to the S3 API. */
@Injectable()
export class ObjectStorage {
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;

  constructor(@Inject(MEDIA_CONFIG) config: MediaConfig) {
    this.client = new Client(s3ClientOptions(config));
    this.bucket = config.S3_BUCKET;
    this.region = config.S3_REGION;
  }

  /** Creates the bucket when it is missing; another instance creating it meanwhile is fine. */
  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      const code = s3ErrorCode(error);
      if (code && BUCKET_EXISTS_CODES.has(code) && (await this.client.bucketExists(this.bucket))) {
        return;
      }
      throw error;
    }
  }

  /** Stores an object (private: no ACL is set, so only signed requests read it). */
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, data, data.length, {
      'Content-Type': contentType,
    });
  }

  /** The object's size, ETag, content type and time of writing, or null when it is missing. */
  async stat(key: string): Promise<StoredObject | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const contentType: unknown = stat.metaData['content-type'];
      return {
        size: stat.size,
        etag: stat.etag,
        contentType: typeof contentType === 'string' ? contentType : DEFAULT_CONTENT_TYPE,
        lastModified: stat.lastModified,
      };
    } catch (error) {
      if (isMissingObjectError(error)) return null;
      throw error;
    }
  }

  /**
   * The object's bytes, or those from `range.start` to `range.end` inclusive. A missing key
   * rejects with an error `isMissingObjectError` recognises.
   */
  async read(key: string, range?: ByteRange): Promise<Readable> {
    if (!range) return this.client.getObject(this.bucket, key);
    const { start, end } = range;
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
      throw new RangeError(`Invalid byte range ${start}-${end}`);
    }
    const length = end - start + 1;
    const body = await this.client.getPartialObject(this.bucket, key, start, length);
    // S3 and MinIO send exactly the range; s3rver sends everything for `bytes=0-0`.
    return pipeline(body, atMost(length), () => undefined);
  }

  /**
   * Deletes the objects; keys that are already gone are fine. One request per 1,000 keys; when
   * such a request fails outright, the keys are deleted one at a time (s3rver answers 500 when
   * a multi-delete empties a "directory" two of its keys share).
   */
  async remove(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    let results: Awaited<ReturnType<Client['removeObjects']>>;
    try {
      results = await this.client.removeObjects(this.bucket, keys);
    } catch {
      for (const key of keys) await this.client.removeObject(this.bucket, key);
      return;
    }
    const failures = results.flatMap((result) => {
      const failure = result?.Error;
      return failure && !MISSING_OBJECT_CODES.has(failure.Code ?? '') ? [failure] : [];
    });
    if (failures.length > 0) {
      const summary = failures.map((failure) => `${failure.Key}: ${failure.Code}`).join(', ');
      throw new Error(`Could not delete ${failures.length} object(s): ${summary}`);
    }
  }
}

/** Passes on the first `length` bytes and drops the rest. */
function atMost(length: number): Transform {
  let remaining = length;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const part = chunk.subarray(0, Math.max(remaining, 0));
      remaining -= part.length;
      callback(null, part.length > 0 ? part : undefined);
    },
  });
}
