import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users and communities projections (from user.* and community.* events) and the numbered
 * top-level posts, which the sitemaps page through; the SEO pages' owner index gains the kind.
 * The users and communities projections start empty and fill from the events that follow (the
 * first user.* and community.* events analytics receives are those published after this
 * release); the numbered posts start with the projection's top-level posts.
 */
export class AddSitemapProjections1795771343439 implements MigrationInterface {
  name = 'AddSitemapProjections1795771343439';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "analytics"."ix_seo_pages_owner"`);
    await queryRunner.query(
      `CREATE TABLE "communities" ("id" uuid NOT NULL, "owner_id" uuid, "name" text NOT NULL, "is_private" boolean NOT NULL, "version" integer, "created_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "sitemap_seq" BIGSERIAL NOT NULL, CONSTRAINT "PK_fea1fe83c86ccde9d0a089e7ea2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ix_communities_sitemap_seq" ON "communities" ("sitemap_seq") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sitemap_posts" ("seq" BIGSERIAL NOT NULL, "post_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_e98364e783b8ac8bbdd6917d89a" PRIMARY KEY ("seq"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ix_sitemap_posts_post" ON "sitemap_posts" ("post_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_sitemap_posts_created" ON "sitemap_posts" ("created_at") `,
    );
    // The top-level posts the projection holds, numbered in the order they were made.
    await queryRunner.query(
      `INSERT INTO "sitemap_posts" ("post_id", "created_at")
       SELECT "id", "created_at" FROM "posts"
       WHERE "parent_id" IS NULL AND "deleted_at" IS NULL AND "created_at" IS NOT NULL
       ORDER BY "created_at", "id"`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL, "username" text NOT NULL, "version" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "sitemap_seq" BIGSERIAL NOT NULL, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ix_users_sitemap_seq" ON "users" ("sitemap_seq") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_seo_pages_owner_kind" ON "seo_pages" ("owner_id", "kind") WHERE "owner_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "analytics"."ix_seo_pages_owner_kind"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_users_sitemap_seq"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_sitemap_posts_created"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_sitemap_posts_post"`);
    await queryRunner.query(`DROP TABLE "sitemap_posts"`);
    await queryRunner.query(`DROP INDEX "analytics"."ix_communities_sitemap_seq"`);
    await queryRunner.query(`DROP TABLE "communities"`);
    await queryRunner.query(
      `CREATE INDEX "ix_seo_pages_owner" ON "seo_pages" ("owner_id") WHERE (owner_id IS NOT NULL)`,
    );
  }
}
