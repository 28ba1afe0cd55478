import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSearch1795349437938 implements MigrationInterface {
  name = 'CreateSearch1795349437938';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "search_clicks" ("id" uuid NOT NULL, "user_id" uuid, "query" character varying(200) NOT NULL, "result_id" character varying(200) NOT NULL, "result_type" character varying(10) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_93b47d43bd22156a7208dcc8a3b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_search_clicks_created" ON "search_clicks" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "posts" ("id" uuid NOT NULL, "author_id" uuid NOT NULL, "content" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "PK_2829ac61eff60fcec60d7274b9e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_posts_author" ON "posts" ("author_id") `);
    await queryRunner.query(`CREATE INDEX "ix_posts_created" ON "posts" ("created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "deleted_posts" ("id" uuid NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bdf66f82048af513d90866ab16b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "words" ("word" character varying(100) NOT NULL, CONSTRAINT "PK_38a98e41b6be0f379166dc2b58d" PRIMARY KEY ("word"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "hashtag_uses" ("tag" character varying(100) NOT NULL, "post_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "PK_37330d2d9f41cfe5cc275344a8f" PRIMARY KEY ("tag", "post_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_hashtag_uses_created" ON "hashtag_uses" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_hashtag_uses_tag_created" ON "hashtag_uses" ("tag", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "hashtags" ("tag" character varying(100) NOT NULL, "uses_count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_0b4ef8e83392129fb3373fdb3af" PRIMARY KEY ("tag"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL, "username" character varying(30) NOT NULL, "username_key" character varying(30) NOT NULL, "display_name" character varying(50) NOT NULL, "profile_image_url" text, "verified" boolean NOT NULL DEFAULT false, "followers_count" integer NOT NULL DEFAULT '0', "version" integer NOT NULL, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_users_username_key" ON "users" ("username_key") `);
    await queryRunner.query(
      `CREATE TABLE "follows" ("follower_id" uuid NOT NULL, "followee_id" uuid NOT NULL, CONSTRAINT "PK_f9294bbb1517cfd99f06f534fe7" PRIMARY KEY ("follower_id", "followee_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "hashtag_uses" ADD CONSTRAINT "fk_hashtag_uses_post" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Matching: a trigram index per text that is matched by prefix, substring or a
    // typo (pg_trgm, a trusted extension shared by the database, kept in public and
    // never dropped here), and a GIN index over each post's words ('simple' text
    // search: no stemming, so words match as written in any language).
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await queryRunner.query(
      `CREATE INDEX "ix_users_username_trgm" ON "users" USING gin (username_key public.gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_users_display_name_trgm" ON "users" USING gin (lower(display_name) public.gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_posts_document" ON "posts" USING gin (to_tsvector('simple'::regconfig, content))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_words_trgm" ON "words" USING gin (word public.gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_hashtags_trgm" ON "hashtags" USING gin (tag public.gin_trgm_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "search"."ix_hashtags_trgm"`);
    await queryRunner.query(`DROP INDEX "search"."ix_words_trgm"`);
    await queryRunner.query(`DROP INDEX "search"."ix_posts_document"`);
    await queryRunner.query(`DROP INDEX "search"."ix_users_display_name_trgm"`);
    await queryRunner.query(`DROP INDEX "search"."ix_users_username_trgm"`);
    await queryRunner.query(`ALTER TABLE "hashtag_uses" DROP CONSTRAINT "fk_hashtag_uses_post"`);
    await queryRunner.query(`DROP TABLE "follows"`);
    await queryRunner.query(`DROP INDEX "search"."ix_users_username_key"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "hashtags"`);
    await queryRunner.query(`DROP INDEX "search"."ix_hashtag_uses_tag_created"`);
    await queryRunner.query(`DROP INDEX "search"."ix_hashtag_uses_created"`);
    await queryRunner.query(`DROP TABLE "hashtag_uses"`);
    await queryRunner.query(`DROP TABLE "words"`);
    await queryRunner.query(`DROP TABLE "deleted_posts"`);
    await queryRunner.query(`DROP INDEX "search"."ix_posts_created"`);
    await queryRunner.query(`DROP INDEX "search"."ix_posts_author"`);
    await queryRunner.query(`DROP TABLE "posts"`);
    await queryRunner.query(`DROP INDEX "search"."ix_search_clicks_created"`);
    await queryRunner.query(`DROP TABLE "search_clicks"`);
  }
}
