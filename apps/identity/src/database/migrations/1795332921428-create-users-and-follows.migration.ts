import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersAndFollows1795332921428 implements MigrationInterface {
  name = 'CreateUsersAndFollows1795332921428';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "event_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "payload" jsonb NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_outbox_event_id" ON "outbox" ("event_id") `);
    await queryRunner.query(`CREATE INDEX "ix_outbox_published_at" ON "outbox" ("published_at") `);
    await queryRunner.query(
      `CREATE INDEX "ix_outbox_unpublished" ON "outbox" ("id") WHERE published_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL, "username" character varying(30) NOT NULL, "email" character varying(254) NOT NULL, "password_hash" text NOT NULL, "display_name" character varying(50) NOT NULL, "first_name" character varying(50), "last_name" character varying(50), "bio" character varying(160), "profile_image_url" text, "cover_image_url" text, "verified" boolean NOT NULL DEFAULT false, "pinned_tweet_id" uuid, "followers_count" integer NOT NULL DEFAULT '0', "following_count" integer NOT NULL DEFAULT '0', "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_users_counts" CHECK (followers_count >= 0 AND following_count >= 0), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_email" ON "users" ("email") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_users_username_lower" ON "users" (lower("username"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "follows" ("follower_id" uuid NOT NULL, "followee_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_follows_not_self" CHECK (follower_id <> followee_id), CONSTRAINT "PK_f9294bbb1517cfd99f06f534fe7" PRIMARY KEY ("follower_id", "followee_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_follows_follower_created" ON "follows" ("follower_id", "created_at", "followee_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_follows_followee_created" ON "follows" ("followee_id", "created_at", "follower_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "follows" ADD CONSTRAINT "fk_follows_follower" FOREIGN KEY ("follower_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "follows" ADD CONSTRAINT "fk_follows_followee" FOREIGN KEY ("followee_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "follows" DROP CONSTRAINT "fk_follows_followee"`);
    await queryRunner.query(`ALTER TABLE "follows" DROP CONSTRAINT "fk_follows_follower"`);
    await queryRunner.query(`DROP INDEX "identity"."ix_follows_followee_created"`);
    await queryRunner.query(`DROP INDEX "identity"."ix_follows_follower_created"`);
    await queryRunner.query(`DROP TABLE "follows"`);
    await queryRunner.query(`DROP INDEX "identity"."uq_users_username_lower"`);
    await queryRunner.query(`DROP INDEX "identity"."uq_users_email"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "identity"."ix_outbox_unpublished"`);
    await queryRunner.query(`DROP INDEX "identity"."ix_outbox_published_at"`);
    await queryRunner.query(`DROP INDEX "identity"."uq_outbox_event_id"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
