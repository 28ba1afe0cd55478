import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrderFollowsAgainstUnfollows1795540604011 implements MigrationInterface {
  name = 'OrderFollowsAgainstUnfollows1795540604011';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "follow_removals" ("follower_id" uuid NOT NULL, "followee_id" uuid NOT NULL, "removed_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "PK_56d998ebecd17ea5644adcec444" PRIMARY KEY ("follower_id", "followee_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "follows" ADD "followed_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT '-infinity'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "follows" DROP COLUMN "followed_at"`);
    await queryRunner.query(`DROP TABLE "follow_removals"`);
  }
}
