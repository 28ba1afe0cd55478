import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ClaimEntity, AppliedVersionEntity } from '../claims/claim.entity';
import { UploadEntity } from './upload.entity';

/** A claimed upload was released (deleted) before the claim could lock it. */
class ReleasedMeanwhile extends Error {}

/** The only code that reads and writes media's uploads and their claims. */
@Injectable()
export class UploadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get table(): string {
    return this.dataSource.getMetadata(UploadEntity).tablePath;
  }

  private get claimsTable(): string {
    return this.dataSource.getMetadata(ClaimEntity).tablePath;
  }

  private get versionsTable(): string {
    return this.dataSource.getMetadata(AppliedVersionEntity).tablePath;
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

  /**
   * Records that `subjectId` uses the uploads (for `purpose`) and marks them
   * as used (keeping the first use's purpose). False, changing nothing, when
   * one of them is no longer there (released meanwhile).
   */
  async claim(ids: string[], purpose: string, subjectId: string): Promise<boolean> {
    return this.dataSource
      .transaction(async (manager) => {
        // Locks the uploads first, as a release does, so the two never cross.
        const [rows]: [unknown[], number] = await manager.query(
          `UPDATE ${this.table}
           SET claimed_at = COALESCE(claimed_at, now()), claimed_for = COALESCE(claimed_for, $2)
           WHERE id = ANY($1::uuid[]) AND status = 'stored' RETURNING id`,
          [ids, purpose],
        );
        if (rows.length !== new Set(ids).size) throw new ReleasedMeanwhile();
        await manager.query(
          `INSERT INTO ${this.claimsTable} (upload_id, purpose, subject_id)
           SELECT unnest($1::uuid[]), $2, $3 ON CONFLICT DO NOTHING`,
          [ids, purpose, subjectId],
        );
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof ReleasedMeanwhile) return false;
        throw error;
      });
  }

  /**
   * Ends the claims of `subjects` (all of each subject's, except the uploads in
   * its `keep`, and only those made before `claimedBefore` when given), then
   * deletes every upload left with no claim: `removeObjects` removes its
   * objects, then its row goes, in one transaction (a failure keeps it all for
   * the retry). With `version`, nothing happens unless it is newer than the
   * last one applied for that user or community. Uploads claimed before claims
   * were recorded have no claim rows and are never released. Returns how many
   * were deleted.
   */
  async release(
    subjects: { purpose: string; subjectId: string; keep?: string[] }[],
    options: {
      claimedBefore?: Date;
      version?: { kind: 'user' | 'community'; subjectId: string; version: number };
    },
    removeObjects: (uploads: UploadEntity[]) => Promise<void>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      if (options.version) {
        const applied = await manager.query<unknown[]>(
          `INSERT INTO ${this.versionsTable} AS applied (kind, subject_id, version) VALUES ($1, $2, $3)
           ON CONFLICT (kind, subject_id) DO UPDATE SET version = EXCLUDED.version
           WHERE applied.version < EXCLUDED.version RETURNING subject_id`,
          [options.version.kind, options.version.subjectId, options.version.version],
        );
        if (applied.length === 0) return 0;
      }
      const released = new Set<string>();
      for (const subject of subjects) {
        const [rows]: [{ upload_id: string }[], number] = await manager.query(
          `DELETE FROM ${this.claimsTable}
           WHERE subject_id = $1 AND purpose = $2 AND NOT (upload_id = ANY($3::uuid[]))
             AND ($4::timestamptz IS NULL OR claimed_at < $4)
           RETURNING upload_id`,
          [subject.subjectId, subject.purpose, subject.keep ?? [], options.claimedBefore ?? null],
        );
        for (const row of rows) released.add(row.upload_id);
      }
      if (released.size === 0) return 0;
      // Lock them, then look for claims left: a claim committed meanwhile keeps its upload,
      // and one that comes after the lock finds the upload gone.
      const ids = [...released].sort();
      await manager.query(
        `SELECT id FROM ${this.table} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [ids],
      );
      const orphans = await manager
        .getRepository(UploadEntity)
        .createQueryBuilder('upload')
        .where('upload.id = ANY(:ids)', { ids })
        .andWhere(`NOT EXISTS (SELECT 1 FROM ${this.claimsTable} c WHERE c.upload_id = upload.id)`)
        .getMany();
      if (orphans.length === 0) return 0;
      await removeObjects(orphans);
      await manager.getRepository(UploadEntity).delete(orphans.map((upload) => upload.id));
      return orphans.length;
    });
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
