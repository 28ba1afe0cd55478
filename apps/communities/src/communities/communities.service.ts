import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type {
  CommunityDetailResponse,
  CommunityJoinRequestResponse,
  CommunityMemberResponse,
  CommunityRole,
  CommunitySummary,
  CreateCommunityRequest,
  JoinCommunityResponse,
  ListCommunitiesQuery,
  Page,
  PageQuery,
  UpdateCommunityRequest,
} from '@wave/contracts';
import { COMMUNITY_DETAIL_POSTS } from '@wave/contracts';
import { encodeKeysetCursor } from '@wave/database';
import { EventOutbox } from '@wave/messaging';
import type { EntityManager } from 'typeorm';
import { CommunitiesException } from '../common/communities.exception';
import { MediaClaimsService } from '../common/media-claims.service';
import { keysetOf, toPage } from '../common/paging.util';
import { PostsService } from '../posts/posts.service';
import type { CommunityRow } from './communities.repository';
import { CommunitiesRepository } from './communities.repository';
import {
  isManager,
  toCommunitySummary,
  toJoinRequestResponse,
  toMemberResponse,
} from './community.mapper';
import { decodePopularityCursor, encodePopularityCursor } from './popularity-cursor.util';

@Injectable()
export class CommunitiesService {
  constructor(
    private readonly communities: CommunitiesRepository,
    private readonly posts: PostsService,
    private readonly media: MediaClaimsService,
    private readonly outbox: EventOutbox,
  ) {}

  async list(
    readerId: string | null,
    query: ListCommunitiesQuery,
    page: PageQuery,
  ): Promise<Page<CommunitySummary>> {
    let after = null;
    if (page.cursor) {
      after = decodePopularityCursor(page.cursor);
      if (!after) throw new CommunitiesException('INVALID_CURSOR');
    }
    const rows = await this.communities.list(readerId, query, after, page.limit + 1);
    return toPage(rows, page.limit, toCommunitySummary, (row) =>
      encodePopularityCursor({ memberCount: row.memberCount, id: row.id }),
    );
  }

  async mine(userId: string, page: PageQuery): Promise<Page<CommunitySummary>> {
    const rows = await this.communities.joinedBy(userId, keysetOf(page.cursor), page.limit + 1);
    return toPage(rows, page.limit, toCommunitySummary, (row) =>
      encodeKeysetCursor({ at: row.joinedAt ?? row.createdAt, id: row.id }),
    );
  }

  async detail(id: string, readerId: string | null): Promise<CommunityDetailResponse> {
    const row = await this.communities.find(id, readerId);
    if (!row) throw new CommunitiesException('COMMUNITY_NOT_FOUND');
    const canViewPosts = !row.isPrivate || row.role !== null;
    const posts = canViewPosts
      ? await this.posts.page(id, readerId, row.role, { limit: COMMUNITY_DETAIL_POSTS })
      : { items: [], nextCursor: null };
    return {
      ...toCommunitySummary(row),
      memberInfo:
        row.role !== null && row.joinedAt
          ? { role: row.role, joinedAt: row.joinedAt.toISOString() }
          : null,
      canViewPosts,
      posts: posts.items,
      postsNextCursor: posts.nextCursor,
    };
  }

  /** `at` backdates the creation (the demo seed's history); now when not given. */
  async create(
    userId: string,
    request: CreateCommunityRequest,
    at?: Date,
  ): Promise<CommunityDetailResponse> {
    const id = at ? uuidv7({ msecs: at.getTime() }) : uuidv7();
    // Checked before the icon is claimed, so a refusal leaves no claim; the
    // insert checks the name again (another creation may win meanwhile), and
    // a failed insert gives the claim back.
    if (await this.communities.findIdByName(request.name))
      throw new CommunitiesException('NAME_TAKEN');
    const icon = await this.media.claim(
      userId,
      request.iconUrl ? [request.iconUrl] : [],
      'community-icon',
      id,
    );
    await this.outbox.transaction(
      async (manager) => {
        if (!(await this.communities.insert(manager, id, userId, request, at)))
          throw new CommunitiesException('NAME_TAKEN');
        await this.communities.addMember(manager, id, userId, 'owner', at);
        const now = (at ?? new Date()).toISOString();
        await this.outbox.append(manager, 'community.created', {
          communityId: id,
          ownerId: userId,
          name: request.name,
          description: request.description,
          category: request.category,
          isPrivate: request.isPrivate,
          createdAt: now,
        });
        await this.outbox.append(manager, 'community.joined', {
          communityId: id,
          userId,
          role: 'owner',
          at: now,
        });
      },
      { rolledBack: () => this.media.release(icon) },
    );
    return this.detail(id, userId);
  }

  /** Owners change the name, description, category, rules, privacy or icon. */
  async update(
    actorId: string,
    id: string,
    changes: UpdateCommunityRequest,
  ): Promise<CommunityDetailResponse> {
    // Checked before the icon is claimed, so a refusal leaves no claim; the
    // transaction checks again under the community's lock, and a failure there
    // gives back what was claimed anew (not the icon the community already had).
    const current = await this.communities.find(id, actorId);
    if (!current) throw new CommunitiesException('COMMUNITY_NOT_FOUND');
    if (current.role !== 'owner') throw new CommunitiesException('NOT_AN_OWNER');
    if (changes.name !== undefined) {
      const holder = await this.communities.findIdByName(changes.name);
      if (holder !== null && holder !== id) throw new CommunitiesException('NAME_TAKEN');
    }
    const icon = await this.media.claim(
      actorId,
      changes.iconUrl ? [changes.iconUrl] : [],
      'community-icon',
      id,
    );
    await this.outbox.transaction(
      async (manager) => {
        if (!(await this.communities.lock(manager, id)))
          throw new CommunitiesException('COMMUNITY_NOT_FOUND');
        if ((await this.communities.roleOf(id, actorId, manager)) !== 'owner')
          throw new CommunitiesException('NOT_AN_OWNER');
        const updated = await this.communities.update(manager, id, changes);
        if (updated === false) throw new CommunitiesException('NAME_TAKEN');
        const row = await this.communities.find(id, actorId, manager);
        if (!row) throw new CommunitiesException('COMMUNITY_NOT_FOUND');
        await this.outbox.append(manager, 'community.updated', {
          communityId: id,
          name: row.name,
          description: row.description,
          category: row.category,
          isPrivate: row.isPrivate,
          iconUrl: row.iconUrl,
          version: updated.version,
          updatedAt: updated.updatedAt.toISOString(),
        });
      },
      { rolledBack: () => this.media.release(icon) },
    );
    return this.detail(id, actorId);
  }

  /**
   * Owners and moderators remove members; a moderator only plain members. Owners
   * leave by leaving (so the last-owner rule holds).
   */
  async removeMember(actorId: string, id: string, userId: string): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      if (!(await this.communities.lock(manager, id)))
        throw new CommunitiesException('COMMUNITY_NOT_FOUND');
      const actorRole = await this.communities.roleOf(id, actorId, manager);
      if (!isManager(actorRole)) throw new CommunitiesException('NOT_A_MANAGER');
      const targetRole = await this.communities.roleOf(id, userId, manager);
      if (targetRole === null) throw new CommunitiesException('MEMBER_NOT_FOUND');
      if (userId === actorId) throw new CommunitiesException('REMOVE_YOURSELF');
      if (actorRole === 'moderator' && targetRole !== 'member')
        throw new CommunitiesException('NOT_AN_OWNER');
      await this.communities.removeMember(manager, id, userId);
      await this.outbox.append(manager, 'community.left', {
        communityId: id,
        userId,
        at: new Date().toISOString(),
      });
    });
  }

  /**
   * Joins a public community at once; asks to join a private one (an owner or
   * moderator approves). Idempotent: a member joining again stays a member.
   * `at` backdates the joining (see `create`).
   */
  async join(userId: string, id: string, at?: Date): Promise<JoinCommunityResponse> {
    const status = await this.outbox.transaction(async (manager) => {
      const row = await this.communities.find(id, userId, manager);
      if (!row) throw new CommunitiesException('COMMUNITY_NOT_FOUND');
      if (row.role !== null) return 'joined' as const;
      if (row.isPrivate) {
        await this.communities.addRequest(manager, id, userId);
        return 'requested' as const;
      }
      await this.admit(manager, id, userId, at);
      return 'joined' as const;
    });
    return { status, community: await this.summary(id, userId) };
  }

  /** Leaves (or withdraws a pending request); idempotent. The last owner cannot leave. */
  async leave(userId: string, id: string): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      if (!(await this.communities.lock(manager, id)))
        throw new CommunitiesException('COMMUNITY_NOT_FOUND');
      const role = await this.communities.roleOf(id, userId, manager);
      if (role === null) {
        await this.communities.removeRequest(manager, id, userId);
        return;
      }
      if (role === 'owner' && (await this.communities.countOwners(manager, id)) === 1)
        throw new CommunitiesException('LAST_OWNER');
      await this.communities.removeMember(manager, id, userId);
      await this.outbox.append(manager, 'community.left', {
        communityId: id,
        userId,
        at: new Date().toISOString(),
      });
    });
  }

  async members(
    id: string,
    readerId: string | null,
    page: PageQuery,
  ): Promise<Page<CommunityMemberResponse>> {
    await this.assertVisible(id, readerId);
    const rows = await this.communities.members(id, keysetOf(page.cursor), page.limit + 1);
    return toPage(rows, page.limit, toMemberResponse, (row) =>
      encodeKeysetCursor({ at: new Date(row.at), id: row.user.id }),
    );
  }

  /** Owners make moderators and owners (handing over); a community always keeps an owner. */
  async setRole(
    actorId: string,
    id: string,
    userId: string,
    role: CommunityRole,
  ): Promise<CommunityMemberResponse> {
    await this.outbox.transaction(async (manager) => {
      if (!(await this.communities.lock(manager, id)))
        throw new CommunitiesException('COMMUNITY_NOT_FOUND');
      if ((await this.communities.roleOf(id, actorId, manager)) !== 'owner')
        throw new CommunitiesException('NOT_AN_OWNER');
      const current = await this.communities.roleOf(id, userId, manager);
      if (current === null) throw new CommunitiesException('MEMBER_NOT_FOUND');
      if (
        current === 'owner' &&
        role !== 'owner' &&
        (await this.communities.countOwners(manager, id)) === 1
      )
        throw new CommunitiesException('LAST_OWNER');
      await this.communities.setRole(manager, id, userId, role);
      await this.outbox.append(manager, 'community.role.changed', {
        communityId: id,
        userId,
        role,
        at: new Date().toISOString(),
      });
    });
    const updated = await this.memberOf(id, userId);
    if (!updated) throw new CommunitiesException('MEMBER_NOT_FOUND');
    return updated;
  }

  async requests(
    actorId: string,
    id: string,
    page: PageQuery,
  ): Promise<Page<CommunityJoinRequestResponse>> {
    await this.assertManager(id, actorId);
    const rows = await this.communities.requests(id, keysetOf(page.cursor), page.limit + 1);
    return toPage(rows, page.limit, toJoinRequestResponse, (row) =>
      encodeKeysetCursor({ at: new Date(row.at), id: row.user.id }),
    );
  }

  /** Approves a pending request: the requester becomes a member (`at`: see `join`). */
  async approve(actorId: string, id: string, userId: string, at?: Date): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      if (!(await this.communities.lock(manager, id)))
        throw new CommunitiesException('COMMUNITY_NOT_FOUND');
      if (!isManager(await this.communities.roleOf(id, actorId, manager)))
        throw new CommunitiesException('NOT_A_MANAGER');
      if (!(await this.communities.removeRequest(manager, id, userId)))
        throw new CommunitiesException('JOIN_REQUEST_NOT_FOUND');
      await this.admit(manager, id, userId, at);
    });
  }

  async decline(actorId: string, id: string, userId: string): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      if (!(await this.communities.lock(manager, id)))
        throw new CommunitiesException('COMMUNITY_NOT_FOUND');
      if (!isManager(await this.communities.roleOf(id, actorId, manager)))
        throw new CommunitiesException('NOT_A_MANAGER');
      if (!(await this.communities.removeRequest(manager, id, userId)))
        throw new CommunitiesException('JOIN_REQUEST_NOT_FOUND');
    });
  }

  private async admit(
    manager: EntityManager,
    id: string,
    userId: string,
    at?: Date,
  ): Promise<void> {
    if (await this.communities.addMember(manager, id, userId, 'member', at)) {
      await this.outbox.append(manager, 'community.joined', {
        communityId: id,
        userId,
        role: 'member',
        at: (at ?? new Date()).toISOString(),
      });
    }
  }

  private async summary(id: string, readerId: string | null): Promise<CommunitySummary> {
    const row = await this.communities.find(id, readerId);
    if (!row) throw new CommunitiesException('COMMUNITY_NOT_FOUND');
    return toCommunitySummary(row);
  }

  private async memberOf(id: string, userId: string): Promise<CommunityMemberResponse | null> {
    const row = await this.communities.member(id, userId);
    return row ? toMemberResponse(row) : null;
  }

  /** A private community's members and posts are for its members only. */
  private async assertVisible(id: string, readerId: string | null): Promise<CommunityRow> {
    const row = await this.communities.find(id, readerId);
    if (!row) throw new CommunitiesException('COMMUNITY_NOT_FOUND');
    if (row.isPrivate && row.role === null) throw new CommunitiesException('MEMBERS_ONLY');
    return row;
  }

  private async assertManager(id: string, userId: string): Promise<void> {
    const row = await this.communities.find(id, userId);
    if (!row) throw new CommunitiesException('COMMUNITY_NOT_FOUND');
    if (!isManager(row.role)) throw new CommunitiesException('NOT_A_MANAGER');
  }
}
