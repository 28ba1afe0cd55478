import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type {
  ChangeMemberRoleRequest,
  CommunityDetailResponse,
  CommunityJoinRequestResponse,
  CommunityMemberResponse,
  CommunityPostResponse,
  CommunitySummary,
  CreateCommunityPostRequest,
  CreateCommunityRequest,
  JoinCommunityResponse,
  ListCommunitiesPageQuery,
  Page,
  PageQuery,
  UpdateCommunityRequest,
} from '@wave/contracts';
import {
  changeMemberRoleRequestSchema,
  createCommunityPostRequestSchema,
  createCommunityRequestSchema,
  idSchema,
  listCommunitiesPageQuerySchema,
  pageQuerySchema,
  updateCommunityRequestSchema,
} from '@wave/contracts';
import { AuthenticatedUserId, OptionalUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { PostsService } from '../posts/posts.service';
import { CommunitiesService } from './communities.service';

const communityId = new ZodValidationPipe(idSchema('Community id'));
const userId = new ZodValidationPipe(idSchema('User id'));
const pageQuery = new ZodValidationPipe(pageQuerySchema);
const listQuery = new ZodValidationPipe(listCommunitiesPageQuerySchema);

@Controller('api/communities')
export class CommunitiesController {
  constructor(
    private readonly service: CommunitiesService,
    private readonly posts: PostsService,
  ) {}

  @Get()
  list(
    @OptionalUserId() readerId: string | null,
    @Query(listQuery) query: ListCommunitiesPageQuery,
  ): Promise<Page<CommunitySummary>> {
    return this.service.list(readerId, query, query);
  }

  @Post()
  @HttpCode(201)
  create(
    @AuthenticatedUserId() userId: string,
    @Body(new ZodValidationPipe(createCommunityRequestSchema)) body: CreateCommunityRequest,
  ): Promise<CommunityDetailResponse> {
    return this.service.create(userId, body);
  }

  @Get('my-communities')
  mine(
    @AuthenticatedUserId() userId: string,
    @Query(pageQuery) query: PageQuery,
  ): Promise<Page<CommunitySummary>> {
    return this.service.mine(userId, query);
  }

  @Get(':id')
  detail(
    @OptionalUserId() readerId: string | null,
    @Param('id', communityId) id: string,
  ): Promise<CommunityDetailResponse> {
    return this.service.detail(id, readerId);
  }

  @Put(':id')
  update(
    @AuthenticatedUserId() userId: string,
    @Param('id', communityId) id: string,
    @Body(new ZodValidationPipe(updateCommunityRequestSchema)) body: UpdateCommunityRequest,
  ): Promise<CommunityDetailResponse> {
    return this.service.update(userId, id, body);
  }

  @Get(':id/posts')
  listPosts(
    @OptionalUserId() readerId: string | null,
    @Param('id', communityId) id: string,
    @Query(pageQuery) query: PageQuery,
  ): Promise<Page<CommunityPostResponse>> {
    return this.posts.list(id, readerId, query);
  }

  @Post(':id/posts')
  @HttpCode(201)
  createPost(
    @AuthenticatedUserId() userId: string,
    @Param('id', communityId) id: string,
    @Body(new ZodValidationPipe(createCommunityPostRequestSchema)) body: CreateCommunityPostRequest,
  ): Promise<CommunityPostResponse> {
    return this.posts.create(userId, id, body);
  }

  @Post(':id/join')
  @HttpCode(200)
  join(
    @AuthenticatedUserId() userId: string,
    @Param('id', communityId) id: string,
  ): Promise<JoinCommunityResponse> {
    return this.service.join(userId, id);
  }

  @Delete(':id/leave')
  @HttpCode(204)
  leave(
    @AuthenticatedUserId() userId: string,
    @Param('id', communityId) id: string,
  ): Promise<void> {
    return this.service.leave(userId, id);
  }

  @Get(':id/members')
  members(
    @OptionalUserId() readerId: string | null,
    @Param('id', communityId) id: string,
    @Query(pageQuery) query: PageQuery,
  ): Promise<Page<CommunityMemberResponse>> {
    return this.service.members(id, readerId, query);
  }

  @Put(':id/members/:userId/role')
  setRole(
    @AuthenticatedUserId() actorId: string,
    @Param('id', communityId) id: string,
    @Param('userId', userId) memberId: string,
    @Body(new ZodValidationPipe(changeMemberRoleRequestSchema)) body: ChangeMemberRoleRequest,
  ): Promise<CommunityMemberResponse> {
    return this.service.setRole(actorId, id, memberId, body.role);
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  removeMember(
    @AuthenticatedUserId() actorId: string,
    @Param('id', communityId) id: string,
    @Param('userId', userId) memberId: string,
  ): Promise<void> {
    return this.service.removeMember(actorId, id, memberId);
  }

  @Get(':id/requests')
  requests(
    @AuthenticatedUserId() actorId: string,
    @Param('id', communityId) id: string,
    @Query(pageQuery) query: PageQuery,
  ): Promise<Page<CommunityJoinRequestResponse>> {
    return this.service.requests(actorId, id, query);
  }

  @Post(':id/requests/:userId/approve')
  @HttpCode(204)
  approve(
    @AuthenticatedUserId() actorId: string,
    @Param('id', communityId) id: string,
    @Param('userId', userId) requesterId: string,
  ): Promise<void> {
    return this.service.approve(actorId, id, requesterId);
  }

  @Delete(':id/requests/:userId')
  @HttpCode(204)
  decline(
    @AuthenticatedUserId() actorId: string,
    @Param('id', communityId) id: string,
    @Param('userId', userId) requesterId: string,
  ): Promise<void> {
    return this.service.decline(actorId, id, requesterId);
  }
}
