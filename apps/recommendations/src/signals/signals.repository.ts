import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import type { RecommendationContentType, SearchResultType } from '@wave/contracts';
import { returnedRows } from '@wave/database';
import type { InteractionKind } from './interaction.entity';
import {
  HOT_ENGAGEMENT_SQL,
  HOT_SECONDS_PER_DECADE,
  TOPIC_HALF_LIFE_DAYS,
  TOPICAL_WINDOW_DAYS,
} from './signal-weights.constant';

const HOT_SQL = `CASE WHEN created_at IS NULL THEN 0 ELSE
  log(greatest(1, ${HOT_ENGAGEMENT_SQL})) + extract(epoch FROM created_at) / ${HOT_SECONDS_PER_DECADE} END`;
const HALF_LIFE_SECONDS = TOPIC_HALF_LIFE_DAYS * 86_400;

export interface UserFacts {
  id: string;
  username: string;
  displayName: string;
  /** Undefined when the event does not carry it (a registration): the stored bio stays. */
  bio: string | null | undefined;
  profileImageUrl: string | null;
  verified: boolean;
  version: number;
  createdAt: Date | null;
}

export interface CommunityFacts {
  id: string;
  name: string;
  description: string;
  category: string;
  isPrivate: boolean;
  version: number | null;
  createdAt: Date | null;
}

/** A change of a follow, an interaction or a membership: on (true) or off, at a time. */
interface Toggle {
  active: boolean;
  at: Date;
}

/**
 * The service's store of signals, written from events in the caller's transaction. Follows,
 * interactions and memberships are last-writer-wins by the event's time, so events that arrive
 * out of order (a retry after a later undo) leave the state the owner has; every counter moves
 * only when a state really changes, so a redelivered event changes nothing even before its id is
 * checked.
 */
@Injectable()
export class SignalsRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The ids of these events applied before by none; records them as applied. */
  async claimEvents(manager: EntityManager, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `INSERT INTO applied_events (event_id) SELECT DISTINCT unnest($1::uuid[])
         ON CONFLICT DO NOTHING RETURNING event_id AS id`,
        [ids],
      ),
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Forgets the ids of events applied before `before`; returns how many. */
  async forgetAppliedBefore(before: Date): Promise<number> {
    const result = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM applied_events WHERE applied_at < $1`,
      [before],
    );
    return result[1];
  }

  async upsertUser(manager: EntityManager, user: UserFacts): Promise<void> {
    const rows = returnedRows<{ bio: string | null }>(
      await manager.query(
        `INSERT INTO users
         (id, username, display_name, bio, verified, version, created_at, profile_image_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET
         username = excluded.username, display_name = excluded.display_name,
         bio = CASE WHEN $9::boolean THEN excluded.bio ELSE users.bio END,
         verified = excluded.verified,
         profile_image_url = excluded.profile_image_url,
         version = excluded.version, created_at = coalesce(users.created_at, excluded.created_at)
       WHERE users.version < excluded.version
       RETURNING bio`,
        [
          user.id,
          user.username,
          user.displayName,
          user.bio ?? null,
          user.verified,
          user.version,
          user.createdAt,
          user.profileImageUrl,
          user.bio !== undefined,
        ],
      ),
    );
    if (rows.length > 0) await this.setBioTerms(manager, user.id, rows[0]!.bio);
  }

  /**
   * The member's bio terms become the words of `bio`; the document frequencies move by the
   * difference (and the count of bios with words, on the empty term), in one statement.
   */
  private async setBioTerms(manager: EntityManager, userId: string, bio: string | null) {
    await manager.query(
      `WITH new AS (
         SELECT lexeme AS term FROM unnest(to_tsvector('english', coalesce($2::text, '')))
         WHERE length(lexeme) <= 100
       ),
       old AS (SELECT term FROM user_terms WHERE user_id = $1),
       removed AS (
         DELETE FROM user_terms WHERE user_id = $1 AND term NOT IN (SELECT term FROM new)
         RETURNING term
       ),
       added AS (
         INSERT INTO user_terms (user_id, term)
         SELECT $1, term FROM new WHERE term NOT IN (SELECT term FROM old)
         RETURNING term
       ),
       delta AS (
         SELECT term, 1 AS d FROM added
         UNION ALL SELECT term, -1 FROM removed
         UNION ALL SELECT '', (EXISTS (SELECT 1 FROM new))::int - (EXISTS (SELECT 1 FROM old))::int
       )
       INSERT INTO term_stats (term, docs)
       SELECT term, sum(d) FROM delta GROUP BY term HAVING sum(d) <> 0
       ON CONFLICT (term) DO UPDATE SET docs = greatest(0, term_stats.docs + excluded.docs)`,
      [userId, bio],
    );
  }

  /** Follows or unfollows; true when the follow's state changed. */
  async toggleFollow(
    manager: EntityManager,
    followerId: string,
    followeeId: string,
    change: Toggle,
  ): Promise<boolean> {
    const rows = returnedRows<{ inserted: boolean }>(
      await manager.query(
        `INSERT INTO follows (follower_id, followee_id, active, changed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (follower_id, followee_id) DO UPDATE
           SET active = excluded.active, changed_at = excluded.changed_at
           WHERE follows.changed_at <= excluded.changed_at AND follows.active <> excluded.active
         RETURNING (xmax = 0) AS inserted`,
        [followerId, followeeId, change.active, change.at],
      ),
    );
    const changed = rows.length > 0 && (!rows[0]!.inserted || change.active);
    if (!changed) return false;
    const delta = change.active ? 1 : -1;
    await this.addToUserCounter(manager, followerId, 'following_count', delta);
    await this.addToUserCounter(manager, followeeId, 'followers_count', delta);
    return true;
  }

  async addPost(
    manager: EntityManager,
    post: {
      id: string;
      authorId: string;
      parentId: string | null;
      content: string;
      hashtags: string[];
      createdAt: Date;
    },
  ): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `INSERT INTO posts (id, author_id, parent_id, content, hashtags, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET author_id = excluded.author_id,
           parent_id = excluded.parent_id,
           content = CASE WHEN posts.edited_at IS NULL THEN excluded.content ELSE posts.content END,
           hashtags = CASE WHEN posts.edited_at IS NULL THEN excluded.hashtags
             ELSE posts.hashtags END,
           created_at = excluded.created_at
           WHERE posts.created_at IS NULL AND posts.deleted_at IS NULL
         RETURNING id`,
        [post.id, post.authorId, post.parentId, post.content, post.hashtags, post.createdAt],
      ),
    );
    if (rows.length === 0) return false;
    await manager.query(`UPDATE posts SET hot = ${HOT_SQL} WHERE id = $1`, [post.id]);
    await manager.query(
      `INSERT INTO post_tags (post_id, tag, author_id, is_reply, hot, created_at)
       SELECT id, unnest(hashtags), author_id, parent_id IS NOT NULL, hot, created_at FROM posts
       WHERE id = $1 AND created_at > now() - interval '${TOPICAL_WINDOW_DAYS} days'
       ON CONFLICT DO NOTHING`,
      [post.id],
    );
    await this.addToUserCounter(manager, post.authorId, 'posts_count', 1);
    if (post.parentId) {
      await manager.query(
        `INSERT INTO posts (id, reply_count) VALUES ($1, 1)
         ON CONFLICT (id) DO UPDATE SET reply_count = posts.reply_count + 1`,
        [post.parentId],
      );
      await this.refreshHot(manager, post.parentId);
    }
    return true;
  }

  /**
   * An edit: the post's text and hashtags, and its hashtags' rows, unless a later edit was
   * applied or the post is deleted. An edit heard before its post keeps a row (created_at
   * null) whose text the post's creation does not overwrite.
   */
  async editPost(
    manager: EntityManager,
    edit: { id: string; authorId: string; content: string; hashtags: string[]; editedAt: Date },
  ): Promise<void> {
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `INSERT INTO posts (id, author_id, content, hashtags, edited_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET content = excluded.content, hashtags = excluded.hashtags,
           edited_at = excluded.edited_at
           WHERE posts.deleted_at IS NULL
             AND (posts.edited_at IS NULL OR posts.edited_at < excluded.edited_at)
         RETURNING id`,
        [edit.id, edit.authorId, edit.content, edit.hashtags, edit.editedAt],
      ),
    );
    if (rows.length === 0) return;
    await manager.query(
      `WITH p AS (SELECT * FROM posts WHERE id = $1),
       gone AS (
         DELETE FROM post_tags t USING p
         WHERE t.post_id = p.id AND NOT (t.tag = ANY (p.hashtags))
       )
       INSERT INTO post_tags (post_id, tag, author_id, is_reply, hot, created_at)
       SELECT p.id, t.tag, p.author_id, p.parent_id IS NOT NULL, p.hot, p.created_at
       FROM p CROSS JOIN LATERAL (SELECT DISTINCT unnest(p.hashtags) AS tag) t
       WHERE p.created_at > now() - interval '${TOPICAL_WINDOW_DAYS} days'
       ON CONFLICT DO NOTHING`,
      [edit.id],
    );
  }

  /** Marks a post deleted (the row stays, so a late event cannot bring it back). */
  async deletePost(
    manager: EntityManager,
    postId: string,
    authorId: string,
    at: Date,
  ): Promise<void> {
    const rows = returnedRows<{ known: boolean }>(
      await manager.query(
        `INSERT INTO posts (id, author_id, deleted_at) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET deleted_at = excluded.deleted_at
           WHERE posts.deleted_at IS NULL
         RETURNING created_at IS NOT NULL AS known`,
        [postId, authorId, at],
      ),
    );
    if (rows[0]?.known) await this.addToUserCounter(manager, authorId, 'posts_count', -1);
    await manager.query(`DELETE FROM post_tags WHERE post_id = $1`, [postId]);
  }

  /** Forgets the hashtags of posts older than TOPICAL_WINDOW_DAYS; returns how many rows. */
  async forgetPostTagsBefore(before: Date): Promise<number> {
    const result = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM post_tags WHERE created_at < $1`,
      [before],
    );
    return result[1];
  }

  /** Likes, retweets (and their undoing) and replies; true when the state changed. */
  async toggleInteraction(
    manager: EntityManager,
    interaction: { userId: string; postId: string; authorId: string; kind: InteractionKind },
    change: Toggle,
  ): Promise<boolean> {
    const rows = returnedRows<{ inserted: boolean }>(
      await manager.query(
        `INSERT INTO interactions (user_id, post_id, kind, active, changed_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, post_id, kind) DO UPDATE
           SET active = excluded.active, changed_at = excluded.changed_at
           WHERE interactions.changed_at <= excluded.changed_at
             AND interactions.active <> excluded.active
         RETURNING (xmax = 0) AS inserted`,
        [interaction.userId, interaction.postId, interaction.kind, change.active, change.at],
      ),
    );
    const changed = rows.length > 0 && (!rows[0]!.inserted || change.active);
    if (!changed || interaction.kind === 'reply') return changed;
    const delta = change.active ? 1 : -1;
    const counter = interaction.kind === 'like' ? 'like_count' : 'retweet_count';
    await manager.query(
      `INSERT INTO posts (id, author_id, ${counter}) VALUES ($1, $2, greatest(0, $3::int))
       ON CONFLICT (id) DO UPDATE SET ${counter} = greatest(0, posts.${counter} + $3::int)`,
      [interaction.postId, interaction.authorId, delta],
    );
    await this.refreshHot(manager, interaction.postId);
    await this.addToUserCounter(manager, interaction.authorId, 'engagement_received', delta);
    return true;
  }

  /** A post's hashtags, if the post is known. */
  async hashtagsOf(manager: EntityManager, postId: string): Promise<string[]> {
    const rows = await manager.query<
      {
        hashtags: string[];
      }[]
    >(`SELECT hashtags FROM posts WHERE id = $1`, [postId]);
    return rows[0]?.hashtags ?? [];
  }

  /**
   * Adds `weight` (negative to take back) to the member's interest in each tag, at `at`: the
   * stored weight decays to the newer of the two times first (TOPIC_HALF_LIFE_DAYS).
   */
  async addTopics(
    manager: EntityManager,
    userId: string,
    tags: readonly string[],
    weight: number,
    at: Date,
  ): Promise<void> {
    if (tags.length === 0) return;
    await manager.query(
      `INSERT INTO user_topics (user_id, tag, weight, updated_at)
       SELECT $1, tag, greatest(0, $3::float8), $4 FROM unnest($2::varchar[]) AS tag
       ON CONFLICT (user_id, tag) DO UPDATE SET
         weight = greatest(0, CASE WHEN user_topics.updated_at <= $4
           THEN user_topics.weight
             * power(0.5, extract(epoch FROM ($4 - user_topics.updated_at)) / ${HALF_LIFE_SECONDS})
             + $3::float8
           ELSE user_topics.weight
             + $3::float8
             * power(0.5, extract(epoch FROM (user_topics.updated_at - $4)) / ${HALF_LIFE_SECONDS})
           END),
         updated_at = greatest(user_topics.updated_at, $4)`,
      [userId, [...new Set(tags)], weight, at],
    );
  }

  async upsertCommunity(manager: EntityManager, community: CommunityFacts): Promise<void> {
    await manager.query(
      `INSERT INTO communities (id, name, description, category, is_private, version, created_at)
       VALUES ($1, $2, $3, $4, $5, coalesce($6::int, 0), $7)
       ON CONFLICT (id) DO UPDATE SET
         name = CASE WHEN $8 THEN excluded.name ELSE communities.name END,
         description = CASE WHEN $8 THEN excluded.description ELSE communities.description END,
         category = CASE WHEN $8 THEN excluded.category ELSE communities.category END,
         is_private = CASE WHEN $8 THEN excluded.is_private ELSE communities.is_private END,
         version = greatest(communities.version, excluded.version),
         created_at = coalesce(communities.created_at, excluded.created_at)`,
      [
        community.id,
        community.name,
        community.description,
        community.category,
        community.isPrivate,
        community.version,
        community.createdAt,
        // Settings apply when newer: an update with a version above the stored one, or any
        // update (old events had none) and the create of a community no update was heard for.
        community.version === null,
      ],
    );
    if (community.version !== null) {
      await manager.query(
        `UPDATE communities SET name = $2, description = $3, category = $4, is_private = $5,
           version = $6
         WHERE id = $1 AND version < $6`,
        [
          community.id,
          community.name,
          community.description,
          community.category,
          community.isPrivate,
          community.version,
        ],
      );
    }
  }

  /** Joins or leaves; true when the membership changed. */
  async toggleMembership(
    manager: EntityManager,
    communityId: string,
    userId: string,
    change: Toggle,
  ): Promise<boolean> {
    const rows = returnedRows<{ inserted: boolean }>(
      await manager.query(
        `INSERT INTO community_members (community_id, user_id, active, changed_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (community_id, user_id) DO UPDATE
           SET active = excluded.active, changed_at = excluded.changed_at
           WHERE community_members.changed_at <= excluded.changed_at
             AND community_members.active <> excluded.active
         RETURNING (xmax = 0) AS inserted`,
        [communityId, userId, change.active, change.at],
      ),
    );
    const changed = rows.length > 0 && (!rows[0]!.inserted || change.active);
    if (!changed) return false;
    await manager.query(
      `INSERT INTO communities (id, member_count) VALUES ($1, greatest(0, $2::int))
       ON CONFLICT (id) DO UPDATE SET member_count = greatest(0, communities.member_count + $2::int)`,
      [communityId, change.active ? 1 : -1],
    );
    return true;
  }

  /** Community activity (a post, a like of one): counts for how lively the community is. */
  async addCommunityActivity(
    manager: EntityManager,
    communityId: string,
    n: number,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO communities (id, activity_count) VALUES ($1, greatest(0, $2::int))
       ON CONFLICT (id) DO UPDATE
         SET activity_count = greatest(0, communities.activity_count + $2::int)`,
      [communityId, n],
    );
  }

  async addCommunityPost(
    manager: EntityManager,
    post: { id: string; communityId: string; authorId: string },
  ): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `INSERT INTO community_posts (id, community_id, author_id) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [post.id, post.communityId, post.authorId],
      ),
    );
    return rows.length > 0;
  }

  async deleteCommunityPost(
    manager: EntityManager,
    post: { id: string; communityId: string; authorId: string; at: Date },
  ): Promise<boolean> {
    const rows = returnedRows<{ existed: boolean }>(
      await manager.query(
        `INSERT INTO community_posts (id, community_id, author_id, deleted_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET deleted_at = excluded.deleted_at
           WHERE community_posts.deleted_at IS NULL
         RETURNING (xmax <> 0) AS existed`,
        [post.id, post.communityId, post.authorId, post.at],
      ),
    );
    return rows[0]?.existed === true;
  }

  async addSearchClick(
    manager: EntityManager,
    click: {
      clickId: string;
      userId: string;
      resultType: SearchResultType;
      resultId: string;
      at: Date;
    },
  ): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `INSERT INTO search_clicks (click_id, user_id, result_type, result_id, at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING click_id AS id`,
        [click.clickId, click.userId, click.resultType, click.resultId.slice(0, 200), click.at],
      ),
    );
    return rows.length > 0;
  }

  /**
   * The member acted on something they were shown (followed, liked, retweeted, joined): the
   * ranker's positive outcome, if it was shown before and nothing else came of it yet.
   */
  async markActed(
    manager: EntityManager,
    userId: string,
    contentType: RecommendationContentType,
    contentId: string,
    at: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE impressions SET outcome = 'acted', outcome_at = $4
       WHERE user_id = $1 AND content_type = $2 AND content_id = $3
         AND outcome IS NULL AND shown_at <= $4`,
      [userId, contentType, contentId, at],
    );
  }

  /** Sets a post's `hot` from its engagement, and its hashtags' copies of it. */
  private async refreshHot(manager: EntityManager, postId: string): Promise<void> {
    await manager.query(
      `WITH p AS (UPDATE posts SET hot = ${HOT_SQL} WHERE id = $1 RETURNING id, hot)
       UPDATE post_tags t SET hot = p.hot FROM p WHERE t.post_id = p.id`,
      [postId],
    );
  }

  private async addToUserCounter(
    manager: EntityManager,
    userId: string,
    counter: 'following_count' | 'followers_count' | 'posts_count' | 'engagement_received',
    delta: number,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO users (id, ${counter}) VALUES ($1, greatest(0, $2::int))
       ON CONFLICT (id) DO UPDATE SET ${counter} = greatest(0, users.${counter} + $2::int)`,
      [userId, delta],
    );
  }
}
