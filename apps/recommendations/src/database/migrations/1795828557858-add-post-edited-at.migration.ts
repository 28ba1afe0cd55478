import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The latest edit applied to a post (`tweet.updated`, now heard by recommendations). */
export class AddPostEditedAt1795828557858 implements MigrationInterface {
  name = 'AddPostEditedAt1795828557858';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "posts" ADD "edited_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "edited_at"`);
  }
}
