import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { Redis } from 'ioredis';
import { internalIdentityHeaders, InternalAuthModule } from '@wave/internal-auth';
import { createRedisClient, REDIS_CLIENT } from '@wave/redis';
import { ErrorResponseFilter } from '@wave/service-runtime';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace } from '@wave/testing';
import { ImageProxyController } from '../../src/image-proxy/image-proxy.controller';
import { ImageProxyService } from '../../src/image-proxy/image-proxy.service';
import { ImageProxySigner } from '../../src/image-proxy/image-proxy.signer';
import { LinkPreviewCacheRepository } from '../../src/link-previews/link-preview-cache.repository';
import { LinkPreviewsController } from '../../src/link-previews/link-previews.controller';
import { LinkPreviewsService } from '../../src/link-previews/link-previews.service';
import type { OutboundOptions } from '../../src/outbound/outbound-fetcher';
import { OUTBOUND_OPTIONS, OutboundFetcher } from '../../src/outbound/outbound-fetcher';

const SECRET = 'outbound-test-internal-secret-0123456789';
/** The member who asks for previews unless a test says otherwise. */
export const MEMBER_ID = '0190a4b2-7c1e-7d3a-8f00-000000000001';

/**
 * Just the link-preview and image-proxy controllers on Fastify, behind the
 * internal identity guard as in the app, with a real Redis namespace,
 * listening on a random local port (the image proxy streams, so the tests talk
 * to it over a real socket).
 */
export class OutboundHarness {
  app!: NestFastifyApplication;
  redis!: Redis;
  namespace!: TestRedisNamespace;
  /** Signs image-proxy links as the server does. */
  readonly signer = new ImageProxySigner(SECRET);
  baseUrl = '';

  async start(label: string, options: OutboundOptions): Promise<this> {
    this.namespace = createTestRedisNamespace(label);
    this.redis = createRedisClient({
      url: this.namespace.url,
      keyPrefix: this.namespace.keyPrefix,
      name: `timeline-test-${label}`,
    });
    const moduleRef = await Test.createTestingModule({
      imports: [InternalAuthModule.forRoot({ secret: SECRET })],
      controllers: [LinkPreviewsController, ImageProxyController],
      providers: [
        { provide: OUTBOUND_OPTIONS, useValue: options },
        { provide: REDIS_CLIENT, useValue: this.redis },
        { provide: ImageProxySigner, useValue: this.signer },
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

  /** `POST /api/link-preview` as a member (or, `as: null`, a visitor), through the gateway. */
  preview(url: unknown, { as = MEMBER_ID }: { as?: string | null } = {}): Promise<Response> {
    return fetch(`${this.baseUrl}/api/link-preview`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...this.identity('POST', '/api/link-preview', as),
      },
      body: JSON.stringify({ url }),
    });
  }

  /** The image proxy for a URL the server signed. */
  image(url: string): Promise<Response> {
    return this.imageLink(this.signer.proxyUrlOf(url) ?? '');
  }

  /** `GET` a path and query of the image proxy as given (`/api/image-proxy?…`), as a visitor. */
  imageLink(pathAndQuery: string): Promise<Response> {
    return fetch(`${this.baseUrl}${pathAndQuery}`, {
      headers: this.identity('GET', pathAndQuery, null),
    });
  }

  private identity(method: string, url: string, userId: string | null): Record<string, string> {
    return internalIdentityHeaders({ secret: SECRET, userId, method, url });
  }
}
