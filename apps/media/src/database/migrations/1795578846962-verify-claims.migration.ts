import type { MigrationInterface, QueryRunner } from 'typeorm';

export class VerifyClaims1795578846962 implements MigrationInterface {
  name = 'VerifyClaims1795578846962';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "uploads" ADD "released_at" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "claims" ADD "claim_id" uuid`);
    await queryRunner.query(`ALTER TABLE "claims" ADD "verified_at" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "ix_claims_unverified" ON "claims" ("claimed_at", "upload_id", "purpose", "subject_id") WHERE verified_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "media"."ix_claims_unverified"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "verified_at"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "claim_id"`);
    await queryRunner.query(`ALTER TABLE "uploads" DROP COLUMN "released_at"`);
  }
}
