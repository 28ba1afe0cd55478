import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a community's settings last changed. Communities from before take the migration's time:
 * their last change is unknown and no later than that.
 */
export class AddCommunityUpdatedAt1795784795525 implements MigrationInterface {
  name = 'AddCommunityUpdatedAt1795784795525';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "communities" ADD "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "communities" DROP COLUMN "updated_at"`);
  }
}
