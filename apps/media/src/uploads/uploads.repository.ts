import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ClaimEntity, AppliedVersionEntity } from '../claims/claim.entity';
import { UploadEntity } from './upload.entity';

/** A claimed upload was released (deleted) before the claim could lock it. */
class ReleasedMeanwhile extends Error {}

/** One claim: an upload used by a subject for a purpose. */
export interface ClaimKey {
  uploadId: string;
  purpose: string;
  subjectId: string;
}

/** An unverified claim, with its place in the clean-up's walk. */
export interface UnverifiedClaim extends ClaimKey {
  claimedAt: Date;
}

/** The keys as three parallel arrays, for `unnest`. */
const columnsOf = (claims: ClaimKey[]): [string[], string[], string[]] => [
  claims.map((claim) => claim.uploadId),
  claims.map((claim) => claim.purpose),
  claims.map((claim) => claim.subjectId),
];

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
   * as used (keeping the first use's purpose). The claims it makes carry
   * `claimId`; one the subject held already loses its claim id, as it is no
   * longer this call's alone to give back, and is made anew: claimed now and
   * unverified again. So the write now in flight is protected as a first
   * claim is (an older `user.updated` or `community.updated` heard meanwhile
   * leaves it, the clean-up asks about it only after the grace period), and
   * if that write fails, the clean-up still finds the claim and asks whether
   * the image is current. False, changing nothing, when one of them is no
   * longer there (released meanwhile).
   */
  async claim(
    ids: string[],
    purpose: string,
    subjectId: string,
    claimId: string,
  ): Promise<boolean> {
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
          `INSERT INTO ${this.claimsTable} (upload_id, purpose, subject_id, claim_id)
           SELECT unnest($1::uuid[]), $2, $3, $4
           ON CONFLICT (upload_id, purpose, subject_id)
           DO UPDATE SET claim_id = NULL, claimed_at = now(), verified_at = NULL`,
          [[...new Set(ids)], purpose, subjectId, claimId],
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

  /**
   * Gives back the claims one claim call made for a write that failed: those
   * still carrying its `claimId` (no other call claimed the same use since),
   * unverified, on the owner's uploads. See `unclaim`.
   */
  async giveBack(
    call: { claimId: string; purpose: string; subjectId: string },
    ownerId: string,
  ): Promise<number> {
    const claims = await this.dataSource
      .getRepository(ClaimEntity)
      .createQueryBuilder('claim')
      .innerJoin(UploadEntity, 'upload', 'upload.id = claim.upload_id')
      .select(['claim.uploadId', 'claim.purpose', 'claim.subjectId'])
      .where('claim.claim_id = :claimId AND claim.purpose = :purpose', call)
      .andWhere('claim.subject_id = :subjectId AND upload.owner_id = :ownerId', {
        subjectId: call.subjectId,
        ownerId,
      })
      .getMany();
    return this.unclaim(claims, call.claimId);
  }

  /**
   * Gives back claims without deleting their uploads (the write that made them
   * failed, or their subject never came to exist): only unverified ones, and
   * with `claimId` only those still carrying it. An upload left with no claim
   * is unclaimed again (`released_at` now), for the clean-up to delete after
   * the unclaimed TTL unless something claims it first. A claim given with
   * its `claimedAt` goes only if it was not made anew since (the clean-up
   * judged the claim as it read it). The uploads are locked first, in id
   * order, as a claim locks them, so the two never cross: a claim waiting on
   * the lock then marks the upload used again (and one that came first has
   * cleared the claim id and renewed the claim, or verified it). Returns how
   * many claims went; giving back what is gone already changes nothing.
   */
  async unclaim(
    claims: (ClaimKey & { claimedAt?: Date })[],
    claimId: string | null = null,
  ): Promise<number> {
    if (claims.length === 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      const ids = [...new Set(claims.map((claim) => claim.uploadId))].sort();
      await manager.query(
        `SELECT id FROM ${this.table} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [ids],
      );
      const [released]: [{ upload_id: string }[], number] = await manager.query(
        `DELETE FROM ${this.claimsTable} c
         USING unnest($1::uuid[], $2::varchar[], $3::uuid[], $4::timestamptz[])
           AS k(upload_id, purpose, subject_id, claimed_at)
         WHERE c.upload_id = k.upload_id AND c.purpose = k.purpose AND c.subject_id = k.subject_id
           AND (k.claimed_at IS NULL OR c.claimed_at = k.claimed_at)
           AND c.verified_at IS NULL AND ($5::uuid IS NULL OR c.claim_id = $5)
         RETURNING c.upload_id`,
        [...columnsOf(claims), claims.map((claim) => claim.claimedAt ?? null), claimId],
      );
      if (released.length === 0) return 0;
      await manager.query(
        `UPDATE ${this.table} u
         SET claimed_at = NULL, claimed_for = NULL, released_at = now()
         WHERE u.id = ANY($1::uuid[])
           AND NOT EXISTS (SELECT 1 FROM ${this.claimsTable} c WHERE c.upload_id = u.id)`,
        [released.map((row) => row.upload_id)],
      );
      return released.length;
    });
  }

  /**
   * Up to `limit` claims unverified since before `madeBefore`, in the order
   * they were made, after `after` (the last one of the previous batch).
   */
  unverifiedClaims(
    madeBefore: Date,
    after: UnverifiedClaim | null,
    limit: number,
  ): Promise<UnverifiedClaim[]> {
    const query = this.dataSource
      .getRepository(ClaimEntity)
      .createQueryBuilder('claim')
      .select(['claim.uploadId', 'claim.purpose', 'claim.subjectId', 'claim.claimedAt'])
      .where('claim.verified_at IS NULL AND claim.claimed_at < :madeBefore', { madeBefore })
      .orderBy('claim.claimed_at')
      .addOrderBy('claim.upload_id')
      .addOrderBy('claim.purpose')
      .addOrderBy('claim.subject_id')
      .limit(limit);
    if (after) {
      query.andWhere(
        '(claim.claimed_at, claim.upload_id, claim.purpose, claim.subject_id) > (:at, :uploadId, :purpose, :subjectId)',
        {
          at: after.claimedAt,
          uploadId: after.uploadId,
          purpose: after.purpose,
          subjectId: after.subjectId,
        },
      );
    }
    return query.getMany();
  }

  /**
   * Marks claims the subject's owner vouched for as verified: they are never
   * asked about again. Only as they were read (`claimedAt`): one made anew
   * since waits for its own check.
   */
  async markVerified(claims: UnverifiedClaim[]): Promise<void> {
    if (claims.length === 0) return;
    await this.dataSource.query(
      `UPDATE ${this.claimsTable} c SET verified_at = now()
       FROM unnest($1::uuid[], $2::varchar[], $3::uuid[], $4::timestamptz[])
         AS k(upload_id, purpose, subject_id, claimed_at)
       WHERE c.upload_id = k.upload_id AND c.purpose = k.purpose AND c.subject_id = k.subject_id
         AND c.claimed_at = k.claimed_at AND c.verified_at IS NULL`,
      [...columnsOf(claims), claims.map((claim) => claim.claimedAt)],
    );
  }

  /**
   * Up to `limit` uploads nothing claims, older than the cut-off (and unclaimed
   * again before it, if they were given back), locked for deletion.
   */
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
        .andWhere('(upload.released_at IS NULL OR upload.released_at < :olderThan)', { olderThan })
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
