import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EventPayload } from '@wave/contracts';
import { AuthorEntity } from './author.entity';

type UserEvent = EventPayload<'user.registered'> | EventPayload<'user.updated'>;

/** The only code that reads and writes the communities service's authors projection. */
@Injectable()
export class AuthorsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Applies a user event unless a newer version was applied already (idempotent, order-proof). */
  async apply(event: UserEvent): Promise<void> {
    const table = this.dataSource.getMetadata(AuthorEntity).tablePath;
    await this.dataSource.query(
      `INSERT INTO ${table} AS a (id, username, display_name, profile_image_url, verified, version)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET
         username = EXCLUDED.username, display_name = EXCLUDED.display_name,
         profile_image_url = EXCLUDED.profile_image_url, verified = EXCLUDED.verified,
         version = EXCLUDED.version, updated_at = now()
       WHERE a.version < EXCLUDED.version`,
      [
        event.userId,
        event.username,
        event.displayName,
        event.profileImageUrl,
        event.verified,
        event.version,
      ],
    );
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
