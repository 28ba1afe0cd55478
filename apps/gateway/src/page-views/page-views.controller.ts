import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { TrackPageViewRequest } from '@wave/contracts';
import { trackPageViewRequestSchema } from '@wave/contracts';
import { ZodValidationPipe } from '@wave/service-runtime';
import type { ProxiedRequest } from '../proxy/upstreams';
import { PageViewQueue } from './page-view-queue';

@Controller('api/seo')
export class PageViewsController {
  constructor(private readonly pageViews: PageViewQueue) {}

  /**
   * `POST /api/seo/track {url, userAgent}`: a page view from anyone, accepted at once (202)
   * and queued for analytics. The pipeline (ProxyRouter) has already counted it against its limit
   * and named the viewer (the session's member, or the visitor key it made).
   */
  @Post('track')
  @HttpCode(202)
  track(
    @Req() request: FastifyRequest,
    @Body(new ZodValidationPipe(trackPageViewRequestSchema)) body: TrackPageViewRequest,
  ): void {
    const raw = request.raw as ProxiedRequest;
    this.pageViews.track(body, {
      userId: raw.identity?.userId ?? null,
      visitor: raw.visitorKey ?? null,
      userAgent: raw.headers['user-agent'] ?? '',
    });
  }
}
