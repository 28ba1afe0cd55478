import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `post_tags`: a tag's recent posts in `hot` order (see PostTagEntity), filled from the posts of
 * the last 30 days; the GIN index over `posts.hashtags` it replaces had no other reader.
 */
export class AddPostTags1795826137122 implements MigrationInterface {
  name = 'AddPostTags1795826137122';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "recommendations"."ix_posts_hashtags"`);
    await queryRunner.query(
      `CREATE TABLE "post_tags" ("post_id" uuid NOT NULL, "tag" character varying(100) NOT NULL, "author_id" uuid NOT NULL, "is_reply" boolean NOT NULL, "hot" double precision NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_525586feca43d68d511123487ca" PRIMARY KEY ("post_id", "tag"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_post_tags_created" ON "post_tags" ("created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_post_tags_tag_hot" ON "post_tags" ("tag", "hot") `);
    await queryRunner.query(
      `INSERT INTO "post_tags" ("post_id", "tag", "author_id", "is_reply", "hot", "created_at")
       SELECT p.id, t.tag, p.author_id, p.parent_id IS NOT NULL, p.hot, p.created_at
       FROM "posts" p CROSS JOIN LATERAL (SELECT DISTINCT unnest(p.hashtags) AS tag) t
       WHERE p.created_at > now() - interval '30 days' AND p.deleted_at IS NULL
         AND p.author_id IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "recommendations"."ix_post_tags_tag_hot"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_post_tags_created"`);
    await queryRunner.query(`DROP TABLE "post_tags"`);
    await queryRunner.query(
      `CREATE INDEX "ix_posts_hashtags" ON "posts" USING gin ("hashtags") WHERE ((created_at IS NOT NULL) AND (deleted_at IS NULL))`,
    );
  }
}
