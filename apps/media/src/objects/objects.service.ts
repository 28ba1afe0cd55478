import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { MediaException } from '../common/media.exception';
import { ObjectStorage } from '../storage/object-storage';
import { displayKeyOf, objectKeyOf } from '../uploads/upload-signature.util';
import { UploadsRepository } from '../uploads/uploads.repository';

export type Variant = 'original' | 'display';

export interface ServedObject {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

/** Objects never change once stored: they are cached for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Parses a single-range `bytes=` header; null when absent or not satisfiable as one range. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * Serves stored uploads from the bucket: the content type media itself wrote
 * (always an image type), ETags, ranges and long immutable caching; anything
 * not stored is a 404.
 */
@Injectable()
export class ObjectsService {
  constructor(
    private readonly uploads: UploadsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async serve(
    id: string,
    variant: Variant,
    range: string | undefined,
    ifNoneMatch: string | undefined,
  ): Promise<ServedObject> {
    const upload = await this.uploads.find(id);
    if (!upload || upload.status !== 'stored') throw new MediaException('OBJECT_NOT_FOUND');
    const key = variant === 'display' && upload.hasDisplay ? displayKeyOf(id) : objectKeyOf(id);
    const stat = await this.storage.stat(key);
    if (!stat || !stat.contentType.startsWith('image/'))
      throw new MediaException('OBJECT_NOT_FOUND');

    const etag = `"${stat.etag.replace(/"/g, '')}"`;
    const headers: Record<string, string> = {
      'content-type': stat.contentType,
      'cache-control': CACHE_CONTROL,
      etag,
      'last-modified': stat.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
    };
    if (
      ifNoneMatch &&
      ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
    ) {
      return { status: 304, headers, body: null };
    }
    const wanted = parseRange(range, stat.size);
    if (wanted === 'invalid') {
      return {
        status: 416,
        headers: { ...headers, 'content-range': `bytes */${stat.size}` },
        body: null,
      };
    }
    if (wanted) {
      return {
        status: 206,
        headers: {
          ...headers,
          'content-range': `bytes ${wanted.start}-${wanted.end}/${stat.size}`,
          'content-length': String(wanted.end - wanted.start + 1),
        },
        body: await this.storage.read(key, wanted),
      };
    }
    return {
      status: 200,
      headers: { ...headers, 'content-length': String(stat.size) },
      body: await this.storage.read(key),
    };
  }
}
