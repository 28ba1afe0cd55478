import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KeepNewestPostEdits1795541532469 implements MigrationInterface {
  name = 'KeepNewestPostEdits1795541532469';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "post_edits" ("id" uuid NOT NULL, "content" text NOT NULL, "hashtags" character varying(100) array NOT NULL, "edited_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "PK_4f654a6f48ff1f94a68db3de55c" PRIMARY KEY ("id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "post_edits"`);
  }
}
