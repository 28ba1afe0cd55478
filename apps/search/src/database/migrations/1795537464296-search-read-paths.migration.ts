import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The search service's GIN indexes (words of posts, trigrams of names, words and tags). */
const GIN_INDEXES = [
  'ix_posts_document',
  'ix_words_trgm',
  'ix_users_username_trgm',
  'ix_users_display_name_trgm',
  'ix_hashtags_trgm',
];

/**
 * Read paths that stay fast as the index grows.
 *
 * - Writes go straight into the GIN indexes instead of a pending list. With
 *   the list (the default), every search scans the entries not yet merged, up
 *   to 4 MB of them between vacuums, and the planner, pricing that in, turns
 *   to sequential scans: searches took milliseconds where the merged index
 *   answers in a tenth of one. Indexing a post costs a few posting-list
 *   updates per word instead, which the indexing worker absorbs.
 * - Words count the posts they were indexed with, and a prefix index finds
 *   the most used completions of the word being typed: a search matches
 *   those words exactly rather than every word with the prefix, which reads
 *   the whole posting list of a common word.
 */
export class SearchReadPaths1795537464296 implements MigrationInterface {
  name = 'SearchReadPaths1795537464296';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of GIN_INDEXES) {
      await queryRunner.query(`ALTER INDEX "search"."${index}" SET (fastupdate = off)`);
      await queryRunner.query(`SELECT gin_clean_pending_list('search.${index}'::regclass)`);
    }
    await queryRunner.query(`ALTER TABLE "words" ADD "documents" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `UPDATE "words" w SET "documents" = s.ndoc
       FROM ts_stat('SELECT document FROM search.posts') s WHERE s.word = w.word`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_words_prefix" ON "words" ("word" varchar_pattern_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "search"."ix_words_prefix"`);
    await queryRunner.query(`ALTER TABLE "words" DROP COLUMN "documents"`);
    for (const index of GIN_INDEXES) {
      await queryRunner.query(`ALTER INDEX "search"."${index}" RESET (fastupdate)`);
    }
  }
}
