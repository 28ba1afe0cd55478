import { Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type {
  CommunityCommentResponse,
  CommunityPostLikeResponse,
  CommunityPostResponse,
  CommunityPostShareResponse,
  CommunityRole,
  CreateCommunityPostRequest,
  Page,
  PageQuery,
} from '@wave/contracts';
import { encodeKeysetCursor } from '@wave/database';
import { EventOutbox } from '@wave/messaging';
import type { EntityManager } from 'typeorm';
import { AuthorsRepository } from '../authors/authors.repository';
import { CommunitiesException } from '../common/communities.exception';
import { MediaClaimsService } from '../common/media-claims.service';
import { keysetOf, toPage } from '../common/paging.util';
import { CommunitiesRepository } from '../communities/communities.repository';
import { isManager, toCommentResponse, toPostResponse } from '../communities/community.mapper';
import type { PostHead } from './posts.repository';
import { PostsRepository } from './posts.repository';

const AUTHOR_WAIT_MS = 2_000;
const AUTHOR_POLL_MS = 50;

/** A post or comment id (UUIDv7: ids sort by time) made now, or at a backdated time. */
const idAt = (at: Date | undefined): string => (at ? uuidv7({ msecs: at.getTime() }) : uuidv7());

@Injectable()
export class PostsService {
  private readonly logger = new Logger(PostsService.name);

  constructor(
    private readonly posts: PostsRepository,
    private readonly communities: CommunitiesRepository,
    private readonly authors: AuthorsRepository,
    private readonly media: MediaClaimsService,
    private readonly outbox: EventOutbox,
  ) {}

  /** A page of a community's posts for a reader whose role there is known. */
  async page(
    communityId: string,
    readerId: string | null,
    readerRole: CommunityRole | null,
    page: PageQuery,
  ): Promise<Page<CommunityPostResponse>> {
    const rows = await this.posts.feed(
      communityId,
      readerId,
      keysetOf(page.cursor),
      page.limit + 1,
    );
    return toPage(
      rows,
      page.limit,
      (row) => toPostResponse(row, readerId, readerRole),
      (row) => encodeKeysetCursor({ at: row.createdAt, id: row.id }),
    );
  }

  /** `GET /api/communities/{id}/posts`: hidden from non-members of a private community. */
  async list(
    communityId: string,
    readerId: string | null,
    page: PageQuery,
  ): Promise<Page<CommunityPostResponse>> {
    const isPrivate = await this.communities.isPrivate(communityId);
    if (isPrivate === null) throw new CommunitiesException('COMMUNITY_NOT_FOUND');
    const role = await this.communities.roleOf(communityId, readerId);
    if (isPrivate && role === null) throw new CommunitiesException('MEMBERS_ONLY');
    return this.page(communityId, readerId, role, page);
  }

  async get(id: string, readerId: string | null): Promise<CommunityPostResponse> {
    const role = await this.visibleTo(await this.headOf(id), readerId);
    const row = await this.posts.find(id, readerId);
    if (!row) throw new CommunitiesException('POST_NOT_FOUND');
    return toPostResponse(row, readerId, role);
  }

  /**
   * Members post; the media must be the author's own uploads. `at` backdates
   * the post (the demo seed's history); now when not given. Comments and likes
   * take it too.
   */
  async create(
    authorId: string,
    communityId: string,
    request: CreateCommunityPostRequest,
    at?: Date,
  ): Promise<CommunityPostResponse> {
    if ((await this.communities.isPrivate(communityId)) === null)
      throw new CommunitiesException('COMMUNITY_NOT_FOUND');
    const role = await this.communities.roleOf(communityId, authorId);
    if (role === null) throw new CommunitiesException('NOT_A_MEMBER');
    const id = idAt(at);
    await this.awaitAuthor(authorId);
    // The media are claimed last, once every check passed, and given back if the insert fails.
    const media = await this.media.claim(authorId, request.mediaUrls, 'community-post', id);
    await this.outbox.transaction(
      async (manager) => {
        // Checked again under the transaction: a member who just left cannot post.
        if ((await this.communities.roleOf(communityId, authorId, manager)) === null)
          throw new CommunitiesException('NOT_A_MEMBER');
        const createdAt = await this.posts.insert(manager, {
          id,
          communityId,
          authorId,
          content: request.content,
          mediaUrls: request.mediaUrls,
          ...(at ? { createdAt: at } : {}),
        });
        await this.outbox.append(manager, 'community.post.created', {
          postId: id,
          communityId,
          authorId,
          content: request.content,
          mediaUrls: request.mediaUrls,
          createdAt: createdAt.toISOString(),
        });
      },
      { rolledBack: () => this.media.release(media) },
    );
    return this.get(id, authorId);
  }

  /** Likes or unlikes; idempotent, the count exact under concurrent clicks (`at`: see `create`). */
  async like(
    userId: string,
    id: string,
    on: boolean,
    at?: Date,
  ): Promise<CommunityPostLikeResponse> {
    return this.outbox.transaction(async (manager) => {
      const post = await this.posts.head(id, manager, true);
      if (!post) throw new CommunitiesException('POST_NOT_FOUND');
      await this.visibleTo(post, userId, manager);
      const changed = on
        ? await this.posts.like(manager, id, userId, at)
        : await this.posts.unlike(manager, id, userId);
      let likesCount = post.likesCount;
      if (changed) {
        likesCount = await this.posts.adjust(manager, id, 'likes_count', on ? 1 : -1);
        await this.outbox.append(manager, on ? 'community.post.liked' : 'community.post.unliked', {
          postId: id,
          communityId: post.communityId,
          userId,
          authorId: post.authorId,
          at: (on && at ? at : new Date()).toISOString(),
        });
      }
      return { postId: id, isLiked: on, likesCount };
    });
  }

  /**
   * Counts a share (the client calls it once the link was shared or copied):
   * once per user, so sharing again, or a script, cannot inflate the count.
   */
  async share(userId: string, id: string): Promise<CommunityPostShareResponse> {
    return this.outbox.transaction(async (manager) => {
      const post = await this.posts.head(id, manager, true);
      if (!post) throw new CommunitiesException('POST_NOT_FOUND');
      await this.visibleTo(post, userId, manager);
      const sharesCount = (await this.posts.share(manager, id, userId))
        ? await this.posts.adjust(manager, id, 'shares_count', 1)
        : post.sharesCount;
      return { postId: id, sharesCount };
    });
  }

  async comment(
    userId: string,
    postId: string,
    content: string,
    at?: Date,
  ): Promise<CommunityCommentResponse> {
    await this.visibleTo(await this.headOf(postId), userId);
    await this.awaitAuthor(userId);
    const id = idAt(at);
    await this.outbox.transaction(async (manager) => {
      const post = await this.posts.head(postId, manager, true);
      if (!post) throw new CommunitiesException('POST_NOT_FOUND');
      await this.posts.insertComment(manager, {
        id,
        postId,
        authorId: userId,
        content,
        ...(at ? { createdAt: at } : {}),
      });
      await this.posts.adjust(manager, postId, 'comments_count', 1);
      await this.outbox.append(manager, 'community.comment.created', {
        commentId: id,
        postId,
        communityId: post.communityId,
        authorId: userId,
        postAuthorId: post.authorId,
        createdAt: (at ?? new Date()).toISOString(),
      });
    });
    const comment = await this.posts.findComment(id);
    if (!comment) throw new CommunitiesException('POST_NOT_FOUND');
    return toCommentResponse(comment);
  }

  async comments(
    postId: string,
    readerId: string | null,
    page: PageQuery,
  ): Promise<Page<CommunityCommentResponse>> {
    await this.visibleTo(await this.headOf(postId), readerId);
    const rows = await this.posts.comments(postId, keysetOf(page.cursor), page.limit + 1);
    return toPage(rows, page.limit, toCommentResponse, (row) =>
      encodeKeysetCursor({ at: row.createdAt, id: row.id }),
    );
  }

  /** The author deletes their post; a moderator or owner deletes any post of the community. */
  async delete(userId: string, id: string): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      const post = await this.posts.head(id, manager, true);
      if (!post) throw new CommunitiesException('POST_NOT_FOUND');
      if (post.authorId !== userId) {
        const role = await this.communities.roleOf(post.communityId, userId, manager);
        if (!isManager(role)) throw new CommunitiesException('NOT_ALLOWED_TO_DELETE');
      }
      await this.posts.delete(manager, post);
      await this.outbox.append(manager, 'community.post.deleted', {
        postId: id,
        communityId: post.communityId,
        authorId: post.authorId,
        deletedBy: userId,
        deletedAt: new Date().toISOString(),
      });
    });
  }

  private async headOf(id: string): Promise<PostHead> {
    const post = await this.posts.head(id);
    if (!post) throw new CommunitiesException('POST_NOT_FOUND');
    return post;
  }

  /** The reader's role in the post's community; refuses non-members of a private one. */
  private async visibleTo(
    post: PostHead,
    readerId: string | null,
    manager?: EntityManager,
  ): Promise<CommunityRole | null> {
    const role = await this.communities.roleOf(post.communityId, readerId, manager);
    if (post.isPrivate && role === null) throw new CommunitiesException('MEMBERS_ONLY');
    return role;
  }

  /** A brand-new account's user.registered may still be on its way: wait a moment for it. */
  private async awaitAuthor(userId: string): Promise<void> {
    const deadline = Date.now() + AUTHOR_WAIT_MS;
    while (!(await this.authors.findById(userId))) {
      if (Date.now() > deadline) {
        this.logger.warn(`Author ${userId} not projected yet; writing without waiting longer`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, AUTHOR_POLL_MS));
    }
  }
}
