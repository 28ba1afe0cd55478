import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type {
  CommunityCommentResponse,
  CommunityPostLikeResponse,
  CommunityPostResponse,
  CommunityPostShareResponse,
  CreateCommentRequest,
  Page,
  PageQuery,
} from '@wave/contracts';
import { createCommentRequestSchema, idSchema, pageQuerySchema } from '@wave/contracts';
import { AuthenticatedUserId, OptionalUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { PostsService } from './posts.service';

const postId = new ZodValidationPipe(idSchema('Post id'));
const pageQuery = new ZodValidationPipe(pageQuerySchema);

/** Community posts by id (the spec's `/api/posts/...` calls). */
@Controller('api/posts')
export class PostsController {
  constructor(private readonly service: PostsService) {}

  @Get(':id')
  get(
    @OptionalUserId() readerId: string | null,
    @Param('id', postId) id: string,
  ): Promise<CommunityPostResponse> {
    return this.service.get(id, readerId);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@AuthenticatedUserId() userId: string, @Param('id', postId) id: string): Promise<void> {
    return this.service.delete(userId, id);
  }

  @Post(':id/like')
  @HttpCode(200)
  like(
    @AuthenticatedUserId() userId: string,
    @Param('id', postId) id: string,
  ): Promise<CommunityPostLikeResponse> {
    return this.service.like(userId, id, true);
  }

  @Delete(':id/like')
  unlike(
    @AuthenticatedUserId() userId: string,
    @Param('id', postId) id: string,
  ): Promise<CommunityPostLikeResponse> {
    return this.service.like(userId, id, false);
  }

  @Post(':id/share')
  @HttpCode(200)
  share(
    @AuthenticatedUserId() userId: string,
    @Param('id', postId) id: string,
  ): Promise<CommunityPostShareResponse> {
    return this.service.share(userId, id);
  }

  @Get(':id/comments')
  comments(
    @OptionalUserId() readerId: string | null,
    @Param('id', postId) id: string,
    @Query(pageQuery) query: PageQuery,
  ): Promise<Page<CommunityCommentResponse>> {
    return this.service.comments(id, readerId, query);
  }

  @Post(':id/comments')
  @HttpCode(201)
  comment(
    @AuthenticatedUserId() userId: string,
    @Param('id', postId) id: string,
    @Body(new ZodValidationPipe(createCommentRequestSchema)) body: CreateCommentRequest,
  ): Promise<CommunityCommentResponse> {
    return this.service.comment(userId, id, body.content);
  }
}
