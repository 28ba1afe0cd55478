import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EventPayload } from '@wave/contracts';
import { AuthorEntity } from './author.entity';

type UserEvent = EventPayload<'user.registered'> | EventPayload<'user.updated'>;

/** The only code that reads and writes timeline's authors projection. */
@Injectable()
export class AuthorsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Applies a user event unless a newer version was applied already (idempotent, order-proof);
   * returns the author as applied, or null when the event was older than what is there.
   */
  async apply(event: UserEvent): Promise<AuthorEntity | null> {
    const table = this.dataSource.getMetadata(AuthorEntity).tablePath;
    const names = 'firstName' in event ? event : { ...event, firstName: null, lastName: null };
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO ${table} AS a (id, username, display_name, first_name, last_name, profile_image_url, verified, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET
         username = EXCLUDED.username, display_name = EXCLUDED.display_name,
         first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         profile_image_url = EXCLUDED.profile_image_url, verified = EXCLUDED.verified,
         version = EXCLUDED.version, updated_at = now()
       WHERE a.version < EXCLUDED.version
       RETURNING a.id`,
      [
        event.userId,
        event.username,
        event.displayName,
        names.firstName,
        names.lastName,
        event.profileImageUrl,
        event.verified,
        event.version,
      ],
    );
    if (rows.length === 0) return null;
    return {
      id: event.userId,
      username: event.username,
      displayName: event.displayName,
      firstName: names.firstName,
      lastName: names.lastName,
      profileImageUrl: event.profileImageUrl,
      verified: event.verified,
      version: event.version,
      updatedAt: new Date(),
    };
  }

  findById(id: string): Promise<AuthorEntity | null> {
    return this.dataSource.getRepository(AuthorEntity).findOneBy({ id });
  }

  findByIds(ids: string[]): Promise<AuthorEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(AuthorEntity)
      .createQueryBuilder('author')
      .where('author.id = ANY(:ids)', { ids })
      .getMany();
  }

  findByUsername(username: string): Promise<AuthorEntity | null> {
    return this.dataSource
      .getRepository(AuthorEntity)
      .createQueryBuilder('author')
      .where('lower(author.username) = lower(:username)', { username })
      .getOne();
  }
}
