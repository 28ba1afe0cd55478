import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddBackfillRuns1795783482381 implements MigrationInterface {
  name = 'AddBackfillRuns1795783482381';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "backfill_runs" ("source" character varying(32) NOT NULL, "cursor" uuid, "pages" integer NOT NULL DEFAULT '0', "items" integer NOT NULL DEFAULT '0', "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_24b11630037006eb2b159194eae" PRIMARY KEY ("source"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "backfill_runs"`);
  }
}
