import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TweetEntity } from './tweet.entity';

/** A hashtag used in a tweet, lowercased, without the #. */
@Entity({ name: 'tweet_hashtags' })
@Index('ix_tweet_hashtags_tag', ['tag', 'tweetId'])
export class TweetHashtagEntity {
  @PrimaryColumn({ type: 'uuid' })
  tweetId!: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  tag!: string;

  @ManyToOne(() => TweetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tweet_id', foreignKeyConstraintName: 'fk_tweet_hashtags_tweet' })
  tweet?: TweetEntity;
}

/** A username mentioned in a tweet, lowercased, without the @. */
@Entity({ name: 'tweet_mentions' })
@Index('ix_tweet_mentions_username', ['username', 'tweetId'])
export class TweetMentionEntity {
  @PrimaryColumn({ type: 'uuid' })
  tweetId!: string;

  @PrimaryColumn({ type: 'varchar', length: 30 })
  username!: string;

  @ManyToOne(() => TweetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tweet_id', foreignKeyConstraintName: 'fk_tweet_mentions_tweet' })
  tweet?: TweetEntity;
}
