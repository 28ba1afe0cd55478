import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAnalytics1795584789074 implements MigrationInterface {
  name = 'CreateAnalytics1795584789074';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "applied_events" ("event_id" uuid NOT NULL, "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e2e67708f48d94150edc7bff4e" PRIMARY KEY ("event_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_applied_events_applied_at" ON "applied_events" ("applied_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "applied_batches" ("batch_id" uuid NOT NULL, "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a99019b7648d0b639417e0948cd" PRIMARY KEY ("batch_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_applied_batches_applied_at" ON "applied_batches" ("applied_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "posts" ("id" uuid NOT NULL, "author_id" uuid NOT NULL, "parent_id" uuid, "content" text NOT NULL DEFAULT '', "hashtags" character varying(100) array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE, "edited_at" TIMESTAMP WITH TIME ZONE, "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2829ac61eff60fcec60d7274b9e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_posts_author_created" ON "posts" ("author_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "user_hourly_stats" ("views" integer NOT NULL DEFAULT '0', "likes" integer NOT NULL DEFAULT '0', "unlikes" integer NOT NULL DEFAULT '0', "replies" integer NOT NULL DEFAULT '0', "retweets" integer NOT NULL DEFAULT '0', "unretweets" integer NOT NULL DEFAULT '0', "follows" integer NOT NULL DEFAULT '0', "unfollows" integer NOT NULL DEFAULT '0', "user_id" uuid NOT NULL, "hour_start" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_015ba8eae592ab24aa9259f91db" PRIMARY KEY ("user_id", "hour_start"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "user_daily_stats" ("views" integer NOT NULL DEFAULT '0', "likes" integer NOT NULL DEFAULT '0', "unlikes" integer NOT NULL DEFAULT '0', "replies" integer NOT NULL DEFAULT '0', "retweets" integer NOT NULL DEFAULT '0', "unretweets" integer NOT NULL DEFAULT '0', "follows" integer NOT NULL DEFAULT '0', "unfollows" integer NOT NULL DEFAULT '0', "user_id" uuid NOT NULL, "day" date NOT NULL, CONSTRAINT "PK_f502b83da162658571a855f8ab5" PRIMARY KEY ("user_id", "day"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "post_hourly_stats" ("views" integer NOT NULL DEFAULT '0', "likes" integer NOT NULL DEFAULT '0', "unlikes" integer NOT NULL DEFAULT '0', "replies" integer NOT NULL DEFAULT '0', "retweets" integer NOT NULL DEFAULT '0', "unretweets" integer NOT NULL DEFAULT '0', "post_id" uuid NOT NULL, "hour_start" TIMESTAMP WITH TIME ZONE NOT NULL, "author_id" uuid NOT NULL, CONSTRAINT "PK_d24cd0cf7a7681650e5fdec35e4" PRIMARY KEY ("post_id", "hour_start"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_post_hourly_stats_author" ON "post_hourly_stats" ("author_id", "hour_start") `,
    );
    await queryRunner.query(
      `CREATE TABLE "post_daily_stats" ("views" integer NOT NULL DEFAULT '0', "likes" integer NOT NULL DEFAULT '0', "unlikes" integer NOT NULL DEFAULT '0', "replies" integer NOT NULL DEFAULT '0', "retweets" integer NOT NULL DEFAULT '0', "unretweets" integer NOT NULL DEFAULT '0', "post_id" uuid NOT NULL, "day" date NOT NULL, "author_id" uuid NOT NULL, CONSTRAINT "PK_e0f4fbb9f11c4e69edb79fe0490" PRIMARY KEY ("post_id", "day"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_post_daily_stats_author" ON "post_daily_stats" ("author_id", "day") `,
    );
    await queryRunner.query(
      `CREATE TABLE "pending_post_views" ("post_id" uuid NOT NULL, "hour_start" TIMESTAMP WITH TIME ZONE NOT NULL, "views" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_9d0af99ddfac840378c1491c123" PRIMARY KEY ("post_id", "hour_start"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "page_daily_stats" ("day" date NOT NULL, "path" character varying(512) NOT NULL, "views" integer NOT NULL DEFAULT '0', "crawler_views" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_b3d2cd658d605781c15b3292f88" PRIMARY KEY ("day", "path"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "user_totals" ("user_id" uuid NOT NULL, "followers" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_b6a8b84188ed1a99e6abda00ad4" PRIMARY KEY ("user_id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_totals"`);
    await queryRunner.query(`DROP TABLE "page_daily_stats"`);
    await queryRunner.query(`DROP TABLE "pending_post_views"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_post_daily_stats_author"`);
    await queryRunner.query(`DROP TABLE "post_daily_stats"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_post_hourly_stats_author"`);
    await queryRunner.query(`DROP TABLE "post_hourly_stats"`);
    await queryRunner.query(`DROP TABLE "user_daily_stats"`);
    await queryRunner.query(`DROP TABLE "user_hourly_stats"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_posts_author_created"`);
    await queryRunner.query(`DROP TABLE "posts"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_applied_batches_applied_at"`);
    await queryRunner.query(`DROP TABLE "applied_batches"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_applied_events_applied_at"`);
    await queryRunner.query(`DROP TABLE "applied_events"`);
  }
}
