import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A post's latest likers and retweeters in order (co-engagement), replacing the index by post alone. */
export class AddInteractionsPostChanged1795831107809 implements MigrationInterface {
  name = 'AddInteractionsPostChanged1795831107809';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "ix_interactions_post_changed" ON "interactions" ("post_id", "changed_at") WHERE active`,
    );
    await queryRunner.query(`DROP INDEX "recommendations"."ix_interactions_post_active"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "recommendations"."ix_interactions_post_changed"`);
    await queryRunner.query(
      `CREATE INDEX "ix_interactions_post_active" ON "interactions" ("post_id") WHERE active`,
    );
  }
}
