import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * How much a member engages with a hashtag: posting it, liking, retweeting or replying to posts
 * carrying it, choosing it in search. The weight decays with a half-life
 * (TOPIC_HALF_LIFE_DAYS): each signal first decays the weight to its own time, then adds to it,
 * in one upsert, so no job has to age the table.
 */
@Entity({ name: 'user_topics' })
@Index('ix_user_topics_tag', ['tag', 'weight'])
export class UserTopicEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  tag!: string;

  @Column({ type: 'double precision' })
  weight!: number;

  @Column({ type: 'timestamptz' })
  updatedAt!: Date;
}
