import { Controller, Get, Header, Query } from '@nestjs/common';
import type { PostViewsQuery, PostViewsResponse } from '@wave/contracts';
import { postViewsQuerySchema } from '@wave/contracts';
import { ZodValidationPipe } from '@wave/service-runtime';
import { PostViewsService } from './post-views.service';

@Controller('api/analytics')
export class PostViewsController {
  constructor(private readonly postViews: PostViewsService) {}

  /** `GET /api/analytics/views?ids=a,b,c`: the view counts of up to 100 posts, for anyone. */
  @Get('views')
  @Header('Cache-Control', 'public, max-age=30')
  views(
    @Query(new ZodValidationPipe(postViewsQuerySchema)) query: PostViewsQuery,
  ): Promise<PostViewsResponse> {
    return this.postViews.viewsOf(query.ids);
  }
}
