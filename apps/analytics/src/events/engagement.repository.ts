import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { claimAppliedIds } from '../common/applied-ids';
import type { RawEvent, RawEventsWindow } from '../common/raw-events.repository';
import { returnedRows } from '@wave/database';
import { RawEventsRepository } from '../common/raw-events.repository';
import type { Increments } from '../rollups/rollup-increments.util';
import { addPostViews, emptyIncrements } from '../rollups/rollup-increments.util';
import type {
  CommunityCreated,
  CommunityOwnership,
  CommunityUpdated,
} from '../communities/communities.repository';
import { CommunitiesRepository } from '../communities/communities.repository';
import { RollupsRepository } from '../rollups/rollups.repository';
import { communityPagePath, postPagePath } from '../seo/public-page.util';
import { SeoPagesRepository } from '../seo/seo-pages.repository';
import { SitemapsRepository } from '../sitemaps/sitemaps.repository';
import type { UserWrite } from '../users/users.repository';
import { UsersRepository } from '../users/users.repository';

/** A post as `tweet.created` or `tweet.updated` describe it. */
export interface PostWrite {
  id: string;
  authorId: string;
  content: string;
  hashtags: string[];
}

/** What one event does: its rollups, its raw event, and changes to the posts projection. */
export interface EventEffect {
  increments?: Increments;
  followers?: { userId: string; delta: number };
  raw: RawEvent;
  created?: PostWrite & { parentId: string | null; createdAt: Date };
  edited?: PostWrite & { editedAt: Date };
  deleted?: { id: string; authorId: string; parentId: string | null; deletedAt: Date };
  /** Changes to the users and communities projections (profile and community pages). */
  user?: UserWrite;
  communityCreated?: CommunityCreated;
  communityUpdated?: CommunityUpdated;
  /** Whether a member owns a community now (each owner sees its page in their dashboard). */
  communityOwnership?: CommunityOwnership;
}

/** An event to apply: its id (recorded as applied) and what it does. */
export interface EventToApply {
  eventId: string;
  effect: EventEffect;
}

/**
 * Applies events exactly once: each event's id goes into `applied_events` in the
 * same transaction as its effect, so a redelivered event (a retry, a relay that
 * published twice) finds it there and changes nothing. Events that arrive together
 * (a backlog, a busy minute) are applied together: one transaction, one claim, and
 * one write per rollup table for all of them.
 */
@Injectable()
export class EngagementRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rollups: RollupsRepository,
    private readonly rawEvents: RawEventsRepository,
    private readonly seoPages: SeoPagesRepository,
    private readonly sitemaps: SitemapsRepository,
    private readonly users: UsersRepository,
    private readonly communities: CommunitiesRepository,
  ) {}

  /** Applies the events not applied before, all or none; returns their ids (lower case). */
  applyAll(events: readonly EventToApply[], window: RawEventsWindow): Promise<Set<string>> {
    return this.dataSource.transaction(async (manager) => {
      const claimed = await claimAppliedIds(
        manager,
        'event',
        events.map((event) => event.eventId),
      );
      // The first of each claimed id (an id twice in one batch is one event delivered twice).
      const fresh = new Map<string, EventEffect>();
      for (const { eventId, effect } of events) {
        const id = eventId.toLowerCase();
        if (claimed.has(id) && !fresh.has(id)) fresh.set(id, effect);
      }
      await this.lockPosts(manager, [...fresh.values()]);
      const increments = emptyIncrements();
      const followers = new Map<string, number>();
      const createdPosts: string[] = [];
      for (const effect of fresh.values()) {
        if (effect.created) {
          await this.writeCreated(manager, effect.created);
          createdPosts.push(effect.created.id);
          // A top-level post takes its place in the posts sitemap (not if deleted meanwhile).
          if (effect.created.parentId === null) {
            await this.sitemaps.addPost(manager, effect.created.id, effect.created.createdAt);
          }
        }
        if (effect.edited) {
          await this.writeEdited(manager, effect.edited);
        }
        if (effect.deleted) {
          await this.writeDeleted(manager, effect.deleted);
          await this.sitemaps.removePost(manager, effect.deleted.id);
        }
        if (effect.created || effect.edited) {
          await this.settlePending(manager, effect.created ?? effect.edited!, increments);
        }
        increments.users.push(...(effect.increments?.users ?? []));
        increments.posts.push(...(effect.increments?.posts ?? []));
        if (effect.followers) {
          const { userId, delta } = effect.followers;
          followers.set(userId, (followers.get(userId) ?? 0) + delta);
        }
      }
      await this.rollups.add(manager, increments);
      // Pages after posts and rollups, as the ingest does: the users' and communities'
      // projections (which mark their pages), then an edited post's page, which says something
      // else now (Auto-SEO reads it again), and a deleted one's, which is gone.
      // A post whose page was viewed before its event arrived: Auto-SEO's now that it is known
      // (views of posts analytics does not know mark nothing).
      await this.seoPages.markViewedBeforeKnown(manager, createdPosts);
      for (const effect of fresh.values()) {
        await this.applyProjections(manager, effect);
        if (effect.edited) await this.seoPages.markChanged(manager, postPagePath(effect.edited.id));
        if (effect.deleted) await this.seoPages.forget(manager, postPagePath(effect.deleted.id));
      }
      for (const [userId, delta] of [...followers].sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (delta !== 0) await this.rollups.addFollowers(manager, userId, delta);
      }
      await this.rawEvents.insert(
        manager,
        [...fresh].map(([eventId, effect]) => ({ ...effect.raw, sourceId: eventId })),
        window,
      );
      return new Set(fresh.keys());
    });
  }

  /**
   * Locks, in id order and before anything else, the rows of the posts a batch of events
   * writes (their projection and their counts). The ingest takes its rows in one order
   * (pending views, posts by id, rollups, pages); a batch takes its posts here, then rollups,
   * then pages: taken one by one in event order, a batch's posts and pages could wait on an
   * ingest in a circle. A post not in the projection yet has no row to lock, and no ingest
   * writes its counts (its views wait as pending). Where a circle can still close (pending
   * views settled after their post's row, several pages marked in event order), PostgreSQL
   * ends one side: the batch is applied again event by event (EventBatcher), an ingest job is
   * retried by its queue.
   */
  private async lockPosts(manager: EntityManager, effects: EventEffect[]): Promise<void> {
    const ids = new Set<string>();
    for (const effect of effects) {
      for (const post of [effect.created, effect.edited, effect.deleted]) {
        if (post) ids.add(post.id);
      }
      for (const increment of effect.increments?.posts ?? []) ids.add(increment.postId);
    }
    if (ids.size === 0) return;
    await manager.query(`SELECT 1 FROM posts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [
      [...ids].sort(),
    ]);
  }

  /**
   * Users and communities: a profile whose member changed is analysed again; so is a
   * community's page (its owner may be known now), unless the community is private, whose page
   * is forgotten (it leaves the dashboards; the sitemap reads the projection). Events apply
   * them, and so does the backfill from their owners (in the caller's transaction).
   */
  async applyProjections(
    manager: EntityManager,
    effect: Pick<
      EventEffect,
      'user' | 'communityCreated' | 'communityUpdated' | 'communityOwnership'
    >,
  ): Promise<void> {
    if (effect.communityOwnership) {
      await this.communities.setOwnership(manager, effect.communityOwnership);
    }
    if (effect.user) {
      const usernames = await this.users.apply(manager, effect.user);
      if (usernames) await this.seoPages.markProfileChanged(manager, effect.user.id, usernames);
    }
    const community = effect.communityCreated ?? effect.communityUpdated;
    if (!community) return;
    const isPrivate = effect.communityCreated
      ? await this.communities.created(manager, effect.communityCreated)
      : await this.communities.updated(manager, effect.communityUpdated!);
    if (isPrivate === null) return;
    const path = communityPagePath(community.id);
    if (isPrivate) await this.seoPages.forget(manager, path);
    else await this.seoPages.markChanged(manager, path);
  }

  /** A create fills in what an earlier edit or deletion left out, never undoing either. */
  private async writeCreated(
    manager: EntityManager,
    post: PostWrite & { parentId: string | null; createdAt: Date },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO posts AS p (id, author_id, parent_id, content, hashtags, created_at)
       VALUES ($1, $2, $3, $4, $5::varchar[], $6)
       ON CONFLICT (id) DO UPDATE SET
         created_at = excluded.created_at, parent_id = excluded.parent_id,
         content = CASE WHEN p.edited_at IS NULL THEN excluded.content ELSE p.content END,
         hashtags = CASE WHEN p.edited_at IS NULL THEN excluded.hashtags ELSE p.hashtags END`,
      [post.id, post.authorId, post.parentId, post.content, post.hashtags, post.createdAt],
    );
  }

  /** The newest edit wins, whatever order edits arrive in. */
  private async writeEdited(
    manager: EntityManager,
    post: PostWrite & { editedAt: Date },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO posts AS p (id, author_id, content, hashtags, edited_at)
       VALUES ($1, $2, $3, $4::varchar[], $5)
       ON CONFLICT (id) DO UPDATE SET
         content = excluded.content, hashtags = excluded.hashtags, edited_at = excluded.edited_at
       WHERE p.edited_at IS NULL OR p.edited_at < excluded.edited_at`,
      [post.id, post.authorId, post.content, post.hashtags, post.editedAt],
    );
  }

  /** A deletion stays: a late create or edit cannot bring the post back. */
  private async writeDeleted(
    manager: EntityManager,
    post: { id: string; authorId: string; parentId: string | null; deletedAt: Date },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO posts AS p (id, author_id, parent_id, deleted_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET deleted_at = COALESCE(p.deleted_at, excluded.deleted_at)`,
      [post.id, post.authorId, post.parentId, post.deletedAt],
    );
  }

  /** Views the post got before analytics heard of it join its counts and its author's. */
  private async settlePending(
    manager: EntityManager,
    post: PostWrite,
    increments: Increments,
  ): Promise<void> {
    const rows = returnedRows<{ hour_start: Date; views: number }>(
      await manager.query(
        `DELETE FROM pending_post_views
       WHERE post_id = $1 AND NOT EXISTS (SELECT 1 FROM posts WHERE id = $1 AND deleted_at IS NOT NULL)
       RETURNING hour_start, views`,
        [post.id],
      ),
    );
    for (const row of rows) {
      const at = new Date(row.hour_start);
      addPostViews(increments, { postId: post.id, authorId: post.authorId, at, n: row.views });
    }
  }
}
