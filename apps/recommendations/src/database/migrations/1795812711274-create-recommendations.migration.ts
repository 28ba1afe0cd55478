import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRecommendations1795812711274 implements MigrationInterface {
  name = 'CreateRecommendations1795812711274';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "applied_events" ("event_id" uuid NOT NULL, "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e2e67708f48d94150edc7bff4e" PRIMARY KEY ("event_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_applied_events_applied_at" ON "applied_events" ("applied_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "feedback" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "action" character varying(10) NOT NULL, "content_type" character varying(10) NOT NULL, "content_id" uuid NOT NULL, "score" double precision, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8389f9e087a57689cd5be8b2b13" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_feedback_user_created" ON "feedback" ("user_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "dismissals" ("user_id" uuid NOT NULL, "content_type" character varying(10) NOT NULL, "content_id" uuid NOT NULL, "dismissed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_de12eefb68bc5f19987108263ef" PRIMARY KEY ("user_id", "content_type", "content_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "impressions" ("user_id" uuid NOT NULL, "content_type" character varying(10) NOT NULL, "content_id" uuid NOT NULL, "features" double precision array NOT NULL, "score" double precision NOT NULL, "shown_at" TIMESTAMP WITH TIME ZONE NOT NULL, "outcome" character varying(10), "outcome_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0edc9e4e70c9201217ab7490ab6" PRIMARY KEY ("user_id", "content_type", "content_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_impressions_shown_at" ON "impressions" ("shown_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "models" ("id" SERIAL NOT NULL, "feature_names" text array NOT NULL, "weights" double precision array NOT NULL, "samples" integer NOT NULL, "metrics" jsonb NOT NULL, "trained_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_ef9ed7160ea69013636466bf2d5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "communities" ("id" uuid NOT NULL, "name" text NOT NULL DEFAULT '', "description" text NOT NULL DEFAULT '', "category" text NOT NULL DEFAULT '', "is_private" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '0', "member_count" integer NOT NULL DEFAULT '0', "activity_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_fea1fe83c86ccde9d0a089e7ea2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_communities_popular" ON "communities" ("member_count", "id") WHERE created_at IS NOT NULL`,
    );
    // By hand (an expression index): the communities whose name, description or category name a topic.
    await queryRunner.query(
      `CREATE INDEX "ix_communities_text" ON "communities" USING gin (to_tsvector('simple', name || ' ' || description || ' ' || category)) WHERE created_at IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "community_members" ("community_id" uuid NOT NULL, "user_id" uuid NOT NULL, "active" boolean NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a304f5a705ec45c9d11b5618287" PRIMARY KEY ("community_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_community_members_community_active" ON "community_members" ("community_id", "changed_at") WHERE active`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_community_members_user_active" ON "community_members" ("user_id", "changed_at") WHERE active`,
    );
    await queryRunner.query(
      `CREATE TABLE "community_posts" ("id" uuid NOT NULL, "community_id" uuid NOT NULL, "author_id" uuid NOT NULL, "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_af0c0b33e03b933e3e48119f2e3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "follows" ("follower_id" uuid NOT NULL, "followee_id" uuid NOT NULL, "active" boolean NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f9294bbb1517cfd99f06f534fe7" PRIMARY KEY ("follower_id", "followee_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_follows_followee_active" ON "follows" ("followee_id", "changed_at") WHERE active`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_follows_follower_active" ON "follows" ("follower_id", "changed_at") WHERE active`,
    );
    await queryRunner.query(
      `CREATE TABLE "interactions" ("user_id" uuid NOT NULL, "post_id" uuid NOT NULL, "kind" character varying(10) NOT NULL, "active" boolean NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_86ac9703302aec57c304f7112ab" PRIMARY KEY ("user_id", "post_id", "kind"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_interactions_post_active" ON "interactions" ("post_id") WHERE active`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_interactions_user_active" ON "interactions" ("user_id", "changed_at") WHERE active`,
    );
    await queryRunner.query(
      `CREATE TABLE "posts" ("id" uuid NOT NULL, "author_id" uuid, "parent_id" uuid, "content" text NOT NULL DEFAULT '', "hashtags" character varying(100) array NOT NULL DEFAULT '{}', "like_count" integer NOT NULL DEFAULT '0', "retweet_count" integer NOT NULL DEFAULT '0', "reply_count" integer NOT NULL DEFAULT '0', "hot" double precision NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE, "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2829ac61eff60fcec60d7274b9e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_posts_author" ON "posts" ("author_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_posts_hot" ON "posts" ("hot") WHERE created_at IS NOT NULL AND deleted_at IS NULL`,
    );
    // By hand (TypeORM cannot describe a GIN index): the posts carrying any of a member's topics.
    await queryRunner.query(
      `CREATE INDEX "ix_posts_hashtags" ON "posts" USING gin ("hashtags") WHERE created_at IS NOT NULL AND deleted_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "search_clicks" ("click_id" uuid NOT NULL, "user_id" uuid NOT NULL, "result_type" character varying(10) NOT NULL, "result_id" character varying(200) NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_690d50f5299806f8219d792d13a" PRIMARY KEY ("click_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_search_clicks_user_at" ON "search_clicks" ("user_id", "at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL, "username" text NOT NULL DEFAULT '', "display_name" text NOT NULL DEFAULT '', "bio" text, "profile_image_url" text, "verified" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '0', "followers_count" integer NOT NULL DEFAULT '0', "following_count" integer NOT NULL DEFAULT '0', "posts_count" integer NOT NULL DEFAULT '0', "engagement_received" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_users_popular" ON "users" ("followers_count", "id") WHERE version > 0`,
    );
    await queryRunner.query(
      `CREATE TABLE "user_topics" ("user_id" uuid NOT NULL, "tag" character varying(100) NOT NULL, "weight" double precision NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_30e573d1e33324aec7bf42802ef" PRIMARY KEY ("user_id", "tag"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_user_topics_tag" ON "user_topics" ("tag", "weight") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "recommendations"."ix_user_topics_tag"`);
    await queryRunner.query(`DROP TABLE "user_topics"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_users_popular"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_search_clicks_user_at"`);
    await queryRunner.query(`DROP TABLE "search_clicks"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_posts_hashtags"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_posts_hot"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_posts_author"`);
    await queryRunner.query(`DROP TABLE "posts"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_interactions_user_active"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_interactions_post_active"`);
    await queryRunner.query(`DROP TABLE "interactions"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_follows_follower_active"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_follows_followee_active"`);
    await queryRunner.query(`DROP TABLE "follows"`);
    await queryRunner.query(`DROP TABLE "community_posts"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_community_members_user_active"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_community_members_community_active"`);
    await queryRunner.query(`DROP TABLE "community_members"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_communities_text"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_communities_popular"`);
    await queryRunner.query(`DROP TABLE "communities"`);
    await queryRunner.query(`DROP TABLE "models"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_impressions_shown_at"`);
    await queryRunner.query(`DROP TABLE "impressions"`);
    await queryRunner.query(`DROP TABLE "dismissals"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_feedback_user_created"`);
    await queryRunner.query(`DROP TABLE "feedback"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_applied_events_applied_at"`);
    await queryRunner.query(`DROP TABLE "applied_events"`);
  }
}
