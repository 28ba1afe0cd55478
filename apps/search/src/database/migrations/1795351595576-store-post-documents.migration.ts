import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StorePostDocuments1795351595576 implements MigrationInterface {
  name = 'StorePostDocuments1795351595576';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Stored words, filled for existing posts, replace the index over the parsed text.
    await queryRunner.query(`ALTER TABLE "posts" ADD "document" tsvector`);
    await queryRunner.query(
      `UPDATE "posts" SET "document" = to_tsvector('simple'::regconfig, content)`,
    );
    await queryRunner.query(`ALTER TABLE "posts" ALTER COLUMN "document" SET NOT NULL`);
    await queryRunner.query(`DROP INDEX "search"."ix_posts_document"`);
    await queryRunner.query(`CREATE INDEX "ix_posts_document" ON "posts" USING gin ("document")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "search"."ix_posts_document"`);
    await queryRunner.query(
      `CREATE INDEX "ix_posts_document" ON "posts" USING gin (to_tsvector('simple'::regconfig, content))`,
    );
    await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "document"`);
  }
}
