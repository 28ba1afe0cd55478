import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The words of members' bios and how many bios hold each (UserTermEntity, TermStatEntity),
 * filled from the bios already heard.
 */
export class AddBioTerms1795826615246 implements MigrationInterface {
  name = 'AddBioTerms1795826615246';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_terms" ("user_id" uuid NOT NULL, "term" character varying(100) NOT NULL, CONSTRAINT "PK_05aba20392714d7c1d4726f31dd" PRIMARY KEY ("user_id", "term"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_user_terms_term" ON "user_terms" ("term", "user_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "term_stats" ("term" character varying(100) NOT NULL, "docs" integer NOT NULL, CONSTRAINT "PK_8b1d8177db5f386aa3002635313" PRIMARY KEY ("term"))`,
    );
    await queryRunner.query(
      `INSERT INTO "user_terms" ("user_id", "term")
       SELECT u.id, l.lexeme FROM "users" u
       CROSS JOIN LATERAL unnest(to_tsvector('english', coalesce(u.bio, ''))) l
       WHERE length(l.lexeme) <= 100`,
    );
    await queryRunner.query(
      `INSERT INTO "term_stats" ("term", "docs")
       SELECT "term", count(*) FROM "user_terms" GROUP BY "term"
       UNION ALL SELECT '', count(DISTINCT "user_id") FROM "user_terms"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "term_stats"`);
    await queryRunner.query(`DROP INDEX "recommendations"."ix_user_terms_term"`);
    await queryRunner.query(`DROP TABLE "user_terms"`);
  }
}
