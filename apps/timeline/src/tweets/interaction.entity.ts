import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TweetEntity } from './tweet.entity';

/** A user likes a tweet (at most once). */
@Entity({ name: 'likes' })
@Index('ix_likes_user_created', ['userId', 'createdAt'])
export class LikeEntity {
  @PrimaryColumn({ type: 'uuid' })
  tweetId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @ManyToOne(() => TweetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tweet_id', foreignKeyConstraintName: 'fk_likes_tweet' })
  tweet?: TweetEntity;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}

/** A user retweets a tweet (at most once); it shows in their followers' timelines. */
@Entity({ name: 'retweets' })
@Index('ix_retweets_user_created', ['userId', 'createdAt'])
export class RetweetEntity {
  @PrimaryColumn({ type: 'uuid' })
  tweetId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @ManyToOne(() => TweetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tweet_id', foreignKeyConstraintName: 'fk_retweets_tweet' })
  tweet?: TweetEntity;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
