import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { Redis } from 'ioredis';
import { createRedisClient, REDIS_CLIENT } from '@wave/redis';
import { ErrorResponseFilter } from '@wave/service-runtime';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace } from '@wave/testing';
import { ImageProxyController } from '../../src/image-proxy/image-proxy.controller';
import { ImageProxyService } from '../../src/image-proxy/image-proxy.service';
import { LinkPreviewCacheRepository } from '../../src/link-previews/link-preview-cache.repository';
import { LinkPreviewsController } from '../../src/link-previews/link-previews.controller';
import { LinkPreviewsService } from '../../src/link-previews/link-previews.service';
import type { OutboundOptions } from '../../src/outbound/outbound-fetcher';
import { OUTBOUND_OPTIONS, OutboundFetcher } from '../../src/outbound/outbound-fetcher';

/**
 * Just the link-preview and image-proxy controllers on Fastify, with a real Redis
 * namespace, listening on a random local port (the image proxy streams, so the
 * tests talk to it over a real socket).
 */
export class OutboundHarness {
  app!: NestFastifyApplication;
  redis!: Redis;
  namespace!: TestRedisNamespace;
  baseUrl = '';

  async start(label: string, options: OutboundOptions): Promise<this> {
    this.namespace = createTestRedisNamespace(label);
    this.redis = createRedisClient({
      url: this.namespace.url,
      keyPrefix: this.namespace.keyPrefix,
      name: `timeline-test-${label}`,
    });
    const moduleRef = await Test.createTestingModule({
      controllers: [LinkPreviewsController, ImageProxyController],
      providers: [
        { provide: OUTBOUND_OPTIONS, useValue: options },
        { provide: REDIS_CLIENT, useValue: this.redis },
        OutboundFetcher,
        LinkPreviewCacheRepository,
        LinkPreviewsService,
        ImageProxyService,
      ],
    }).compile();
    this.app = moduleRef.createNestApplication<NestFastifyApplication>(
      new FastifyAdapter({ logger: false }),
      { logger: false },
    );
    this.app.useGlobalFilters(new ErrorResponseFilter());
    await this.app.listen(0, '127.0.0.1');
    this.baseUrl = await this.app.getUrl();
    return this;
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.namespace?.cleanup();
    await this.redis?.quit();
  }

  preview(url: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}/api/link-preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
  }

  image(url: string | null): Promise<Response> {
    const query = url === null ? '' : `?url=${encodeURIComponent(url)}`;
    return fetch(`${this.baseUrl}/api/image-proxy${query}`);
  }
}
