import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UploadEntity } from './upload.entity';

/** The only code that reads and writes media's uploads table. */
@Injectable()
export class UploadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get table(): string {
    return this.dataSource.getMetadata(UploadEntity).tablePath;
  }

  async createPending(id: string, ownerId: string, urlExpiresAt: Date): Promise<void> {
    await this.dataSource
      .getRepository(UploadEntity)
      .insert({ id, ownerId, urlExpiresAt, status: 'pending' });
  }

  find(id: string): Promise<UploadEntity | null> {
    return this.dataSource.getRepository(UploadEntity).findOneBy({ id });
  }

  findMany(ids: string[]): Promise<UploadEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(UploadEntity)
      .createQueryBuilder('upload')
      .where('upload.id = ANY(:ids)', { ids })
      .getMany();
  }

  /** Takes the single use of a pending upload URL for its owner; false when it is not that. */
  async startReceiving(id: string, ownerId: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE ${this.table} SET status = 'receiving' WHERE id = $1 AND owner_id = $2 AND status = 'pending' RETURNING id`,
      [id, ownerId],
    );
    return rows.length === 1;
  }

  async markStored(
    id: string,
    stored: {
      contentType: string;
      size: number;
      width: number;
      height: number;
      hasDisplay: boolean;
    },
  ): Promise<void> {
    await this.dataSource
      .getRepository(UploadEntity)
      .update({ id }, { ...stored, status: 'stored', storedAt: () => 'now()' });
  }

  async markFailed(id: string): Promise<void> {
    await this.dataSource.getRepository(UploadEntity).update({ id }, { status: 'failed' });
  }

  /** Marks the uploads as used (keeping the first use's purpose). */
  async claim(ids: string[], purpose: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.table} SET claimed_at = COALESCE(claimed_at, now()), claimed_for = COALESCE(claimed_for, $2)
       WHERE id = ANY($1::uuid[])`,
      [ids, purpose],
    );
  }

  /** Up to `limit` uploads nothing claimed, older than the cut-off, locked for deletion. */
  async takeUnclaimed(
    olderThan: Date,
    limit: number,
    work: (uploads: UploadEntity[]) => Promise<void>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const uploads = await manager
        .getRepository(UploadEntity)
        .createQueryBuilder('upload')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .where('upload.claimed_at IS NULL AND upload.created_at < :olderThan', { olderThan })
        .orderBy('upload.created_at')
        .limit(limit)
        .getMany();
      if (uploads.length === 0) return 0;
      await work(uploads);
      await manager.getRepository(UploadEntity).delete(uploads.map((upload) => upload.id));
      return uploads.length;
    });
  }
}
