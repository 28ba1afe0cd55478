import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { returnedRows } from '@wave/database';

/** A community as `community.created` describes it. */
export interface CommunityCreated {
  id: string;
  ownerId: string;
  name: string;
  isPrivate: boolean;
  createdAt: Date;
}

/** A community's settings as `community.updated` describes them. */
export interface CommunityUpdated {
  id: string;
  name: string;
  isPrivate: boolean;
  /** Absent from events written before updates carried it. */
  version: number | null;
  updatedAt: Date;
}

/** A member's ownership of a community as of `at` (an event's time). */
export interface CommunityOwnership {
  communityId: string;
  userId: string;
  isOwner: boolean;
  at: Date;
}

/** What Auto-SEO needs of a community page. */
export interface CommunityPageOwner {
  ownerId: string | null;
  isPrivate: boolean;
}

/** The communities projection. Writes run in the caller's transaction (the event's). */
@Injectable()
export class CommunitiesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The creation names the owner. Heard after an update (delivered out of order), it adds the
   * owner and the creation time and leaves the newer settings. Returns whether the community is
   * private now.
   */
  async created(manager: EntityManager, community: CommunityCreated): Promise<boolean> {
    const rows = returnedRows<{ is_private: boolean }>(
      await manager.query(
        `INSERT INTO communities AS c
           (id, owner_id, name, is_private, version, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 1, $5, $5)
         ON CONFLICT (id) DO UPDATE SET
           owner_id = excluded.owner_id, created_at = excluded.created_at
         RETURNING c.is_private`,
        [community.id, community.ownerId, community.name, community.isPrivate, community.createdAt],
      ),
    );
    return rows[0]?.is_private ?? community.isPrivate;
  }

  /**
   * The newest settings win: by version when both sides have one (it grows with every change),
   * by the time of the change otherwise (events from before versions). Returns whether the
   * community is private now, or null when the update was older than what is kept.
   */
  async updated(manager: EntityManager, community: CommunityUpdated): Promise<boolean | null> {
    const rows = returnedRows<{ is_private: boolean }>(
      await manager.query(
        `INSERT INTO communities AS c (id, name, is_private, version, updated_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET
           name = excluded.name, is_private = excluded.is_private,
           version = COALESCE(excluded.version, c.version), updated_at = excluded.updated_at
         WHERE CASE WHEN excluded.version IS NOT NULL AND c.version IS NOT NULL
                    THEN excluded.version > c.version
                    ELSE excluded.updated_at > c.updated_at END
         RETURNING c.is_private`,
        [community.id, community.name, community.isPrivate, community.version, community.updatedAt],
      ),
    );
    return rows[0]?.is_private ?? null;
  }

  /**
   * Keeps a member's ownership of a community unless a later change was kept already (events
   * may arrive in any order).
   */
  async setOwnership(manager: EntityManager, ownership: CommunityOwnership): Promise<void> {
    await manager.query(
      `INSERT INTO community_owners AS o (community_id, user_id, is_owner, changed_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (community_id, user_id) DO UPDATE SET
         is_owner = excluded.is_owner, changed_at = excluded.changed_at
       WHERE o.changed_at <= excluded.changed_at`,
      [ownership.communityId, ownership.userId, ownership.isOwner, ownership.at],
    );
  }

  /** Who owns a community and whether it is private; null when analytics has not heard of it. */
  async ownershipOf(communityId: string): Promise<CommunityPageOwner | null> {
    const rows: { owner_id: string | null; is_private: boolean }[] = await this.dataSource.query(
      `SELECT owner_id, is_private FROM communities WHERE id = $1`,
      [communityId],
    );
    const row = rows[0];
    return row ? { ownerId: row.owner_id, isPrivate: row.is_private } : null;
  }
}
