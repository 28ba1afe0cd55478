import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type {
  CommunityAuthor,
  CommunityCategory,
  CommunityRole,
  CreateCommunityRequest,
  UpdateCommunityRequest,
} from '@wave/contracts';
import type { KeysetPosition } from '@wave/database';
import { isUniqueViolation, TABLES } from '../common/tables.constant';
import type { PopularityPosition } from './popularity-cursor.util';
import { containsPattern } from './popularity-cursor.util';

/** A community as the reader sees it in lists. */
export interface CommunityRow {
  id: string;
  name: string;
  description: string;
  iconUrl: string | null;
  category: CommunityCategory;
  isPrivate: boolean;
  memberCount: number;
  postCount: number;
  rules: string[];
  createdAt: Date;
  /** The reader's role, null when not a member. */
  role: CommunityRole | null;
  joinedAt: Date | null;
  hasPendingRequest: boolean;
}

/** A member or a requester, with what the service shows of them. */
export interface PersonRow {
  user: CommunityAuthor;
  role: CommunityRole | null;
  at: Date;
}

/** A community as `community.created` and `community.updated` describe it to other services. */
export interface CommunityKeyRow {
  id: string;
  ownerId: string;
  name: string;
  isPrivate: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  ownerIds: string[];
}

export interface ListFilter {
  category: CommunityCategory | null;
  search: string | null;
}

const COLUMNS = `c.id, c.name, c.description, c.icon_url AS "iconUrl", c.category,
  c.is_private AS "isPrivate", c.member_count AS "memberCount", c.post_count AS "postCount",
  c.rules, c.created_at AS "createdAt", m.role, m.joined_at AS "joinedAt",
  (r.user_id IS NOT NULL) AS "hasPendingRequest"`;

/** The reader's membership and request, joined to each community ($1 is the reader, may be null). */
const READER_JOINS = `LEFT JOIN ${TABLES.memberships} m ON m.community_id = c.id AND m.user_id = $1
  LEFT JOIN ${TABLES.joinRequests} r ON r.community_id = c.id AND r.user_id = $1`;

const PERSON = `json_build_object('id', p.user_id, 'username', coalesce(a.username, 'unknown'),
  'displayName', coalesce(a.display_name, 'Unknown user'), 'profileImageUrl', a.profile_image_url)`;

/** The only code that reads and writes communities, memberships and join requests. */
@Injectable()
export class CommunitiesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One page of communities, most members first. */
  list(
    readerId: string | null,
    filter: ListFilter,
    after: PopularityPosition | null,
    limit: number,
  ): Promise<CommunityRow[]> {
    const parameters: unknown[] = [readerId];
    const where: string[] = [];
    if (filter.category) {
      parameters.push(filter.category);
      where.push(`c.category = $${parameters.length}`);
    }
    if (filter.search) {
      parameters.push(containsPattern(filter.search));
      where.push(`(c.name_key || ' ' || lower(c.description)) LIKE $${parameters.length}`);
    }
    if (after) {
      parameters.push(after.memberCount, after.id);
      where.push(`(c.member_count, c.id) < ($${parameters.length - 1}, $${parameters.length})`);
    }
    parameters.push(limit);
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM ${TABLES.communities} c ${READER_JOINS}
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY c.member_count DESC, c.id DESC LIMIT $${parameters.length}`,
      parameters,
    );
  }

  /** The reader's communities, the latest joined first. */
  joinedBy(userId: string, after: KeysetPosition | null, limit: number): Promise<CommunityRow[]> {
    const parameters: unknown[] = [userId];
    let where = '';
    if (after) {
      parameters.push(after.at, after.id);
      where = `AND (m.joined_at, m.community_id) < ($2, $3)`;
    }
    parameters.push(limit);
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM ${TABLES.memberships} m
       JOIN ${TABLES.communities} c ON c.id = m.community_id
       LEFT JOIN ${TABLES.joinRequests} r ON r.community_id = c.id AND r.user_id = $1
       WHERE m.user_id = $1 ${where}
       ORDER BY m.joined_at DESC, m.community_id DESC LIMIT $${parameters.length}`,
      parameters,
    );
  }

  async find(
    id: string,
    readerId: string | null,
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<CommunityRow | null> {
    const rows: CommunityRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM ${TABLES.communities} c ${READER_JOINS} WHERE c.id = $2`,
      [readerId, id],
    );
    return rows[0] ?? null;
  }

  /** Locks the community row for the rest of the transaction; false when it does not exist. */
  async lock(manager: EntityManager, id: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT id FROM ${TABLES.communities} WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows.length === 1;
  }

  /** The current icon of those of `ids` that are communities that exist. */
  iconsOf(ids: string[]): Promise<{ id: string; iconUrl: string | null }[]> {
    return this.dataSource.query(
      `SELECT id, icon_url AS "iconUrl" FROM ${TABLES.communities} WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /** Communities after `after` in id order (all of them, page by page): the rebuild call's rows. */
  pageById(after: string | null, limit: number): Promise<CommunityKeyRow[]> {
    const parameters: unknown[] = [limit];
    let where = '';
    if (after) {
      parameters.push(after);
      where = 'WHERE c.id > $2';
    }
    return this.dataSource.query(
      `SELECT id, created_by AS "ownerId", name, is_private AS "isPrivate", version,
         created_at AS "createdAt", updated_at AS "updatedAt",
         ARRAY(SELECT m.user_id::text FROM ${TABLES.memberships} m
               WHERE m.community_id = c.id AND m.role = 'owner' ORDER BY m.user_id) AS "ownerIds"
       FROM ${TABLES.communities} c ${where} ORDER BY id LIMIT $1`,
      parameters,
    );
  }

  async findIdByName(name: string): Promise<string | null> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM ${TABLES.communities} WHERE name_key = lower($1)`,
      [name],
    );
    return rows[0]?.id ?? null;
  }

  async isPrivate(id: string): Promise<boolean | null> {
    const rows: { isPrivate: boolean }[] = await this.dataSource.query(
      `SELECT is_private AS "isPrivate" FROM ${TABLES.communities} WHERE id = $1`,
      [id],
    );
    return rows[0]?.isPrivate ?? null;
  }

  /** Inserts a community (made `at`, or now); false when its name (in any case) is taken. */
  async insert(
    manager: EntityManager,
    id: string,
    ownerId: string,
    request: CreateCommunityRequest,
    at?: Date,
  ): Promise<boolean> {
    try {
      await manager.query(
        `INSERT INTO ${TABLES.communities}
           (id, name, name_key, description, category, is_private, icon_url, rules, created_by,
            created_at, updated_at)
         VALUES ($1, $2::varchar, lower($2::varchar), $3, $4, $5, $6, $7, $8,
           COALESCE($9::timestamptz, now()), COALESCE($9::timestamptz, now()))`,
        [
          id,
          request.name,
          request.description,
          request.category,
          request.isPrivate,
          request.iconUrl ?? null,
          request.rules,
          ownerId,
          at ?? null,
        ],
      );
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Changes the given fields; false when the new name (in any case) is taken, else the new
   * version and the time of the change. Making a community public drops its pending requests:
   * anyone may join now.
   */
  async update(
    manager: EntityManager,
    id: string,
    changes: UpdateCommunityRequest,
  ): Promise<{ version: number; updatedAt: Date } | false> {
    const sets: string[] = ['version = version + 1', 'updated_at = now()'];
    const parameters: unknown[] = [id];
    const set = (column: string, value: unknown, cast = '') => {
      parameters.push(value);
      sets.push(`${column} = $${parameters.length}${cast}`);
    };
    if (changes.name !== undefined) {
      set('name', changes.name, '::varchar');
      set('name_key', changes.name.toLowerCase());
    }
    if (changes.description !== undefined) set('description', changes.description);
    if (changes.category !== undefined) set('category', changes.category);
    if (changes.rules !== undefined) set('rules', changes.rules);
    if (changes.isPrivate !== undefined) set('is_private', changes.isPrivate);
    if (changes.iconUrl !== undefined) set('icon_url', changes.iconUrl);
    let updated: { version: number; updatedAt: Date };
    try {
      const [rows]: [{ version: number; updatedAt: Date }[], number] = await manager.query(
        `UPDATE ${TABLES.communities} SET ${sets.join(', ')} WHERE id = $1
         RETURNING version, updated_at AS "updatedAt"`,
        parameters,
      );
      updated = rows[0] ?? { version: 0, updatedAt: new Date() };
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    if (changes.isPrivate === false)
      await manager.query(`DELETE FROM ${TABLES.joinRequests} WHERE community_id = $1`, [id]);
    return updated;
  }

  roleOf(
    communityId: string,
    userId: string | null,
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<CommunityRole | null> {
    if (!userId) return Promise.resolve(null);
    return manager
      .query(`SELECT role FROM ${TABLES.memberships} WHERE community_id = $1 AND user_id = $2`, [
        communityId,
        userId,
      ])
      .then((rows: { role: CommunityRole }[]) => rows[0]?.role ?? null);
  }

  /** Adds a member (joined `at`, or now) and counts them; false when they were one already. */
  async addMember(
    manager: EntityManager,
    communityId: string,
    userId: string,
    role: CommunityRole,
    at?: Date,
  ): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO ${TABLES.memberships} (community_id, user_id, role, joined_at)
       VALUES ($1, $2, $3, COALESCE($4::timestamptz, now()))
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [communityId, userId, role, at ?? null],
    );
    if (inserted.length === 0) return false;
    await this.adjustMembers(manager, communityId, 1);
    return true;
  }

  /** Removes a member and uncounts them; false when they were not one. */
  async removeMember(
    manager: EntityManager,
    communityId: string,
    userId: string,
  ): Promise<boolean> {
    const [, deleted]: [unknown[], number] = await manager.query(
      `DELETE FROM ${TABLES.memberships} WHERE community_id = $1 AND user_id = $2 RETURNING user_id`,
      [communityId, userId],
    );
    if (deleted === 0) return false;
    await this.adjustMembers(manager, communityId, -1);
    return true;
  }

  async setRole(
    manager: EntityManager,
    communityId: string,
    userId: string,
    role: CommunityRole,
  ): Promise<void> {
    await manager.query(
      `UPDATE ${TABLES.memberships} SET role = $3 WHERE community_id = $1 AND user_id = $2`,
      [communityId, userId, role],
    );
  }

  async countOwners(manager: EntityManager, communityId: string): Promise<number> {
    const rows: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM ${TABLES.memberships} WHERE community_id = $1 AND role = 'owner'`,
      [communityId],
    );
    return rows[0]?.n ?? 0;
  }

  /** Records a request to join; false when one was pending already. */
  async addRequest(manager: EntityManager, communityId: string, userId: string): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO ${TABLES.joinRequests} (community_id, user_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [communityId, userId],
    );
    return inserted.length === 1;
  }

  async removeRequest(
    manager: EntityManager,
    communityId: string,
    userId: string,
  ): Promise<boolean> {
    const [, deleted]: [unknown[], number] = await manager.query(
      `DELETE FROM ${TABLES.joinRequests} WHERE community_id = $1 AND user_id = $2 RETURNING user_id`,
      [communityId, userId],
    );
    return deleted === 1;
  }

  /** A page of members, the earliest first (owners and moderators are not singled out). */
  members(communityId: string, after: KeysetPosition | null, limit: number): Promise<PersonRow[]> {
    return this.people(TABLES.memberships, 'joined_at', 'p.role', communityId, after, limit);
  }

  /** Which of these communities the user is a member of. */
  async joinedAmong(userId: string, communityIds: readonly string[]): Promise<string[]> {
    if (communityIds.length === 0) return [];
    const rows = await this.dataSource.query<{ community_id: string }[]>(
      `SELECT community_id FROM ${TABLES.memberships}
       WHERE user_id = $1 AND community_id = ANY($2::uuid[])`,
      [userId, communityIds],
    );
    return rows.map((row) => row.community_id);
  }

  async member(communityId: string, userId: string): Promise<PersonRow | null> {
    const rows: PersonRow[] = await this.dataSource.query(
      `SELECT ${PERSON} AS "user", p.role, p.joined_at AS "at"
       FROM ${TABLES.memberships} p LEFT JOIN ${TABLES.authors} a ON a.id = p.user_id
       WHERE p.community_id = $1 AND p.user_id = $2`,
      [communityId, userId],
    );
    return rows[0] ?? null;
  }

  /** A page of pending requests, the oldest first. */
  requests(communityId: string, after: KeysetPosition | null, limit: number): Promise<PersonRow[]> {
    return this.people(TABLES.joinRequests, 'created_at', 'NULL', communityId, after, limit);
  }

  private people(
    table: string,
    timeColumn: string,
    role: string,
    communityId: string,
    after: KeysetPosition | null,
    limit: number,
  ): Promise<PersonRow[]> {
    const parameters: unknown[] = [communityId];
    let where = '';
    if (after) {
      parameters.push(after.at, after.id);
      where = `AND (p.${timeColumn}, p.user_id) > ($2, $3)`;
    }
    parameters.push(limit);
    return this.dataSource.query(
      `SELECT ${PERSON} AS "user", ${role} AS role, p.${timeColumn} AS "at"
       FROM ${table} p LEFT JOIN ${TABLES.authors} a ON a.id = p.user_id
       WHERE p.community_id = $1 ${where}
       ORDER BY p.${timeColumn}, p.user_id LIMIT $${parameters.length}`,
      parameters,
    );
  }

  private async adjustMembers(manager: EntityManager, id: string, delta: number): Promise<void> {
    await manager.query(
      `UPDATE ${TABLES.communities} SET member_count = member_count + $2 WHERE id = $1`,
      [id, delta],
    );
  }
}
