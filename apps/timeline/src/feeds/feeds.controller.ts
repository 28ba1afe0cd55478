import { Controller, Get, Header, Query } from '@nestjs/common';
import type { PageQuery } from '@wave/contracts';
import { pageQuerySchema } from '@wave/contracts';
import { OptionalUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { FeedJsonRenderer } from './feed-json.renderer';
import { FeedsService } from './feeds.service';

@Controller('api/tweets')
export class FeedsController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly renderer: FeedJsonRenderer,
  ) {}

  /**
   * The home timeline for a member, the public timeline for a visitor: a `Page<FeedItemResponse>`
   * rendered to JSON bytes here (FeedJsonRenderer), the feed being the hottest read.
   */
  @Get()
  @Header('cache-control', 'private, no-store')
  @Header('content-type', 'application/json; charset=utf-8')
  async feed(
    @OptionalUserId() readerId: string | null,
    @Query(new ZodValidationPipe(pageQuerySchema)) query: PageQuery,
  ): Promise<Buffer> {
    const page = readerId
      ? await this.feeds.homeTimeline(readerId, query)
      : await this.feeds.publicTimeline(query, null);
    return this.renderer.page(page);
  }
}
