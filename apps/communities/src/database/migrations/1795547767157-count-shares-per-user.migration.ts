import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CountSharesPerUser1795547767157 implements MigrationInterface {
  name = 'CountSharesPerUser1795547767157';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "post_shares" ("post_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e86fbd9beccb320321c5aa91df7" PRIMARY KEY ("post_id", "user_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "post_shares" ADD CONSTRAINT "fk_post_shares_post" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "post_shares" DROP CONSTRAINT "fk_post_shares_post"`);
    await queryRunner.query(`DROP TABLE "post_shares"`);
  }
}
