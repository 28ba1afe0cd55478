import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { UserEntity } from './user.entity';

export type NewUser = Pick<
  UserEntity,
  'id' | 'username' | 'email' | 'passwordHash' | 'displayName'
> &
  Partial<Pick<UserEntity, 'createdAt' | 'updatedAt'>>;
export type UserChanges = Partial<
  Pick<
    UserEntity,
    'displayName' | 'firstName' | 'lastName' | 'bio' | 'profileImageUrl' | 'coverImageUrl'
  >
>;

/** The only code that reads and writes identity's users table. */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private users(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(UserEntity);
  }

  findById(id: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.users(manager).findOneBy({ id });
  }

  findByIds(ids: string[]): Promise<UserEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.users().createQueryBuilder('user').where('user.id = ANY(:ids)', { ids }).getMany();
  }

  /** The current profile and cover images of those of `ids` that are users that exist. */
  imagesOf(ids: string[]): Promise<Pick<UserEntity, 'id' | 'profileImageUrl' | 'coverImageUrl'>[]> {
    return this.users()
      .createQueryBuilder('user')
      .select(['user.id', 'user.profileImageUrl', 'user.coverImageUrl'])
      .where('user.id = ANY(:ids)', { ids })
      .getMany();
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users()
      .createQueryBuilder('user')
      .where('lower(user.username) = lower(:username)', { username })
      .getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users().findOneBy({ email: email.toLowerCase() });
  }

  async usernameOrEmailTaken(
    username: string,
    email: string,
  ): Promise<'username' | 'email' | null> {
    const row = await this.users()
      .createQueryBuilder('user')
      .select('lower(user.username) = lower(:username)', 'username_taken')
      .where('lower(user.username) = lower(:username) OR user.email = :email', { username, email })
      .orderBy('username_taken', 'DESC')
      .limit(1)
      .getRawOne<{ username_taken: boolean }>();
    if (!row) return null;
    return row.username_taken ? 'username' : 'email';
  }

  async insert(manager: EntityManager, user: NewUser): Promise<UserEntity> {
    await this.users(manager).insert(user);
    return this.users(manager).findOneByOrFail({ id: user.id });
  }

  /** Applies the changes and bumps the version that events carry. */
  async update(
    manager: EntityManager,
    id: string,
    changes: UserChanges,
  ): Promise<UserEntity | null> {
    await this.users(manager)
      .createQueryBuilder()
      .update(UserEntity)
      .set({ ...changes, version: () => 'version + 1' })
      .where('id = :id', { id })
      .execute();
    return this.findById(id, manager);
  }

  /** Applies a pin change unless a newer one was applied already (events can repeat or cross). */
  async applyPin(userId: string, pinnedTweetId: string | null, version: number): Promise<void> {
    await this.users()
      .createQueryBuilder()
      .update(UserEntity)
      .set({ pinnedTweetId, pinVersion: version })
      .where('id = :userId AND pin_version < :version', { userId, version })
      .execute();
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.users().update({ id }, { passwordHash });
  }

  /**
   * Locks the given users in id order (so two transactions never wait on each
   * other in a circle) and returns the ids that exist. NO KEY UPDATE still lets
   * foreign-key checks from other transactions through.
   */
  async lockInOrder(manager: EntityManager, ids: string[]): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT id FROM ${this.table()} WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** Users after `after` in id order (all of them, page by page): the rebuild call's rows. */
  pageById(after: string | null, limit: number): Promise<UserEntity[]> {
    const query = this.users().createQueryBuilder('user').orderBy('user.id', 'ASC').limit(limit);
    if (after) query.where('user.id > :after', { after });
    return query.getMany();
  }

  private table(): string {
    return this.dataSource.getMetadata(UserEntity).tablePath;
  }
}
