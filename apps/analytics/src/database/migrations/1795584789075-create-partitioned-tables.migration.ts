import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Written by hand: TypeORM cannot describe declarative partitioning, so these two
 * tables have no entity (the drift check does not see them). Only the parents are
 * created here; their day partitions are created (the retention period behind,
 * PARTITIONS_AHEAD_DAYS ahead) by `migrate` right after the migrations, and kept
 * up to date by the maintenance job (PartitionsRepository). Dropping a parent
 * drops its partitions.
 */
export class CreatePartitionedTables1795584789075 implements MigrationInterface {
  name = 'CreatePartitionedTables1795584789075';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Raw events, kept RAW_EVENTS_RETENTION_DAYS: page views (crawlers apart),
    // post views that counted, and the engagement events. No index: nothing reads
    // them on a request path; a partition goes whole when its day expires.
    await queryRunner.query(
      `CREATE TABLE "raw_events" ("occurred_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "kind" character varying(40) NOT NULL, "path" character varying(2048), "post_id" uuid, "user_id" uuid, "subject_id" uuid, "viewer" character varying(80), "user_agent" character varying(512), "source_id" uuid) PARTITION BY RANGE ("occurred_at")`,
    );
    // Who has seen which post on which UTC day: a view counts once per viewer,
    // post and day. Kept for today and yesterday.
    await queryRunner.query(
      `CREATE TABLE "post_viewers" ("day" date NOT NULL, "post_id" uuid NOT NULL, "viewer" character varying(80) NOT NULL, CONSTRAINT "PK_post_viewers" PRIMARY KEY ("day", "post_id", "viewer")) PARTITION BY RANGE ("day")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "post_viewers"`);
    await queryRunner.query(`DROP TABLE "raw_events"`);
  }
}
