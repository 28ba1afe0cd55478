import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import type { TrackPageViewRequest } from '@wave/contracts';
import { trackPageViewRequestSchema } from '@wave/contracts';
import { OptionalUserId, VISITOR_KEY_HEADER } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';

import { IngestService } from '../ingest/ingest.service';

@Controller('api/seo')
export class SeoTrackController {
  constructor(private readonly ingest: IngestService) {}

  /** `POST /api/seo/track {url, userAgent}`: a page view from anyone, accepted at once (202). */
  @Post('track')
  @HttpCode(202)
  track(
    @OptionalUserId() userId: string | null,
    @Headers(VISITOR_KEY_HEADER) visitor: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @Body(new ZodValidationPipe(trackPageViewRequestSchema)) body: TrackPageViewRequest,
  ): void {
    this.ingest.trackPageView(body, {
      userId,
      visitor: visitor ?? null,
      userAgent: userAgent ?? '',
    });
  }
}
