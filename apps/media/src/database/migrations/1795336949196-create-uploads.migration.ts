import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUploads1795336949196 implements MigrationInterface {
  name = 'CreateUploads1795336949196';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "uploads" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "url_expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "content_type" character varying(40), "size" integer, "width" integer, "height" integer, "has_display" boolean NOT NULL DEFAULT false, "claimed_for" character varying(16), "claimed_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "stored_at" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "ck_uploads_status" CHECK (status IN ('pending', 'receiving', 'stored', 'failed')), CONSTRAINT "PK_d1781d1eedd7459314f60f39bd3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_uploads_owner" ON "uploads" ("owner_id") `);
    await queryRunner.query(
      `CREATE INDEX "ix_uploads_unclaimed" ON "uploads" ("created_at") WHERE claimed_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "media"."ix_uploads_unclaimed"`);
    await queryRunner.query(`DROP INDEX "media"."ix_uploads_owner"`);
    await queryRunner.query(`DROP TABLE "uploads"`);
  }
}
