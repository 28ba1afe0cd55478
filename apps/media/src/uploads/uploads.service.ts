import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { MediaException } from '../common/media.exception';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_CONFIG } from '../config/media.config';
import { ImageProcessor } from '../images/image-processor';
import type { ImageType } from '../images/image-type.util';
import { SNIFF_BYTES, sniffImageType } from '../images/image-type.util';
import { ObjectStorage } from '../storage/object-storage';
import {
  checkUploadSignature,
  displayKeyOf,
  objectKeyOf,
  objectPathOf,
  signUpload,
} from './upload-signature.util';
import { UploadsRepository } from './uploads.repository';

export interface UploadUrlResponse {
  uploadURL: string;
}

export interface StoredUploadResponse {
  objectPath: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

/**
 * The upload sequence: a single-use URL that expires, then one PUT of the
 * bytes. The body is spooled to a file while it is counted and its first bytes
 * are checked, so nothing large is held in memory; then sharp decodes it
 * (refusing decompression bombs), re-encodes it without metadata and makes a
 * display variant, and both go to the bucket.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly uploads: UploadsRepository,
    private readonly storage: ObjectStorage,
    private readonly images: ImageProcessor,
  ) {}

  async createUploadUrl(ownerId: string): Promise<UploadUrlResponse> {
    const id = uuidv7();
    const expiresAt = Date.now() + this.config.UPLOAD_URL_TTL_SECONDS * 1000;
    await this.uploads.createPending(id, ownerId, new Date(expiresAt));
    const signature = signUpload(this.config.INTERNAL_AUTH_SECRET, id, expiresAt);
    return {
      uploadURL: `${this.config.PUBLIC_BASE_URL}${objectPathOf(id)}?expires=${expiresAt}&signature=${signature}`,
    };
  }

  async receive(
    ownerId: string,
    id: string,
    expires: string | undefined,
    signature: string | undefined,
    declaredLength: number | null,
    body: Readable,
  ): Promise<StoredUploadResponse> {
    const check = checkUploadSignature(this.config.INTERNAL_AUTH_SECRET, id, expires, signature);
    if (check === 'invalid') throw new MediaException('UPLOAD_URL_INVALID');
    if (check === 'expired') throw new MediaException('UPLOAD_URL_EXPIRED');
    if (!(await this.uploads.startReceiving(id, ownerId))) {
      const upload = await this.uploads.find(id);
      if (!upload) throw new MediaException('UPLOAD_NOT_FOUND');
      if (upload.ownerId !== ownerId) throw new MediaException('UPLOAD_NOT_YOURS');
      throw new MediaException('UPLOAD_URL_USED');
    }
    const spool = await mkdtemp(join(this.config.UPLOAD_SPOOL_DIR || tmpdir(), 'wave-upload-'));
    try {
      if (declaredLength !== null && declaredLength > this.config.UPLOAD_MAX_BYTES) {
        throw new MediaException('TOO_LARGE');
      }
      const file = join(spool, 'original');
      const { size, type } = await this.spool(body, file);
      const processed = await this.images.process(file, type);
      await this.storage.put(
        objectKeyOf(id),
        processed.original.data,
        processed.original.contentType,
      );
      if (processed.display) {
        await this.storage.put(
          displayKeyOf(id),
          processed.display.data,
          processed.display.contentType,
        );
      }
      const stored = {
        contentType: processed.original.contentType,
        size: processed.original.data.length,
        width: processed.original.width,
        height: processed.original.height,
      };
      await this.uploads.markStored(id, { ...stored, hasDisplay: processed.display !== null });
      this.logger.log(`Stored upload ${id}: ${type}, ${size} bytes in, ${stored.size} out`);
      return { objectPath: objectPathOf(id), ...stored };
    } catch (error) {
      await this.uploads.markFailed(id);
      throw error;
    } finally {
      await rm(spool, { recursive: true, force: true });
    }
  }

  /** Writes the body to a file, counting it and checking that it starts like an image. */
  private async spool(body: Readable, file: string): Promise<{ size: number; type: ImageType }> {
    const max = this.config.UPLOAD_MAX_BYTES;
    let size = 0;
    let head = Buffer.alloc(0);
    let type: ImageType | null = null;
    const check = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > max) return done(new MediaException('TOO_LARGE'));
        if (type === null && head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, chunk]);
          if (head.length >= SNIFF_BYTES) {
            type = sniffImageType(head);
            if (type === null) return done(new MediaException('NOT_AN_IMAGE'));
          }
        }
        done(null, chunk);
      },
    });
    await pipeline(body, check, createWriteStream(file));
    if (size === 0) throw new MediaException('EMPTY_UPLOAD');
    type ??= sniffImageType(head);
    if (type === null) throw new MediaException('NOT_AN_IMAGE');
    return { size, type };
  }
}
