import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change of a tweet row (its counters, an edit, a pin) moves its version on, under the
 * row's lock: the tweet cache keeps, of two states of a tweet, the one of the higher version.
 * A column with a constant default is added without rewriting the table.
 */
export class TweetVersions1796000000000 implements MigrationInterface {
  name = 'TweetVersions1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tweets" ADD "version" bigint NOT NULL DEFAULT '0'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tweets" DROP COLUMN "version"`);
  }
}
