import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { FollowStatusResponse, Page, PageQuery, UserResponse } from '@wave/contracts';
import { idOrUsernameSchema, idSchema, pageQuerySchema } from '@wave/contracts';
import { AuthenticatedUserId, OptionalUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { FollowsService } from './follows.service';

const userIdParam = new ZodValidationPipe(idSchema('User id'));
const userReference = new ZodValidationPipe(idOrUsernameSchema);
const pageQuery = new ZodValidationPipe(pageQuerySchema);

@Controller('api/users')
export class FollowsController {
  constructor(private readonly service: FollowsService) {}

  @Post(':id/follow')
  @HttpCode(200)
  follow(
    @AuthenticatedUserId() userId: string,
    @Param('id', userIdParam) id: string,
  ): Promise<FollowStatusResponse> {
    return this.service.follow(userId, id);
  }

  @Delete(':id/follow')
  unfollow(
    @AuthenticatedUserId() userId: string,
    @Param('id', userIdParam) id: string,
  ): Promise<FollowStatusResponse> {
    return this.service.unfollow(userId, id);
  }

  @Get(':idOrUsername/followers')
  followers(
    @OptionalUserId() readerId: string | null,
    @Param('idOrUsername', userReference) reference: string,
    @Query(pageQuery) query: PageQuery,
  ): Promise<Page<UserResponse>> {
    return this.service.followers(reference, query, readerId);
  }

  @Get(':idOrUsername/following')
  following(
    @OptionalUserId() readerId: string | null,
    @Param('idOrUsername', userReference) reference: string,
    @Query(pageQuery) query: PageQuery,
  ): Promise<Page<UserResponse>> {
    return this.service.following(reference, query, readerId);
  }
}
