import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { returnedRows } from '@wave/database';

/** A member as `user.registered` or `user.updated` describe them. */
export interface UserWrite {
  id: string;
  username: string;
  version: number;
  /** When the profile took this state (registration, or the edit). */
  changedAt: Date;
}

/** The users projection (in the caller's transaction: the event's). */
@Injectable()
export class UsersRepository {
  /**
   * Keeps the event unless a version as new was applied already (a late or repeated
   * delivery). Returns the usernames the member's profile went by before and after (its pages'
   * paths), or null when the event changed nothing.
   */
  async apply(manager: EntityManager, user: UserWrite): Promise<string[] | null> {
    const rows = returnedRows<{ previous: string | null }>(
      await manager.query(
        `WITH previous AS (SELECT username FROM users WHERE id = $1)
         INSERT INTO users AS u (id, username, version, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET
           username = excluded.username, version = excluded.version,
           updated_at = excluded.updated_at
         WHERE u.version < excluded.version
         RETURNING (SELECT username FROM previous) AS previous`,
        [user.id, user.username, user.version, user.changedAt],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    return [...new Set([user.username, ...(row.previous === null ? [] : [row.previous])])];
  }
}
