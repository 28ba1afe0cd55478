import type { MigrationInterface, QueryRunner } from 'typeorm';

export class VersionCommunities1795545796776 implements MigrationInterface {
  name = 'VersionCommunities1795545796776';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "communities" ADD "version" integer NOT NULL DEFAULT '1'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "communities" DROP COLUMN "version"`);
  }
}
