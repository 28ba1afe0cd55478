import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Which features an impression was measured with: training reads only today's (FEATURE_SET). */
export class AddImpressionFeatureSet1795827104521 implements MigrationInterface {
  name = 'AddImpressionFeatureSet1795827104521';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "impressions" ADD "feature_set" character varying(16) NOT NULL DEFAULT ''`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "impressions" DROP COLUMN "feature_set"`);
  }
}
