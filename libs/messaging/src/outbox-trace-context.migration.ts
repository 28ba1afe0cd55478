import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trace of the request that wrote an event (`OutboxEventEntity.traceContext`), for its
 * consumers' jobs to continue. The same change to the outbox of every service that publishes,
 * so one migration that each lists among its own (each schema records that it ran).
 */
export class OutboxTraceContext1796100000000 implements MigrationInterface {
  name = 'OutboxTraceContext1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" ADD "trace_context" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" DROP COLUMN "trace_context"`);
  }
}
