import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each post's lifetime counts on its projection row (what tweet cards show, and what top posts
 * rank by), filled from the daily rollups the service kept so far.
 */
export class AddPostCounts1795771155464 implements MigrationInterface {
  name = 'AddPostCounts1795771155464';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['views', 'likes', 'unlikes', 'replies', 'retweets', 'unretweets']) {
      await queryRunner.query(`ALTER TABLE "posts" ADD "${column}" integer NOT NULL DEFAULT '0'`);
    }
    await queryRunner.query(
      `UPDATE "posts" p SET views = s.views, likes = s.likes, unlikes = s.unlikes,
         replies = s.replies, retweets = s.retweets, unretweets = s.unretweets
       FROM (SELECT post_id, sum(views)::int AS views, sum(likes)::int AS likes,
                    sum(unlikes)::int AS unlikes, sum(replies)::int AS replies,
                    sum(retweets)::int AS retweets, sum(unretweets)::int AS unretweets
             FROM "post_daily_stats" GROUP BY post_id) s
       WHERE p.id = s.post_id`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['unretweets', 'retweets', 'replies', 'unlikes', 'likes', 'views']) {
      await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "${column}"`);
    }
  }
}
