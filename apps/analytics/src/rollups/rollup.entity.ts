import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * What happened to a post (or to all the posts of a user) in one hour or day, or in a
 * post's whole life (on its projection row). Taken-back likes and retweets are counted
 * apart, so a repeated event can never push a count below zero, and the dashboard shows
 * likes less unlikes.
 */
export abstract class EngagementCounts {
  @Column({ type: 'integer', default: 0 })
  views!: number;

  @Column({ type: 'integer', default: 0 })
  likes!: number;

  @Column({ type: 'integer', default: 0 })
  unlikes!: number;

  @Column({ type: 'integer', default: 0 })
  replies!: number;

  @Column({ type: 'integer', default: 0 })
  retweets!: number;

  @Column({ type: 'integer', default: 0 })
  unretweets!: number;
}

/** A user's counts add who followed and unfollowed them. */
abstract class UserCounts extends EngagementCounts {
  @Column({ type: 'integer', default: 0 })
  follows!: number;

  @Column({ type: 'integer', default: 0 })
  unfollows!: number;
}

/** Per user (the author of the posts, the one followed) and UTC hour: the dashboard reads these. */
@Entity({ name: 'user_hourly_stats' })
export class UserHourlyStatEntity extends UserCounts {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'timestamptz' })
  hourStart!: Date;
}

/** Per user and UTC day, kept for good (hourly rows are dropped after a while). */
@Entity({ name: 'user_daily_stats' })
export class UserDailyStatEntity extends UserCounts {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'date' })
  day!: string;
}

/** Per post and UTC hour (with its author, so a member's posts are read by one index). */
@Entity({ name: 'post_hourly_stats' })
@Index('ix_post_hourly_stats_author', ['authorId', 'hourStart'])
export class PostHourlyStatEntity extends EngagementCounts {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @PrimaryColumn({ type: 'timestamptz' })
  hourStart!: Date;

  @Column({ type: 'uuid' })
  authorId!: string;
}

/** Per post and UTC day. */
@Entity({ name: 'post_daily_stats' })
@Index('ix_post_daily_stats_author', ['authorId', 'day'])
export class PostDailyStatEntity extends EngagementCounts {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ type: 'uuid' })
  authorId!: string;
}

/**
 * Views of posts analytics has not heard of yet (their `tweet.created` is still
 * in the queue, as when the backlog is drained on first start): moved into the
 * post's and its author's counts when the post arrives (or by the maintenance
 * job, for one that arrived while a batch was being written); dropped after two
 * days if it never does (an id that names no post).
 */
@Entity({ name: 'pending_post_views' })
export class PendingPostViewEntity {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @PrimaryColumn({ type: 'timestamptz' })
  hourStart!: Date;

  @Column({ type: 'integer', default: 0 })
  views!: number;
}

/** Page views per path (without its query) and UTC day; crawlers apart. */
@Entity({ name: 'page_daily_stats' })
// A page's views over its days (the SEO dashboard's page views).
@Index('ix_page_daily_stats_path', ['path', 'day'])
export class PageDailyStatEntity {
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 512 })
  path!: string;

  @Column({ type: 'integer', default: 0 })
  views!: number;

  @Column({ type: 'integer', default: 0 })
  crawlerViews!: number;
}

/** A user's follower count now (followers at the end of earlier days are counted back from it). */
@Entity({ name: 'user_totals' })
export class UserTotalEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'integer', default: 0 })
  followers!: number;
}
