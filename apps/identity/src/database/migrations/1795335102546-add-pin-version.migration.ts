import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddPinVersion1795335102546 implements MigrationInterface {
  name = 'AddPinVersion1795335102546';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "pin_version" integer NOT NULL DEFAULT '0'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "pin_version"`);
  }
}
