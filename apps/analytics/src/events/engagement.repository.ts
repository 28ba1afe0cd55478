import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { claimApplied } from '../common/applied-ids';
import type { RawEvent, RawEventsWindow } from '../common/raw-events.repository';
import { returnedRows } from '../common/query-result.util';
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

/**
 * Applies events exactly once: the event's id goes into `applied_events` in the
 * same transaction as its effect, so a redelivered event (a retry, a relay that
 * published twice) finds it there and changes nothing.
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

  /** Returns false when the event had been applied before. */
  apply(eventId: string, effect: EventEffect, window: RawEventsWindow): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await claimApplied(manager, 'event', eventId))) return false;
      const increments = effect.increments ?? emptyIncrements();
      if (effect.created) {
        await this.writeCreated(manager, effect.created);
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
      await this.applyProjections(manager, effect);
      if (effect.created || effect.edited) {
        await this.settlePending(manager, effect.created ?? effect.edited!, increments);
      }
      await this.rollups.add(manager, increments);
      // Pages after posts and rollups, as the ingest does (one lock order, no deadlock): an
      // edited post's page says something else now (Auto-SEO reads it again); a deleted one's
      // is gone.
      if (effect.edited) await this.seoPages.markChanged(manager, postPagePath(effect.edited.id));
      if (effect.deleted) await this.seoPages.forget(manager, postPagePath(effect.deleted.id));
      if (effect.followers) {
        await this.rollups.addFollowers(manager, effect.followers.userId, effect.followers.delta);
      }
      await this.rawEvents.insert(manager, [{ ...effect.raw, sourceId: eventId }], window);
      return true;
    });
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
