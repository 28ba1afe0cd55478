import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSeoPages1795762958179 implements MigrationInterface {
  name = 'CreateSeoPages1795762958179';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "seo_pages" ("path" character varying(512) NOT NULL, "kind" character varying(16) NOT NULL, "owner_id" uuid, "title" text, "url" text, "seo_score" smallint, "issues" jsonb NOT NULL DEFAULT '[]', "recommendations" jsonb NOT NULL DEFAULT '[]', "analyzed_at" TIMESTAMP WITH TIME ZONE, "due_at" TIMESTAMP WITH TIME ZONE, "failures" smallint NOT NULL DEFAULT '0', CONSTRAINT "PK_bacd670727e5596350249c4e286" PRIMARY KEY ("path"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_seo_pages_owner" ON "seo_pages" ("owner_id") WHERE "owner_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_seo_pages_due" ON "seo_pages" ("due_at") WHERE "due_at" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_page_daily_stats_path" ON "page_daily_stats" ("path", "day") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "analytics"."ix_page_daily_stats_path"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_seo_pages_due"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_seo_pages_owner"`);
    await queryRunner.query(`DROP TABLE "seo_pages"`);
  }
}
