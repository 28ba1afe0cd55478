import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RECENT_TOPICAL_DAYS, TOPICAL_WINDOW_DAYS } from '../signals/signal-weights.constant';

/**
 * The candidate sources' reads, each bounded whatever the size of the platform: a member's most
 * recent follows, memberships and interactions (LIMITs on indexed scans), a few hundred rows from
 * each, and the top of an index for what is popular.
 */

/** Followees, memberships and peers read per member: bounds every fan-out below. */
const FOLLOWEES_READ = 200;
const SECOND_HOP_READ = 100;
const MEMBERSHIPS_READ = 50;
const PEERS_READ = 100;
const PEER_MEMBERSHIPS_READ = 20;
const RECENT_INTERACTIONS_READ = 20;
const CO_ENGAGERS_READ = 50;
const PER_SOURCE = 100;
const PER_TAG = 30;
/** The member's words read for similar profiles, and the bios read per word. */
const SIMILAR_TERMS = 30;
const PER_TERM = 200;

/** The member's ($1) latest follows: who they follow, as `via`. */
const MINE = `mine AS (
  SELECT followee_id AS via FROM follows WHERE follower_id = $1 AND active
  ORDER BY changed_at DESC LIMIT ${FOLLOWEES_READ}
)`;

/** The people the member ($1) chose lately in search. */
const SEARCHED = `searched AS (
  SELECT DISTINCT result_id::uuid AS id FROM (
    SELECT result_id FROM search_clicks WHERE user_id = $1 AND result_type = 'user'
      AND result_id ~ '^[0-9a-fA-F-]{36}$'
    ORDER BY at DESC LIMIT 20
  ) recent
)`;

/**
 * The member's ($1) words, from their bio and their hashtags (`tags`, with the member's interest),
 * each weighted by its inverse document frequency over the platform's bios (TF-IDF, bios as the
 * documents; a word no bio holds counts as the rarest); `mine` when the member's bio has it and
 * `docs` how many bios do.
 */
const MEMBER_WORDS = `own_terms AS (
  SELECT term, max(w) AS w, bool_or(mine) AS mine FROM (
    SELECT term, 1::float8 AS w, true AS mine FROM user_terms WHERE user_id = $1
    UNION ALL
    SELECT l.lexeme, tags.weight / (SELECT max(weight) FROM tags), false
    FROM tags CROSS JOIN LATERAL unnest(to_tsvector('english', tags.tag)) l
  ) q GROUP BY term
),
member_words AS (
  SELECT o.term, o.mine, coalesce(s.docs, 0) AS docs,
    o.w * ln(1 + coalesce(n.docs, 0)::float8 / greatest(1, coalesce(s.docs, 0))) AS w
  FROM own_terms o
  LEFT JOIN term_stats s ON s.term = o.term AND s.term <> ''
  LEFT JOIN (SELECT docs FROM term_stats WHERE term = '') n ON true
)`;

export interface Topic {
  tag: string;
  weight: number;
}

export interface UserRow {
  id: string;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
  verified: boolean;
  followersCount: number;
  postsCount: number;
  engagementReceived: number;
  /** Friends of friends: Adamic-Adar over the member's followees, and how many, and one of them. */
  aa: number;
  viaCount: number;
  viaName: string | null;
  /** The member's interest in the hashtags this person posts, and the strongest one. */
  topic: number;
  topTag: string | null;
  /** Similar profiles: the TF-IDF weight of the words their bio shares with the member's. */
  similarity: number;
  searched: boolean;
}

export interface PostRow {
  id: string;
  authorId: string;
  content: string;
  hashtags: string[];
  engagement: number;
  createdAt: Date;
  authorName: string;
  authorPosts: number;
  authorEngagement: number;
  viaCount: number;
  viaName: string | null;
  /** Co-engagement: people who liked or retweeted what the member did and liked or retweeted this. */
  coCount: number;
  /** The TF-IDF weight of the member's words (MEMBER_WORDS) in the post's text. */
  similarity: number;
  searched: boolean;
}

export interface CommunityRow {
  id: string;
  name: string;
  memberCount: number;
  activityCount: number;
  coCount: number;
  coVia: string | null;
  viaCount: number;
  viaName: string | null;
  description: string;
  category: string;
}

@Injectable()
export class CandidatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The member's strongest interests, decayed to now (TOPIC_HALF_LIFE_DAYS). */
  async topicsOf(userId: string, limit: number, halfLifeDays: number): Promise<Topic[]> {
    const rows = await this.dataSource.query<{ tag: string; weight: number }[]>(
      `SELECT tag, weight * power(0.5, extract(epoch FROM (now() - updated_at)) / $3) AS weight
       FROM user_topics WHERE user_id = $1 ORDER BY weight DESC LIMIT $2`,
      [userId, limit, halfLifeDays * 86_400],
    );
    return rows.filter((row) => row.weight > 0.05);
  }

  /**
   * People to follow: friends of friends (Adamic-Adar: each shared followee counts 1/log of how
   * many people they follow), people who post about the member's topics, similar profiles (bios
   * sharing words with the member's bio and hashtags, each word weighted by its inverse document
   * frequency: TF-IDF with bios as documents), people the member looked for in search, and the
   * most followed; never the member, anyone they follow or
   * dismissed, nor anyone not yet registered as far as this store knows.
   */
  async users(userId: string, topics: readonly Topic[]): Promise<UserRow[]> {
    return await this.dataSource.query<UserRow[]>(
      `WITH ${MINE},
       network AS (
         SELECT c.followee_id AS id, sum(1 / ln(2 + v.following_count)) AS aa,
           count(*)::int AS via_count,
           (array_agg(v.username ORDER BY v.followers_count DESC, v.id))[1] AS via_name
         FROM mine
         JOIN users v ON v.id = mine.via
         CROSS JOIN LATERAL (
           SELECT followee_id FROM follows WHERE follower_id = mine.via AND active
           ORDER BY changed_at DESC LIMIT ${SECOND_HOP_READ}
         ) c
         GROUP BY c.followee_id ORDER BY aa DESC LIMIT ${PER_SOURCE}
       ),
       tags AS (SELECT * FROM unnest($2::varchar[], $3::float8[]) AS t(tag, weight)),
       topical AS (
         SELECT p.author_id AS id, sum(tags.weight) AS topic,
           (array_agg(tags.tag ORDER BY tags.weight DESC))[1] AS top_tag
         FROM tags CROSS JOIN LATERAL (
           SELECT DISTINCT author_id FROM (
             SELECT author_id FROM post_tags
             WHERE tag = tags.tag AND created_at > now() - interval '${TOPICAL_WINDOW_DAYS} days'
             ORDER BY hot DESC LIMIT ${PER_TAG}
           ) recent
         ) p
         GROUP BY p.author_id ORDER BY topic DESC LIMIT ${PER_SOURCE}
       ),
       ${MEMBER_WORDS},
       -- A word no other bio holds finds nobody: it takes no slot.
       bio_words AS (
         SELECT term, w FROM member_words WHERE docs > mine::int ORDER BY w DESC LIMIT ${SIMILAR_TERMS}
       ),
       similar_profiles AS (
         SELECT b.user_id AS id, sum(bio_words.w) AS similarity
         FROM bio_words CROSS JOIN LATERAL (
           SELECT user_id FROM user_terms WHERE term = bio_words.term AND user_id <> $1
           ORDER BY user_id DESC LIMIT ${PER_TERM}
         ) b
         GROUP BY b.user_id ORDER BY similarity DESC LIMIT ${PER_SOURCE}
       ),
       ${SEARCHED},
       popular AS (
         SELECT id FROM users WHERE version > 0 ORDER BY followers_count DESC, id LIMIT ${PER_SOURCE}
       ),
       candidates AS (
         SELECT id FROM network UNION SELECT id FROM topical UNION SELECT id FROM similar_profiles
         UNION SELECT id FROM searched UNION SELECT id FROM popular
       )
       SELECT u.id, u.username, u.display_name AS "displayName",
         u.profile_image_url AS "profileImageUrl", u.verified, u.followers_count AS "followersCount",
         u.posts_count AS "postsCount", u.engagement_received AS "engagementReceived",
         coalesce(n.aa, 0)::float8 AS aa, coalesce(n.via_count, 0) AS "viaCount",
         n.via_name AS "viaName", coalesce(t.topic, 0)::float8 AS topic, t.top_tag AS "topTag",
         coalesce(sim.similarity, 0)::float8 AS similarity, (s.id IS NOT NULL) AS searched
       FROM candidates c
       JOIN users u ON u.id = c.id AND u.version > 0
       LEFT JOIN network n ON n.id = c.id
       LEFT JOIN topical t ON t.id = c.id
       LEFT JOIN similar_profiles sim ON sim.id = c.id
       LEFT JOIN searched s ON s.id = c.id
       WHERE c.id <> $1
         AND NOT EXISTS (SELECT 1 FROM follows f
                         WHERE f.follower_id = $1 AND f.followee_id = c.id AND f.active)
         AND NOT EXISTS (SELECT 1 FROM dismissals d WHERE d.user_id = $1
                         AND d.content_type = 'user' AND d.content_id = c.id)`,
      [userId, topics.map((t) => t.tag), topics.map((t) => t.weight)],
    );
  }

  /**
   * Posts: liked or retweeted lately by people the member follows, liked or retweeted this week
   * by people who liked or retweeted what the member did (co-engagement), popular this week in the
   * member's topics, and popular now, each with the TF-IDF weight of the member's words in its
   * text (at most 30 words, so a bounded cost per candidate); only top-level posts of people the member does not follow,
   * never the member's own, one they liked, retweeted or dismissed, nor a deleted one.
   */
  async posts(userId: string, topics: readonly Topic[]): Promise<PostRow[]> {
    return await this.dataSource.query<PostRow[]>(
      `WITH ${MINE},
       network AS (
         SELECT i.post_id AS id, count(DISTINCT i.user_id)::int AS via_count,
           (array_agg(v.username ORDER BY v.followers_count DESC, v.id))[1] AS via_name
         FROM mine
         CROSS JOIN LATERAL (
           SELECT post_id, user_id FROM interactions
           WHERE user_id = mine.via AND active AND kind IN ('like', 'retweet')
             AND changed_at > now() - interval '7 days'
           ORDER BY changed_at DESC LIMIT ${RECENT_INTERACTIONS_READ}
         ) i
         JOIN users v ON v.id = i.user_id
         GROUP BY i.post_id ORDER BY via_count DESC LIMIT ${PER_SOURCE}
       ),
       -- Co-engagement: the member's latest likes and retweets, the latest others who liked or
       -- retweeted each, and what those did this week.
       engaged AS (
         SELECT post_id FROM interactions
         WHERE user_id = $1 AND active AND kind IN ('like', 'retweet')
         ORDER BY changed_at DESC LIMIT ${RECENT_INTERACTIONS_READ}
       ),
       co_engagers AS (
         SELECT DISTINCT o.user_id FROM engaged CROSS JOIN LATERAL (
           SELECT user_id FROM interactions
           WHERE post_id = engaged.post_id AND active AND kind IN ('like', 'retweet')
             AND user_id <> $1
           ORDER BY changed_at DESC LIMIT ${CO_ENGAGERS_READ}
         ) o
       ),
       co AS (
         SELECT i.post_id AS id, count(DISTINCT co_engagers.user_id)::int AS co_count
         FROM co_engagers CROSS JOIN LATERAL (
           SELECT post_id FROM interactions
           WHERE user_id = co_engagers.user_id AND active AND kind IN ('like', 'retweet')
             AND changed_at > now() - interval '${RECENT_TOPICAL_DAYS} days'
           ORDER BY changed_at DESC LIMIT ${RECENT_INTERACTIONS_READ}
         ) i
         GROUP BY i.post_id ORDER BY co_count DESC LIMIT ${PER_SOURCE}
       ),
       topical AS (
         SELECT DISTINCT p.id FROM unnest($2::varchar[]) AS tags(tag)
         CROSS JOIN LATERAL (
           SELECT post_id AS id FROM post_tags
           WHERE tag = tags.tag AND NOT is_reply
             AND created_at > now() - interval '${RECENT_TOPICAL_DAYS} days'
           ORDER BY hot DESC LIMIT ${PER_TAG}
         ) p
       ),
       popular AS (
         SELECT id FROM posts
         WHERE created_at IS NOT NULL AND deleted_at IS NULL AND parent_id IS NULL
         ORDER BY hot DESC LIMIT ${PER_SOURCE}
       ),
       ${SEARCHED},
       tags AS (SELECT * FROM unnest($3::varchar[], $4::float8[]) AS t(tag, weight)),
       ${MEMBER_WORDS},
       post_words AS MATERIALIZED (
         SELECT term, w FROM member_words ORDER BY w DESC LIMIT ${SIMILAR_TERMS}
       ),
       candidates AS (
         SELECT id FROM network UNION SELECT id FROM co UNION SELECT id FROM topical
         UNION SELECT id FROM popular
       )
       SELECT p.id, p.author_id AS "authorId", p.content, p.hashtags,
         (p.like_count + 2 * p.retweet_count + p.reply_count) AS engagement,
         p.created_at AS "createdAt", a.username AS "authorName", a.posts_count AS "authorPosts",
         a.engagement_received AS "authorEngagement",
         coalesce(n.via_count, 0) AS "viaCount", n.via_name AS "viaName",
         coalesce(co.co_count, 0) AS "coCount",
         coalesce(sim.similarity, 0)::float8 AS similarity, (s.id IS NOT NULL) AS searched
       FROM candidates c
       JOIN posts p ON p.id = c.id AND p.created_at IS NOT NULL AND p.deleted_at IS NULL
         AND p.parent_id IS NULL
       JOIN users a ON a.id = p.author_id
       LEFT JOIN network n ON n.id = c.id
       LEFT JOIN co ON co.id = c.id
       LEFT JOIN searched s ON s.id = p.author_id
       LEFT JOIN LATERAL (
         SELECT sum(post_words.w) AS similarity
         FROM unnest(to_tsvector('english', p.content)) l
         JOIN post_words ON post_words.term = l.lexeme
       ) sim ON true
       WHERE p.author_id <> $1
         AND NOT EXISTS (SELECT 1 FROM follows f
                         WHERE f.follower_id = $1 AND f.followee_id = p.author_id AND f.active)
         AND NOT EXISTS (SELECT 1 FROM interactions i WHERE i.user_id = $1 AND i.post_id = p.id
                         AND i.active AND i.kind IN ('like', 'retweet'))
         AND NOT EXISTS (SELECT 1 FROM dismissals d WHERE d.user_id = $1
                         AND d.content_type = 'post' AND d.content_id = p.id)`,
      [
        userId,
        topics.slice(0, 5).map((t) => t.tag),
        topics.map((t) => t.tag),
        topics.map((t) => t.weight),
      ],
    );
  }

  /**
   * Communities: joined by members of the member's communities (co-membership), with people the
   * member follows among their members, about the member's topics, and the biggest; never one
   * the member is in or dismissed. Who is in a private community is for its members only, so the
   * first two count public communities only (a private one may come from the other two).
   */
  async communities(userId: string, topics: readonly Topic[]): Promise<CommunityRow[]> {
    const query = topics
      .slice(0, 10)
      .map((t) => t.tag.replace(/[^\p{L}\p{N}_]/gu, ''))
      .filter(Boolean)
      .join(' | ');
    return await this.dataSource.query<CommunityRow[]>(
      `WITH joined AS (
         SELECT community_id FROM community_members WHERE user_id = $1 AND active
         ORDER BY changed_at DESC LIMIT ${MEMBERSHIPS_READ}
       ),
       peers AS (
         SELECT j.community_id AS via, p.user_id FROM joined j
         CROSS JOIN LATERAL (
           SELECT user_id FROM community_members
           WHERE community_id = j.community_id AND active AND user_id <> $1
           ORDER BY changed_at DESC LIMIT ${PEERS_READ}
         ) p
       ),
       co AS (
         SELECT o.community_id AS id, count(*)::int AS co_count,
           mode() WITHIN GROUP (ORDER BY peers.via) AS co_via
         FROM peers CROSS JOIN LATERAL (
           SELECT community_id FROM community_members
           WHERE user_id = peers.user_id AND active
           ORDER BY changed_at DESC LIMIT ${PEER_MEMBERSHIPS_READ}
         ) o
         JOIN communities pub ON pub.id = o.community_id AND NOT pub.is_private
         GROUP BY o.community_id ORDER BY co_count DESC LIMIT ${PER_SOURCE}
       ),
       ${MINE},
       network AS (
         SELECT m.community_id AS id, count(*)::int AS via_count,
           (array_agg(v.username ORDER BY v.followers_count DESC, v.id))[1] AS via_name
         FROM mine
         CROSS JOIN LATERAL (
           SELECT community_id FROM community_members WHERE user_id = mine.via AND active
           ORDER BY changed_at DESC LIMIT ${PEER_MEMBERSHIPS_READ}
         ) m
         JOIN communities pub ON pub.id = m.community_id AND NOT pub.is_private
         JOIN users v ON v.id = mine.via
         GROUP BY m.community_id ORDER BY via_count DESC LIMIT ${PER_SOURCE}
       ),
       topical AS (
         SELECT id FROM communities
         WHERE $2 <> '' AND created_at IS NOT NULL
           AND to_tsvector('simple', name || ' ' || description || ' ' || category)
               @@ to_tsquery('simple', $2)
         ORDER BY member_count DESC LIMIT ${PER_SOURCE}
       ),
       popular AS (
         SELECT id FROM communities WHERE created_at IS NOT NULL
         ORDER BY member_count DESC, id LIMIT ${PER_SOURCE}
       ),
       candidates AS (
         SELECT id FROM co UNION SELECT id FROM network UNION SELECT id FROM topical
         UNION SELECT id FROM popular
       )
       SELECT c.id, k.name, k.member_count AS "memberCount",
         k.activity_count AS "activityCount", coalesce(co.co_count, 0) AS "coCount",
         via.name AS "coVia", coalesce(n.via_count, 0) AS "viaCount", n.via_name AS "viaName",
         k.description, k.category
       FROM candidates c
       JOIN communities k ON k.id = c.id AND k.created_at IS NOT NULL
       LEFT JOIN co ON co.id = c.id
       LEFT JOIN communities via ON via.id = co.co_via
       LEFT JOIN network n ON n.id = c.id
       WHERE NOT EXISTS (SELECT 1 FROM community_members m
                         WHERE m.community_id = c.id AND m.user_id = $1 AND m.active)
         AND NOT EXISTS (SELECT 1 FROM dismissals d WHERE d.user_id = $1
                         AND d.content_type = 'community' AND d.content_id = c.id)`,
      [userId, query],
    );
  }
}
