import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Reads of the posts' projection rows and their lifetime counts. */
@Injectable()
export class PostsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The views of each named post analytics knows of, deleted ones flagged (by primary key). */
  viewCounts(ids: string[]): Promise<{ id: string; views: number; deleted: boolean }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT id, views, deleted_at IS NOT NULL AS deleted FROM posts WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }
}
