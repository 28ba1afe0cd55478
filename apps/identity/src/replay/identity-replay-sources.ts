import type { DataSource } from 'typeorm';
import type { ReplaySource } from '@wave/messaging';
import type { FollowKey } from '../follows/follows.repository';
import { FollowsRepository } from '../follows/follows.repository';
import { toUserUpdatedEvent } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';

/**
 * Identity's rows as the events that made them (`replay`): each user as its profile is now
 * (`user.updated`, which tells all of it, at its version: consumers keep the highest), and each
 * follow.
 */
export function identityReplaySources(dataSource: DataSource): ReplaySource[] {
  const users = new UsersRepository(dataSource);
  const follows = new FollowsRepository(dataSource);
  return [
    {
      name: 'users',
      events: ['user.updated'],
      page: async (after, limit) => {
        const rows = await users.pageById(after, limit);
        return {
          events: rows.map((user) => ({
            name: 'user.updated' as const,
            payload: toUserUpdatedEvent(user),
          })),
          next: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
        };
      },
    },
    {
      name: 'follows',
      events: ['follow.created'],
      page: async (after, limit) => {
        const rows = await follows.pageByKey(
          after === null ? null : (JSON.parse(after) as FollowKey),
          limit,
        );
        const last = rows.at(-1);
        return {
          events: rows.map((row) => ({
            name: 'follow.created' as const,
            payload: {
              followerId: row.followerId,
              followeeId: row.followeeId,
              createdAt: row.createdAt.toISOString(),
            },
          })),
          next:
            rows.length === limit && last
              ? JSON.stringify({ followerId: last.followerId, followeeId: last.followeeId })
              : null,
        };
      },
    },
  ];
}
