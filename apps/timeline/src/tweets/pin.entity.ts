import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TweetEntity } from './tweet.entity';

/**
 * A user's pinned tweet (one at most). The row stays when unpinned, keeping the
 * version that tweet.pinned / tweet.unpinned events carry.
 */
@Entity({ name: 'pins' })
export class PinEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @Index('uq_pins_tweet', { unique: true })
  @Column({ type: 'uuid', nullable: true })
  tweetId!: string | null;

  @ManyToOne(() => TweetEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'tweet_id', foreignKeyConstraintName: 'fk_pins_tweet' })
  tweet?: TweetEntity;

  @Column({ type: 'integer', default: 0 })
  version!: number;
}
