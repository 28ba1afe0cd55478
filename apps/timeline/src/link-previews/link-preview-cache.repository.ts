import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { REDIS_CLIENT } from '@wave/redis';
import type { OutboundErrorCode } from '../outbound/outbound.exception';
import { OUTBOUND_ERROR_CODES } from '../outbound/outbound.exception';
import type { PagePreview } from './link-preview-parser';

/** A remembered preview, or the failure a URL gave. */
export type CachedLinkPreview =
  { ok: true; preview: PagePreview } | { ok: false; code: OutboundErrorCode };

// Entries outlive deploys: validate what comes back.
const cachedLinkPreviewSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    preview: z.object({
      url: z.string(),
      title: z.string().nullable(),
      description: z.string().nullable(),
      image: z.string().nullable(),
      siteName: z.string().nullable(),
    }),
  }),
  z.object({ ok: z.literal(false), code: z.enum(OUTBOUND_ERROR_CODES) }),
]);

/** `link-preview:<sha256 of the normalised URL>` (the client adds the deployment's prefix). */
export const linkPreviewCacheKey = (url: string): string =>
  `link-preview:${createHash('sha256').update(url).digest('hex')}`;

@Injectable()
export class LinkPreviewCacheRepository {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  /** The entry for a normalised URL; null when there is none or it is unreadable. */
  async find(url: string): Promise<CachedLinkPreview | null> {
    const raw = await this.redis.get(linkPreviewCacheKey(url));
    if (raw === null) return null;
    try {
      const parsed = cachedLinkPreviewSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async save(url: string, entry: CachedLinkPreview, ttlSeconds: number): Promise<void> {
    await this.redis.set(linkPreviewCacheKey(url), JSON.stringify(entry), 'EX', ttlSeconds);
  }
}
