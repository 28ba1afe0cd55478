import { Controller, Get, Header, Query } from '@nestjs/common';
import type { FeedItemResponse, Page, PageQuery } from '@wave/contracts';
import { pageQuerySchema } from '@wave/contracts';
import { OptionalUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { FeedsService } from './feeds.service';

@Controller('api/tweets')
export class FeedsController {
  constructor(private readonly feeds: FeedsService) {}

  /** The home timeline for a member, the public timeline for a visitor. */
  @Get()
  @Header('cache-control', 'private, no-store')
  feed(
    @OptionalUserId() readerId: string | null,
    @Query(new ZodValidationPipe(pageQuerySchema)) query: PageQuery,
  ): Promise<Page<FeedItemResponse>> {
    return readerId
      ? this.feeds.homeTimeline(readerId, query)
      : this.feeds.publicTimeline(query, null);
  }
}
