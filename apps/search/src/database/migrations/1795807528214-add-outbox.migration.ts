import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddOutbox1795807528214 implements MigrationInterface {
  name = 'AddOutbox1795807528214';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "event_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "payload" jsonb NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_outbox_event_id" ON "outbox" ("event_id") `);
    await queryRunner.query(`CREATE INDEX "ix_outbox_published_at" ON "outbox" ("published_at") `);
    await queryRunner.query(
      `CREATE INDEX "ix_outbox_unpublished" ON "outbox" ("id") WHERE published_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "search"."ix_outbox_unpublished"`);
    await queryRunner.query(`DROP INDEX "search"."ix_outbox_published_at"`);
    await queryRunner.query(`DROP INDEX "search"."uq_outbox_event_id"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
