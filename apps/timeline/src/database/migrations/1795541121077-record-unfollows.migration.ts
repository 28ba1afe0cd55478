import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RecordUnfollows1795541121077 implements MigrationInterface {
  name = 'RecordUnfollows1795541121077';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "follow_removals" ("follower_id" uuid NOT NULL, "followee_id" uuid NOT NULL, "removed_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "PK_56d998ebecd17ea5644adcec444" PRIMARY KEY ("follower_id", "followee_id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "follow_removals"`);
  }
}
