import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RecordClaims1795545798759 implements MigrationInterface {
  name = 'RecordClaims1795545798759';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "claims" ("upload_id" uuid NOT NULL, "purpose" character varying(16) NOT NULL, "subject_id" uuid NOT NULL, "claimed_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_41707efad219a7a69c017504a4d" PRIMARY KEY ("upload_id", "purpose", "subject_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_claims_subject" ON "claims" ("subject_id", "purpose") `,
    );
    await queryRunner.query(
      `CREATE TABLE "applied_versions" ("kind" character varying(16) NOT NULL, "subject_id" uuid NOT NULL, "version" integer NOT NULL, CONSTRAINT "PK_2aba3e031a96d619555c8e90ede" PRIMARY KEY ("kind", "subject_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "claims" ADD CONSTRAINT "fk_claims_upload" FOREIGN KEY ("upload_id") REFERENCES "uploads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "claims" DROP CONSTRAINT "fk_claims_upload"`);
    await queryRunner.query(`DROP TABLE "applied_versions"`);
    await queryRunner.query(`DROP INDEX "media"."ix_claims_subject"`);
    await queryRunner.query(`DROP TABLE "claims"`);
  }
}
