import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type {
  CreateTweetRequest,
  Page,
  PageQuery,
  ReplyRequest,
  TweetInteractionResponse,
  TweetResponse,
  UpdateTweetRequest,
} from '@wave/contracts';
import {
  createTweetRequestSchema,
  idOrUsernameSchema,
  idSchema,
  pageQuerySchema,
  replyRequestSchema,
  updateTweetRequestSchema,
} from '@wave/contracts';
import { AuthenticatedUserId, OptionalUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { TweetsService } from './tweets.service';

const tweetId = new ZodValidationPipe(idSchema('Post id'));
const pageQuery = new ZodValidationPipe(pageQuerySchema);
const userReference = new ZodValidationPipe(idOrUsernameSchema);

@Controller('api/tweets')
export class TweetsController {
  constructor(private readonly service: TweetsService) {}

  @Post()
  @HttpCode(201)
  create(
    @AuthenticatedUserId() userId: string,
    @Body(new ZodValidationPipe(createTweetRequestSchema)) body: CreateTweetRequest,
  ): Promise<TweetResponse> {
    return this.service.create(userId, body);
  }

  @Delete('pin')
  @HttpCode(204)
  unpin(@AuthenticatedUserId() userId: string): Promise<void> {
    return this.service.unpin(userId);
  }

  @Get(':id')
  get(
    @OptionalUserId() readerId: string | null,
    @Param('id', tweetId) id: string,
  ): Promise<TweetResponse> {
    return this.service.get(id, readerId);
  }

  @Put(':id')
  update(
    @AuthenticatedUserId() userId: string,
    @Param('id', tweetId) id: string,
    @Body(new ZodValidationPipe(updateTweetRequestSchema)) body: UpdateTweetRequest,
  ): Promise<TweetResponse> {
    return this.service.update(userId, id, body.content);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@AuthenticatedUserId() userId: string, @Param('id', tweetId) id: string): Promise<void> {
    return this.service.delete(userId, id);
  }

  @Post(':id/like')
  @HttpCode(200)
  like(
    @AuthenticatedUserId() userId: string,
    @Param('id', tweetId) id: string,
  ): Promise<TweetInteractionResponse> {
    return this.service.interact(userId, id, 'like', true);
  }

  @Delete(':id/like')
  unlike(
    @AuthenticatedUserId() userId: string,
    @Param('id', tweetId) id: string,
  ): Promise<TweetInteractionResponse> {
    return this.service.interact(userId, id, 'like', false);
  }

  @Post(':id/retweet')
  @HttpCode(200)
  retweet(
    @AuthenticatedUserId() userId: string,
    @Param('id', tweetId) id: string,
  ): Promise<TweetInteractionResponse> {
    return this.service.interact(userId, id, 'retweet', true);
  }

  @Delete(':id/retweet')
  unretweet(
    @AuthenticatedUserId() userId: string,
    @Param('id', tweetId) id: string,
  ): Promise<TweetInteractionResponse> {
    return this.service.interact(userId, id, 'retweet', false);
  }

  @Post(':id/reply')
  @HttpCode(201)
  reply(
    @AuthenticatedUserId() userId: string,
    @Param('id', tweetId) id: string,
    @Body(new ZodValidationPipe(replyRequestSchema)) body: ReplyRequest,
  ): Promise<TweetResponse> {
    return this.service.reply(userId, id, body.content);
  }

  @Get(':id/replies')
  replies(
    @OptionalUserId() readerId: string | null,
    @Param('id', tweetId) id: string,
    @Query(pageQuery) query: PageQuery,
  ): Promise<Page<TweetResponse>> {
    return this.service.replies(id, readerId, query);
  }

  @Post(':id/pin')
  @HttpCode(200)
  pin(
    @AuthenticatedUserId() userId: string,
    @Param('id', tweetId) id: string,
  ): Promise<TweetResponse> {
    return this.service.pin(userId, id);
  }
}

@Controller('api/users')
export class UserTweetsController {
  constructor(private readonly service: TweetsService) {}

  @Get(':idOrUsername/tweets')
  list(
    @OptionalUserId() readerId: string | null,
    @Param('idOrUsername', userReference) reference: string,
    @Query(pageQuery) query: PageQuery,
  ): Promise<Page<TweetResponse>> {
    return this.service.userTweets(reference, readerId, query);
  }
}
