import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCommunities1795344824484 implements MigrationInterface {
  name = 'CreateCommunities1795344824484';

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
      `CREATE TABLE "authors" ("id" uuid NOT NULL, "username" character varying(30) NOT NULL, "display_name" character varying(50) NOT NULL, "profile_image_url" text, "verified" boolean NOT NULL DEFAULT false, "version" integer NOT NULL, "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d2ed02fabd9b52847ccb85e6b88" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "communities" ("id" uuid NOT NULL, "name" character varying(50) NOT NULL, "name_key" character varying(50) NOT NULL, "description" character varying(500) NOT NULL DEFAULT '', "category" character varying(32) NOT NULL, "is_private" boolean NOT NULL DEFAULT false, "icon_url" text, "rules" text array NOT NULL DEFAULT '{}', "member_count" integer NOT NULL DEFAULT '0', "post_count" integer NOT NULL DEFAULT '0', "created_by" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_communities_counts" CHECK (member_count >= 0 AND post_count >= 0), CONSTRAINT "PK_fea1fe83c86ccde9d0a089e7ea2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_communities_name_key" ON "communities" ("name_key") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_communities_category_popular" ON "communities" ("category", "member_count", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_communities_popular" ON "communities" ("member_count", "id") `,
    );
    // Search over name and description: a trigram index serves case-insensitive
    // substring matches (LIKE '%…%'). pg_trgm is a trusted extension, shared by
    // the database, so it lives in public and is never dropped here.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await queryRunner.query(
      `CREATE INDEX "ix_communities_search" ON "communities" USING gin ((name_key || ' ' || lower(description)) public.gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE TABLE "memberships" ("community_id" uuid NOT NULL, "user_id" uuid NOT NULL, "role" character varying(16) NOT NULL, "joined_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_memberships_role" CHECK (role IN ('owner', 'moderator', 'member')), CONSTRAINT "PK_f52028968f3a28829e4f8718282" PRIMARY KEY ("community_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_memberships_community" ON "memberships" ("community_id", "joined_at", "user_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_memberships_user" ON "memberships" ("user_id", "joined_at", "community_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "join_requests" ("community_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9ba63b236fe7e1cd07a40390e45" PRIMARY KEY ("community_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_join_requests_community" ON "join_requests" ("community_id", "created_at", "user_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "posts" ("id" uuid NOT NULL, "community_id" uuid NOT NULL, "author_id" uuid NOT NULL, "content" text NOT NULL, "media_urls" text array NOT NULL DEFAULT '{}', "likes_count" integer NOT NULL DEFAULT '0', "comments_count" integer NOT NULL DEFAULT '0', "shares_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_posts_counts" CHECK (likes_count >= 0 AND comments_count >= 0 AND shares_count >= 0), CONSTRAINT "PK_2829ac61eff60fcec60d7274b9e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_posts_community_feed" ON "posts" ("community_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "post_likes" ("post_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8f64693922a9e8c4e2605850d0b" PRIMARY KEY ("post_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "comments" ("id" uuid NOT NULL, "post_id" uuid NOT NULL, "author_id" uuid NOT NULL, "content" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8bf68bc960f2b69e818bdb90dcb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_comments_post" ON "comments" ("post_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "fk_memberships_community" FOREIGN KEY ("community_id") REFERENCES "communities"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "join_requests" ADD CONSTRAINT "fk_join_requests_community" FOREIGN KEY ("community_id") REFERENCES "communities"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "posts" ADD CONSTRAINT "fk_posts_community" FOREIGN KEY ("community_id") REFERENCES "communities"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "post_likes" ADD CONSTRAINT "fk_post_likes_post" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "comments" ADD CONSTRAINT "fk_comments_post" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "comments" DROP CONSTRAINT "fk_comments_post"`);
    await queryRunner.query(`ALTER TABLE "post_likes" DROP CONSTRAINT "fk_post_likes_post"`);
    await queryRunner.query(`ALTER TABLE "posts" DROP CONSTRAINT "fk_posts_community"`);
    await queryRunner.query(
      `ALTER TABLE "join_requests" DROP CONSTRAINT "fk_join_requests_community"`,
    );
    await queryRunner.query(`ALTER TABLE "memberships" DROP CONSTRAINT "fk_memberships_community"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_comments_post"`);
    await queryRunner.query(`DROP TABLE "comments"`);
    await queryRunner.query(`DROP TABLE "post_likes"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_posts_community_feed"`);
    await queryRunner.query(`DROP TABLE "posts"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_join_requests_community"`);
    await queryRunner.query(`DROP TABLE "join_requests"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_memberships_user"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_memberships_community"`);
    await queryRunner.query(`DROP TABLE "memberships"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_communities_search"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_communities_popular"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_communities_category_popular"`);
    await queryRunner.query(`DROP INDEX "communities"."uq_communities_name_key"`);
    await queryRunner.query(`DROP TABLE "communities"`);
    await queryRunner.query(`DROP TABLE "authors"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_outbox_unpublished"`);
    await queryRunner.query(`DROP INDEX "communities"."ix_outbox_published_at"`);
    await queryRunner.query(`DROP INDEX "communities"."uq_outbox_event_id"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
