import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTimeline1795334809976 implements MigrationInterface {
  name = 'CreateTimeline1795334809976';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "event_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "payload" jsonb NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_outbox_event_id" ON "outbox" ("event_id") `);
    await queryRunner.query(`CREATE INDEX "ix_outbox_published_at" ON "outbox" ("published_at") `);
    await queryRunner.query(
      `CREATE INDEX "ix_outbox_unpublished" ON "outbox" ("id") WHERE published_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "authors" ("id" uuid NOT NULL, "username" character varying(30) NOT NULL, "display_name" character varying(50) NOT NULL, "first_name" character varying(50), "last_name" character varying(50), "profile_image_url" text, "verified" boolean NOT NULL DEFAULT false, "version" integer NOT NULL, "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d2ed02fabd9b52847ccb85e6b88" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "follows" ("follower_id" uuid NOT NULL, "followee_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f9294bbb1517cfd99f06f534fe7" PRIMARY KEY ("follower_id", "followee_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_follows_followee_follower" ON "follows" ("followee_id", "follower_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "follower_counts" ("user_id" uuid NOT NULL, "followers" integer NOT NULL DEFAULT '0', CONSTRAINT "ck_follower_counts_followers" CHECK (followers >= 0), CONSTRAINT "PK_bfe7bf89c711dfa1bd79daebb66" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "tweets" ("id" uuid NOT NULL, "author_id" uuid NOT NULL, "content" text NOT NULL, "image_urls" text array NOT NULL DEFAULT '{}', "link_preview" jsonb, "parent_id" uuid, "replies_count" integer NOT NULL DEFAULT '0', "retweets_count" integer NOT NULL DEFAULT '0', "likes_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "edited_at" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "ck_tweets_counts" CHECK (replies_count >= 0 AND retweets_count >= 0 AND likes_count >= 0), CONSTRAINT "PK_19d841599ad812c558807aec76c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_tweets_replies" ON "tweets" ("parent_id", "created_at", "id") WHERE parent_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_tweets_author_posts" ON "tweets" ("author_id", "created_at", "id") WHERE parent_id IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_tweets_public" ON "tweets" ("created_at", "id") WHERE parent_id IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "likes" ("tweet_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_53dc2e0ee6c6793012a815d08b6" PRIMARY KEY ("tweet_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_likes_user_created" ON "likes" ("user_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "retweets" ("tweet_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c2d5a1fdf055f5fcc7d0783df60" PRIMARY KEY ("tweet_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_retweets_user_created" ON "retweets" ("user_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "pins" ("user_id" uuid NOT NULL, "tweet_id" uuid, "version" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_b64043825b647234e0ae9316445" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_pins_tweet" ON "pins" ("tweet_id") `);
    await queryRunner.query(
      `CREATE TABLE "tweet_hashtags" ("tweet_id" uuid NOT NULL, "tag" character varying(100) NOT NULL, CONSTRAINT "PK_13651fe5c4917ac6ccbc97527bd" PRIMARY KEY ("tweet_id", "tag"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_tweet_hashtags_tag" ON "tweet_hashtags" ("tag", "tweet_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "tweet_mentions" ("tweet_id" uuid NOT NULL, "username" character varying(30) NOT NULL, CONSTRAINT "PK_03d3057fd8374c84199319f65a8" PRIMARY KEY ("tweet_id", "username"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_tweet_mentions_username" ON "tweet_mentions" ("username", "tweet_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "likes" ADD CONSTRAINT "fk_likes_tweet" FOREIGN KEY ("tweet_id") REFERENCES "tweets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "retweets" ADD CONSTRAINT "fk_retweets_tweet" FOREIGN KEY ("tweet_id") REFERENCES "tweets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pins" ADD CONSTRAINT "fk_pins_tweet" FOREIGN KEY ("tweet_id") REFERENCES "tweets"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tweet_hashtags" ADD CONSTRAINT "fk_tweet_hashtags_tweet" FOREIGN KEY ("tweet_id") REFERENCES "tweets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tweet_mentions" ADD CONSTRAINT "fk_tweet_mentions_tweet" FOREIGN KEY ("tweet_id") REFERENCES "tweets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "tweet_mentions" DROP CONSTRAINT "fk_tweet_mentions_tweet"`,
    );
    await queryRunner.query(
      `ALTER TABLE "tweet_hashtags" DROP CONSTRAINT "fk_tweet_hashtags_tweet"`,
    );
    await queryRunner.query(`ALTER TABLE "pins" DROP CONSTRAINT "fk_pins_tweet"`);
    await queryRunner.query(`ALTER TABLE "retweets" DROP CONSTRAINT "fk_retweets_tweet"`);
    await queryRunner.query(`ALTER TABLE "likes" DROP CONSTRAINT "fk_likes_tweet"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_tweet_mentions_username"`);
    await queryRunner.query(`DROP TABLE "tweet_mentions"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_tweet_hashtags_tag"`);
    await queryRunner.query(`DROP TABLE "tweet_hashtags"`);
    await queryRunner.query(`DROP INDEX "timeline"."uq_pins_tweet"`);
    await queryRunner.query(`DROP TABLE "pins"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_retweets_user_created"`);
    await queryRunner.query(`DROP TABLE "retweets"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_likes_user_created"`);
    await queryRunner.query(`DROP TABLE "likes"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_tweets_public"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_tweets_author_posts"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_tweets_replies"`);
    await queryRunner.query(`DROP TABLE "tweets"`);
    await queryRunner.query(`DROP TABLE "follower_counts"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_follows_followee_follower"`);
    await queryRunner.query(`DROP TABLE "follows"`);
    await queryRunner.query(`DROP TABLE "authors"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_outbox_unpublished"`);
    await queryRunner.query(`DROP INDEX "timeline"."ix_outbox_published_at"`);
    await queryRunner.query(`DROP INDEX "timeline"."uq_outbox_event_id"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
