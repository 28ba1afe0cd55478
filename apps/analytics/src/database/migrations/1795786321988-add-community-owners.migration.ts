import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every owner of a community (a community may have several), for their SEO dashboards. */
export class AddCommunityOwners1795786321988 implements MigrationInterface {
  name = 'AddCommunityOwners1795786321988';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "community_owners" ("community_id" uuid NOT NULL, "user_id" uuid NOT NULL, "is_owner" boolean NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_1f4353c84ef28a4755c253df17b" PRIMARY KEY ("community_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_community_owners_user" ON "community_owners" ("user_id") WHERE "is_owner"`,
    );
    // The creators heard so far own their communities until events (or the backfill) say more.
    await queryRunner.query(
      `INSERT INTO "community_owners" ("community_id", "user_id", "is_owner", "changed_at")
       SELECT "id", "owner_id", true, COALESCE("created_at", "updated_at") FROM "communities"
       WHERE "owner_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "analytics"."ix_community_owners_user"`);
    await queryRunner.query(`DROP TABLE "community_owners"`);
  }
}
