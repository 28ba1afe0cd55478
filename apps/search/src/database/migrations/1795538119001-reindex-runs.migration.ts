import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReindexRuns1795538119001 implements MigrationInterface {
  name = 'ReindexRuns1795538119001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "reindex_runs" ("source" character varying(20) NOT NULL, "cursor" jsonb, "pages" integer NOT NULL DEFAULT '0', "items" integer NOT NULL DEFAULT '0', "started_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "finished_at" TIMESTAMP(3) WITH TIME ZONE, "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6826a91e41487bcb1cef81944cf" PRIMARY KEY ("source"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "reindex_runs"`);
  }
}
