import { Client } from 'pg';
import type { Ledger, LedgerRelation, WrittenText } from './ledger';

/**
 * The chaos runner's oracle: after a fault, it checks against the stack's one database (every
 * service's schema) and, for home feeds, through the gateway, that no acknowledged write was lost
 * or written twice, that every counter equals a recount of the rows it counts, and that every
 * projection agrees with the service that owns its data. The runner calls it every second until
 * it finds nothing, so it is cheap: a bounded number of statements, each a set comparison done in
 * SQL across schemas (never a query per row), in one read-only snapshot, plus two requests per
 * member whose feed is read.
 */
export interface OracleReport {
  /** What is wrong, human-readable; at most EXAMPLES examples per check, then a count. Empty when all agree. */
  problems: string[];
  /** How many checks ran (SQL checks and home feeds). */
  checks: number;
  /** Acknowledged writes the owners do not have, and relations whose acknowledged state they lost. */
  lost: number;
  /** Copies beyond the one a write may leave (rows with the same author and text, feed entries twice). */
  duplicates: number;
  /** What could not be checked and is not the stack's fault (a member signed out: their feed). */
  notes: string[];
}

export interface OracleInput {
  /** The direct URL of the stack's database (not through a fault-injecting proxy). */
  databaseUrl: string;
  gatewayUrl: string;
  ledger: Ledger;
  /** Member id to the value of their `wave_session` cookie: whose home feeds are read. */
  sessions: Map<string, string>;
}

/** Examples reported per check; the rest are counted. */
export const EXAMPLES = 20;
/** The home feed page read (newest first), as a member's client reads it. */
export const FEED_LIMIT = 50;
const HTTP_TIMEOUT_MS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One set comparison: a statement whose rows are the problems it found. */
interface SqlCheck {
  name: string;
  /** Rows of (problem text, lost int, duplicates int), one per finding. */
  sql: string;
  params?: unknown[];
}

interface Tally {
  problems: string[];
  lost: number;
  duplicates: number;
  checks: number;
  notes: string[];
}

/** Runs every check once against the stack's database (direct URL) and, for home feeds, through the gateway. */
export async function runOracle(input: OracleInput): Promise<OracleReport> {
  const tally: Tally = { problems: [], lost: 0, duplicates: 0, checks: 0, notes: [] };
  // The feeds are read first: the snapshot the database is then read in is at least as new, so
  // everything a page shows exists in it.
  const readStartedAt = Date.now();
  const pages = await readFeeds(input, tally);
  const client = new Client({
    connectionString: input.databaseUrl,
    connectionTimeoutMillis: 5_000,
    statement_timeout: 30_000,
    query_timeout: 35_000,
    application_name: 'chaos-oracle',
  });
  // A database that cannot be reached is a finding (the runner asks again), not a crash.
  client.on('error', () => undefined);
  try {
    await client.connect();
    // One snapshot for every check: they compare tables as they were at one moment.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    for (const check of sqlChecks(input.ledger)) await runSqlCheck(client, check, tally);
    await checkFeeds(client, pages, readStartedAt, tally);
    await client.query('COMMIT');
  } catch (error) {
    tally.problems.push(`oracle: could not finish its checks: ${messageOf(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  return {
    problems: tally.problems,
    checks: tally.checks,
    lost: tally.lost,
    duplicates: tally.duplicates,
    notes: tally.notes,
  };
}

async function runSqlCheck(client: Client, check: SqlCheck, tally: Tally): Promise<void> {
  const { rows } = await client.query<{
    problem: string;
    total: number;
    total_lost: number;
    total_duplicates: number;
  }>(
    `SELECT found.problem, count(*) OVER ()::int AS total,
            coalesce(sum(found.lost) OVER (), 0)::int AS total_lost,
            coalesce(sum(found.duplicates) OVER (), 0)::int AS total_duplicates
     FROM (${check.sql}) AS found (problem, lost, duplicates)
     ORDER BY found.problem
     LIMIT ${EXAMPLES}`,
    check.params ?? [],
  );
  tally.checks += 1;
  const first = rows[0];
  if (!first) return;
  for (const row of rows) tally.problems.push(`${check.name}: ${row.problem}`);
  if (first.total > rows.length) {
    tally.problems.push(`${check.name}: … and ${first.total - rows.length} more`);
  }
  tally.lost += first.total_lost;
  tally.duplicates += first.total_duplicates;
}

// ---------------------------------------------------------------------------------------------
// The SQL checks
// ---------------------------------------------------------------------------------------------

/** A short quoted excerpt of a text column, for messages. */
const excerpt = (column: string) => `quote_literal(left(${column}, 60))`;

/** Columns of a written text of the ledger, as parameters: outcome, id, author, content, reference. */
function textParams<T extends WrittenText>(
  writes: readonly T[],
  reference: (write: T) => string | null,
) {
  return [
    writes.map((write) => write.outcome),
    writes.map((write) => write.id),
    writes.map((write) => write.authorId),
    writes.map((write) => write.content),
    writes.map(reference),
  ];
}

/**
 * Exactly once for written texts: an acknowledged one exists under its id, with its author,
 * text and reference (parent, community, post), and is the only row with its author and text;
 * an uncertain one has at most one such row; a refused one none.
 */
function exactlyOnce(
  name: string,
  table: string,
  referenceColumn: string,
  params: unknown[],
): SqlCheck {
  return {
    name,
    sql: `
      WITH l AS (
        SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::uuid[])
          AS l (outcome, id, author_id, content, ref)
      ), copies AS (
        SELECT t.author_id, t.content, count(*)::int AS n
        FROM ${table} t JOIN (SELECT DISTINCT author_id, content FROM l) k
          ON k.author_id = t.author_id AND k.content = t.content
        GROUP BY t.author_id, t.content
      ), judged AS (
        SELECT l.*, coalesce(c.n, 0) AS n, t.id AS found_id, t.author_id AS found_author,
          t.content AS found_content, t.${referenceColumn} AS found_ref,
          (t.id IS NOT NULL AND (t.author_id <> l.author_id OR t.content <> l.content
            OR t.${referenceColumn} IS DISTINCT FROM l.ref)) AS differs
        FROM l
        LEFT JOIN copies c ON c.author_id = l.author_id AND c.content = l.content
        LEFT JOIN ${table} t ON t.id = l.id
      )
      SELECT format('%s write %s by %s, %s: %s', outcome, coalesce(id::text, '(no id)'), author_id,
          ${excerpt('content')},
          CASE
            WHEN outcome = 'acknowledged' AND found_id IS NULL AND n = 0
              THEN 'lost (no row with its id or its text)'
            WHEN outcome = 'acknowledged' AND found_id IS NULL
              THEN format('its id is missing, but %s other row(s) carry its text', n)
            WHEN outcome = 'acknowledged' AND differs
              THEN format('its row says author %s, ${referenceColumn} %s, text %s',
                found_author, found_ref, ${excerpt('found_content')})
            ELSE format('%s rows carry its text', n)
          END),
        (outcome = 'acknowledged' AND found_id IS NULL AND n = 0)::int,
        greatest(n - 1, 0)
      FROM judged
      WHERE CASE outcome
        WHEN 'acknowledged' THEN found_id IS NULL OR differs OR n <> 1
        WHEN 'uncertain' THEN n > 1
        ELSE n > 0
      END`,
    params,
  };
}

/** Column lists of the ledger's relations, as parameters: user, target, expected state. */
function relationParams(relations: Map<string, LedgerRelation>): unknown[] {
  const known = [...relations.values()].filter((relation) => relation.expected !== null);
  return [
    known.map((relation) => relation.userId),
    known.map((relation) => relation.targetId),
    known.map((relation) => relation.expected),
  ];
}

function sqlChecks(ledger: Ledger): SqlCheck[] {
  const users = [...ledger.users.values()];
  return [
    // 1. Exactly once.
    // Every acknowledged post and reply is in timeline.tweets once (its id, author, text, parent); uncertain ≤ 1; refused 0.
    exactlyOnce(
      'exactly once (tweets)',
      'timeline.tweets',
      'parent_id',
      textParams(ledger.tweets, (tweet) => tweet.parentId),
    ),
    // Every acknowledged community post is in communities.posts once (id, author, text, community); uncertain ≤ 1; refused 0.
    exactlyOnce(
      'exactly once (community posts)',
      'communities.posts',
      'community_id',
      textParams(ledger.communityPosts, (post) => post.communityId),
    ),
    // Every acknowledged comment is in communities.comments once (id, author, text, post); uncertain ≤ 1; refused 0.
    exactlyOnce(
      'exactly once (comments)',
      'communities.comments',
      'post_id',
      textParams(ledger.comments, (comment) => comment.postId),
    ),
    {
      // Every member the ledger signed up exists with their username; an uncertain sign-up made at most one account.
      name: 'exactly once (users)',
      sql: `
        SELECT format('user %s (%s): %s', l.id, l.username, CASE WHEN u.id IS NULL
            THEN 'acknowledged sign-up missing from identity.users'
            ELSE format('identity.users names them %s', u.username) END),
          (u.id IS NULL)::int, 0
        FROM unnest($1::uuid[], $2::text[]) AS l (id, username)
        LEFT JOIN identity.users u ON u.id = l.id
        WHERE u.id IS NULL OR u.username <> l.username
        UNION ALL
        SELECT format('uncertain sign-up %s made %s accounts', s.username, count(*)), 0,
          (count(*) - 1)::int
        FROM unnest($3::text[]) AS s (username)
        JOIN identity.users u ON lower(u.username) = lower(s.username)
        GROUP BY s.username HAVING count(*) > 1`,
      params: [
        users.map((user) => user.id),
        users.map((user) => user.username),
        ledger.uncertainSignUps,
      ],
    },
    {
      // 2. Relations: each follow, like, retweet and membership whose final state is known is in its owner's table iff expected.
      name: 'relations',
      sql: `
        SELECT format('follow %s -> %s: expected %s, identity.follows %s', r.user_id, r.target_id,
            r.expected::text, CASE WHEN x.follower_id IS NULL THEN 'has none' ELSE 'has it' END),
          1, 0
        FROM unnest($1::uuid[], $2::uuid[], $3::boolean[]) AS r (user_id, target_id, expected)
        LEFT JOIN identity.follows x ON x.follower_id = r.user_id AND x.followee_id = r.target_id
        WHERE (x.follower_id IS NOT NULL) <> r.expected
        UNION ALL
        SELECT format('like of %s by %s: expected %s, timeline.likes %s', r.target_id, r.user_id,
            r.expected::text, CASE WHEN x.user_id IS NULL THEN 'has none' ELSE 'has it' END),
          1, 0
        FROM unnest($4::uuid[], $5::uuid[], $6::boolean[]) AS r (user_id, target_id, expected)
        LEFT JOIN timeline.likes x ON x.tweet_id = r.target_id AND x.user_id = r.user_id
        WHERE (x.user_id IS NOT NULL) <> r.expected
        UNION ALL
        SELECT format('retweet of %s by %s: expected %s, timeline.retweets %s', r.target_id,
            r.user_id, r.expected::text, CASE WHEN x.user_id IS NULL THEN 'has none' ELSE 'has it' END),
          1, 0
        FROM unnest($7::uuid[], $8::uuid[], $9::boolean[]) AS r (user_id, target_id, expected)
        LEFT JOIN timeline.retweets x ON x.tweet_id = r.target_id AND x.user_id = r.user_id
        WHERE (x.user_id IS NOT NULL) <> r.expected
        UNION ALL
        SELECT format('membership of %s in %s: expected %s, communities.memberships %s',
            r.user_id, r.target_id, r.expected::text,
            CASE WHEN x.user_id IS NULL THEN 'has none' ELSE 'has it' END),
          1, 0
        FROM unnest($10::uuid[], $11::uuid[], $12::boolean[]) AS r (user_id, target_id, expected)
        LEFT JOIN communities.memberships x
          ON x.community_id = r.target_id AND x.user_id = r.user_id
        WHERE (x.user_id IS NOT NULL) <> r.expected`,
      params: [
        ...relationParams(ledger.follows),
        ...relationParams(ledger.likes),
        ...relationParams(ledger.retweets),
        ...relationParams(ledger.memberships),
      ],
    },

    // 3. Counters equal recounts, over the whole database.
    {
      // Each tweet's likes_count, retweets_count and replies_count equal its likes, retweets and (live) replies.
      name: 'counters (timeline.tweets)',
      sql: `
        SELECT format('tweet %s: likes_count %s (rows %s), retweets_count %s (rows %s), replies_count %s (rows %s)',
            t.id, t.likes_count, coalesce(l.n, 0), t.retweets_count, coalesce(r.n, 0),
            t.replies_count, coalesce(c.n, 0)), 0, 0
        FROM timeline.tweets t
        LEFT JOIN (SELECT tweet_id, count(*)::int AS n FROM timeline.likes GROUP BY tweet_id) l
          ON l.tweet_id = t.id
        LEFT JOIN (SELECT tweet_id, count(*)::int AS n FROM timeline.retweets GROUP BY tweet_id) r
          ON r.tweet_id = t.id
        LEFT JOIN (SELECT parent_id, count(*)::int AS n FROM timeline.tweets
                   WHERE parent_id IS NOT NULL GROUP BY parent_id) c ON c.parent_id = t.id
        WHERE t.likes_count <> coalesce(l.n, 0) OR t.retweets_count <> coalesce(r.n, 0)
          OR t.replies_count <> coalesce(c.n, 0)`,
    },
    {
      // Each user's followers_count and following_count equal their rows in identity.follows.
      name: 'counters (identity.users)',
      sql: `
        SELECT format('user %s: followers_count %s (rows %s), following_count %s (rows %s)',
            u.id, u.followers_count, coalesce(a.n, 0), u.following_count, coalesce(b.n, 0)), 0, 0
        FROM identity.users u
        LEFT JOIN (SELECT followee_id, count(*)::int AS n FROM identity.follows GROUP BY followee_id) a
          ON a.followee_id = u.id
        LEFT JOIN (SELECT follower_id, count(*)::int AS n FROM identity.follows GROUP BY follower_id) b
          ON b.follower_id = u.id
        WHERE u.followers_count <> coalesce(a.n, 0) OR u.following_count <> coalesce(b.n, 0)`,
    },
    {
      // Each community post's likes_count and comments_count equal its rows; shares_count is at least its
      // post_shares rows (shares counted before that table have none, so it may be more).
      name: 'counters (communities.posts)',
      sql: `
        SELECT format('community post %s: likes_count %s (rows %s), comments_count %s (rows %s), shares_count %s (rows %s)',
            p.id, p.likes_count, coalesce(l.n, 0), p.comments_count, coalesce(c.n, 0),
            p.shares_count, coalesce(s.n, 0)), 0, 0
        FROM communities.posts p
        LEFT JOIN (SELECT post_id, count(*)::int AS n FROM communities.post_likes GROUP BY post_id) l
          ON l.post_id = p.id
        LEFT JOIN (SELECT post_id, count(*)::int AS n FROM communities.comments GROUP BY post_id) c
          ON c.post_id = p.id
        LEFT JOIN (SELECT post_id, count(*)::int AS n FROM communities.post_shares GROUP BY post_id) s
          ON s.post_id = p.id
        WHERE p.likes_count <> coalesce(l.n, 0) OR p.comments_count <> coalesce(c.n, 0)
          OR p.shares_count < coalesce(s.n, 0)`,
    },
    {
      // Each community's member_count and post_count equal its memberships (owners included) and posts.
      name: 'counters (communities.communities)',
      sql: `
        SELECT format('community %s: member_count %s (rows %s), post_count %s (rows %s)',
            c.id, c.member_count, coalesce(m.n, 0), c.post_count, coalesce(p.n, 0)), 0, 0
        FROM communities.communities c
        LEFT JOIN (SELECT community_id, count(*)::int AS n FROM communities.memberships
                   GROUP BY community_id) m ON m.community_id = c.id
        LEFT JOIN (SELECT community_id, count(*)::int AS n FROM communities.posts
                   GROUP BY community_id) p ON p.community_id = c.id
        WHERE c.member_count <> coalesce(m.n, 0) OR c.post_count <> coalesce(p.n, 0)`,
    },
    {
      // timeline.follower_counts counts timeline's own follow projection (unfollows delete its rows; a missing row is 0).
      name: 'counters (timeline.follower_counts)',
      sql: `
        SELECT format('user %s: timeline.follower_counts %s, timeline.follows rows %s',
            coalesce(c.user_id, f.followee_id), coalesce(c.followers, 0), coalesce(f.n, 0)), 0, 0
        FROM timeline.follower_counts c
        FULL JOIN (SELECT followee_id, count(*)::int AS n FROM timeline.follows GROUP BY followee_id) f
          ON f.followee_id = c.user_id
        WHERE coalesce(c.followers, 0) <> coalesce(f.n, 0)`,
    },

    // 4. Projections agree with their owners, over the whole database.
    followsAgree(
      // timeline.follows holds exactly identity's follows (an unfollow deletes the row; follow_removals only orders events).
      'projection (timeline.follows)',
      'SELECT follower_id, followee_id FROM timeline.follows',
    ),
    followsAgree(
      // search.follows holds exactly identity's follows (as timeline's: rows deleted, follow_removals tombstones).
      'projection (search.follows)',
      'SELECT follower_id, followee_id FROM search.follows',
    ),
    followsAgree(
      // recommendations.follows marked active are exactly identity's follows (unfollowed rows stay, active = false).
      'projection (recommendations.follows)',
      'SELECT follower_id, followee_id FROM recommendations.follows WHERE active',
    ),
    usersAgree(
      // timeline.authors has every user (and no one else) at identity's version and username.
      'projection (timeline.authors)',
      'timeline.authors',
      [],
    ),
    usersAgree(
      // communities.authors has every user (and no one else) at identity's version and username.
      'projection (communities.authors)',
      'communities.authors',
      [],
    ),
    usersAgree(
      // search.users has every user at identity's version and username, with identity's exact followers_count.
      'projection (search.users)',
      'search.users',
      [['followers_count', 'u.followers_count']],
    ),
    usersAgree(
      // analytics.users has every user (and no one else) at identity's version and username.
      'projection (analytics.users)',
      'analytics.users',
      [],
    ),
    usersAgree(
      // recommendations.users has every user at identity's version, with identity's follower and
      // following counts and posts_count equal to their live tweets (replies included).
      'projection (recommendations.users)',
      'recommendations.users',
      [
        ['followers_count', 'u.followers_count'],
        ['following_count', 'u.following_count'],
        ['posts_count', 'u.live_posts'],
      ],
      `(SELECT u.*, coalesce(t.n, 0) AS live_posts FROM identity.users u
        LEFT JOIN (SELECT author_id, count(*)::int AS n FROM timeline.tweets GROUP BY author_id) t
          ON t.author_id = u.id)`,
    ),
    {
      // search.posts indexes every live tweet, replies included (deleted ones leave a tombstone, not a row), with its author and current text.
      name: 'projection (search.posts)',
      sql: `
        SELECT format('tweet %s: %s', coalesce(t.id, s.id), CASE
            WHEN s.id IS NULL THEN 'missing from search.posts'
            WHEN t.id IS NULL THEN 'in search.posts but not in timeline.tweets'
            ELSE format('search.posts says author %s text %s; timeline says author %s text %s',
              s.author_id, ${excerpt('s.content')}, t.author_id, ${excerpt('t.content')})
          END), 0, 0
        FROM timeline.tweets t FULL JOIN search.posts s ON s.id = t.id
        WHERE s.id IS NULL OR t.id IS NULL OR s.author_id <> t.author_id OR s.content <> t.content`,
    },
    {
      // recommendations.posts (rows not deleted) are exactly the live tweets, heard of (created_at set), with their
      // author, parent and text; like_count and retweet_count equal timeline's; reply_count counts every reply it
      // heard of (deleted ones too: it is never decremented).
      name: 'projection (recommendations.posts)',
      sql: `
        SELECT format('tweet %s: %s', coalesce(t.id, p.id), CASE
            WHEN p.id IS NULL THEN 'missing from recommendations.posts (or marked deleted)'
            WHEN t.id IS NULL THEN 'live in recommendations.posts but not in timeline.tweets'
            WHEN p.created_at IS NULL THEN 'recommendations.posts never heard it was created'
            ELSE format('recommendations.posts says author %s parent %s text %s likes %s retweets %s replies %s (heard %s); '
                        'timeline says author %s parent %s text %s likes %s retweets %s',
              p.author_id, p.parent_id, ${excerpt('p.content')}, p.like_count, p.retweet_count,
              p.reply_count, coalesce(c.n, 0), t.author_id, t.parent_id, ${excerpt('t.content')},
              t.likes_count, t.retweets_count)
          END), 0, 0
        FROM timeline.tweets t
        FULL JOIN (SELECT * FROM recommendations.posts WHERE deleted_at IS NULL) p ON p.id = t.id
        LEFT JOIN (SELECT parent_id, count(*)::int AS n FROM recommendations.posts
                   WHERE parent_id IS NOT NULL AND created_at IS NOT NULL GROUP BY parent_id) c
          ON c.parent_id = p.id
        WHERE p.id IS NULL OR t.id IS NULL OR p.created_at IS NULL
          OR p.author_id IS DISTINCT FROM t.author_id OR p.parent_id IS DISTINCT FROM t.parent_id
          OR p.content <> t.content OR p.like_count <> t.likes_count
          OR p.retweet_count <> t.retweets_count OR p.reply_count <> coalesce(c.n, 0)`,
    },
    {
      // recommendations.interactions (like, retweet) marked active are exactly timeline's likes and retweets of live
      // tweets (a deleted tweet's interactions are left as they were: timeline sends no like.deleted for them).
      name: 'projection (recommendations.interactions)',
      sql: `
        WITH owner AS (
          SELECT user_id, tweet_id AS post_id, 'like' AS kind FROM timeline.likes
          UNION ALL SELECT user_id, tweet_id, 'retweet' FROM timeline.retweets
        ), projected AS (
          SELECT i.user_id, i.post_id, i.kind FROM recommendations.interactions i
          JOIN timeline.tweets t ON t.id = i.post_id
          WHERE i.active AND i.kind IN ('like', 'retweet')
        )
        SELECT format('%s of %s by %s: %s', coalesce(o.kind, p.kind), coalesce(o.post_id, p.post_id),
            coalesce(o.user_id, p.user_id), CASE WHEN p.user_id IS NULL
              THEN 'not active in recommendations.interactions'
              ELSE 'active in recommendations.interactions but not in timeline' END), 0, 0
        FROM owner o FULL JOIN projected p
          ON p.user_id = o.user_id AND p.post_id = o.post_id AND p.kind = o.kind
        WHERE o.user_id IS NULL OR p.user_id IS NULL`,
    },
    {
      // recommendations.community_members marked active are exactly communities.memberships (leaving keeps the row, inactive).
      name: 'projection (recommendations.community_members)',
      sql: `
        SELECT format('member %s of %s: %s', coalesce(m.user_id, r.user_id),
            coalesce(m.community_id, r.community_id), CASE WHEN r.user_id IS NULL
              THEN 'not active in recommendations.community_members'
              ELSE 'active in recommendations.community_members but not a member' END), 0, 0
        FROM communities.memberships m
        FULL JOIN (SELECT * FROM recommendations.community_members WHERE active) r
          ON r.community_id = m.community_id AND r.user_id = m.user_id
        WHERE m.user_id IS NULL OR r.user_id IS NULL`,
    },
    {
      // recommendations.community_posts not marked deleted are exactly communities.posts, with community and author.
      name: 'projection (recommendations.community_posts)',
      sql: `
        SELECT format('community post %s: %s', coalesce(p.id, r.id), CASE
            WHEN r.id IS NULL THEN 'missing from recommendations.community_posts (or marked deleted)'
            WHEN p.id IS NULL THEN 'live in recommendations.community_posts but not in communities.posts'
            ELSE format('community %s author %s there, community %s author %s in communities.posts',
              r.community_id, r.author_id, p.community_id, p.author_id)
          END), 0, 0
        FROM communities.posts p
        FULL JOIN (SELECT * FROM recommendations.community_posts WHERE deleted_at IS NULL) r
          ON r.id = p.id
        WHERE p.id IS NULL OR r.id IS NULL OR r.community_id <> p.community_id
          OR r.author_id <> p.author_id`,
    },
    {
      // Every community is in recommendations.communities (with its exact member_count) and in analytics.communities (with its name).
      name: 'projection (communities)',
      sql: `
        SELECT format('community %s: %s', c.id, CASE
            WHEN r.id IS NULL THEN 'missing from recommendations.communities'
            WHEN r.member_count <> c.member_count
              THEN format('recommendations.communities member_count %s, owner %s', r.member_count, c.member_count)
            WHEN a.id IS NULL THEN 'missing from analytics.communities'
            ELSE format('analytics.communities names it %s, owner %s', a.name, c.name)
          END), 0, 0
        FROM communities.communities c
        LEFT JOIN recommendations.communities r ON r.id = c.id
        LEFT JOIN analytics.communities a ON a.id = c.id
        WHERE r.id IS NULL OR r.member_count <> c.member_count OR a.id IS NULL OR a.name <> c.name`,
    },
    {
      // analytics.posts (rows not deleted) are exactly the live tweets with author, parent and text; its lifetime
      // counters are event counts: likes - unlikes and retweets - unretweets equal timeline's counts, and replies
      // (every reply.created, never decremented) less its deleted replies equals replies_count.
      name: 'projection (analytics.posts)',
      sql: `
        SELECT format('tweet %s: %s', coalesce(t.id, a.id), CASE
            WHEN a.id IS NULL THEN 'missing from analytics.posts (or marked deleted)'
            WHEN t.id IS NULL THEN 'live in analytics.posts but not in timeline.tweets'
            WHEN a.created_at IS NULL THEN 'analytics.posts never heard it was created'
            ELSE format('analytics.posts says author %s parent %s text %s likes %s-%s retweets %s-%s replies %s-%s deleted; '
                        'timeline says author %s parent %s text %s likes %s retweets %s replies %s',
              a.author_id, a.parent_id, ${excerpt('a.content')}, a.likes, a.unlikes, a.retweets,
              a.unretweets, a.replies, coalesce(d.n, 0), t.author_id, t.parent_id,
              ${excerpt('t.content')}, t.likes_count, t.retweets_count, t.replies_count)
          END), 0, 0
        FROM timeline.tweets t
        FULL JOIN (SELECT * FROM analytics.posts WHERE deleted_at IS NULL) a ON a.id = t.id
        LEFT JOIN (SELECT parent_id, count(*)::int AS n FROM analytics.posts
                   WHERE parent_id IS NOT NULL AND deleted_at IS NOT NULL GROUP BY parent_id) d
          ON d.parent_id = a.id
        WHERE a.id IS NULL OR t.id IS NULL OR a.created_at IS NULL
          OR a.author_id <> t.author_id OR a.parent_id IS DISTINCT FROM t.parent_id
          OR a.content <> t.content OR a.likes - a.unlikes <> t.likes_count
          OR a.retweets - a.unretweets <> t.retweets_count
          OR a.replies - coalesce(d.n, 0) <> t.replies_count`,
    },
    {
      // analytics.posts' lifetime counts equal the sums of its daily rollups (written by the same statement batch).
      name: 'projection (analytics rollups)',
      sql: `
        SELECT format('post %s: lifetime %s, daily rollups %s', coalesce(a.id, d.post_id),
            row(a.views, a.likes, a.unlikes, a.replies, a.retweets, a.unretweets),
            row(d.views, d.likes, d.unlikes, d.replies, d.retweets, d.unretweets)), 0, 0
        FROM analytics.posts a
        FULL JOIN (SELECT post_id, sum(views)::int AS views, sum(likes)::int AS likes,
                     sum(unlikes)::int AS unlikes, sum(replies)::int AS replies,
                     sum(retweets)::int AS retweets, sum(unretweets)::int AS unretweets
                   FROM analytics.post_daily_stats GROUP BY post_id) d ON d.post_id = a.id
        WHERE (coalesce(a.views, 0), coalesce(a.likes, 0), coalesce(a.unlikes, 0),
               coalesce(a.replies, 0), coalesce(a.retweets, 0), coalesce(a.unretweets, 0))
          <> (coalesce(d.views, 0), coalesce(d.likes, 0), coalesce(d.unlikes, 0),
              coalesce(d.replies, 0), coalesce(d.retweets, 0), coalesce(d.unretweets, 0))`,
    },
    {
      // analytics.user_totals.followers (the sum of follow.created/deleted deltas; no row is 0) equals identity's followers_count.
      name: 'projection (analytics.user_totals)',
      sql: `
        SELECT format('user %s: analytics.user_totals.followers %s, identity followers_count %s',
            coalesce(u.id, t.user_id), coalesce(t.followers, 0), coalesce(u.followers_count, 0)), 0, 0
        FROM identity.users u FULL JOIN analytics.user_totals t ON t.user_id = u.id
        WHERE coalesce(t.followers, 0) <> coalesce(u.followers_count, 0)`,
    },
  ];
}

/** A follow projection (`projected`: follower_id, followee_id) holds exactly identity's follows. */
function followsAgree(name: string, projected: string): SqlCheck {
  return {
    name,
    sql: `
      SELECT format('follow %s -> %s: %s', coalesce(i.follower_id, p.follower_id),
          coalesce(i.followee_id, p.followee_id), CASE WHEN p.follower_id IS NULL
            THEN 'in identity.follows, missing from the projection'
            ELSE 'in the projection, not in identity.follows' END), 0, 0
      FROM identity.follows i FULL JOIN (${projected}) p
        ON p.follower_id = i.follower_id AND p.followee_id = i.followee_id
      WHERE i.follower_id IS NULL OR p.follower_id IS NULL`,
  };
}

/**
 * A users projection (`table`, by `id`) has every identity user and no one else, at identity's
 * version and username, and each of `columns` equal to its expression over identity's row `u`
 * (from `owner`: identity.users, or a query of it with more columns).
 */
function usersAgree(
  name: string,
  table: string,
  columns: [string, string][],
  owner = 'identity.users',
): SqlCheck {
  const differs = columns.map(([column, expression]) => `p.${column} <> ${expression}`);
  const shown = columns.map(
    ([column, expression]) => `'${column} ' || p.${column} || ' (owner ' || ${expression} || ')'`,
  );
  return {
    name,
    sql: `
      SELECT format('user %s: %s', coalesce(u.id, p.id), CASE
          WHEN p.id IS NULL THEN 'missing from ${table}'
          WHEN u.id IS NULL THEN 'in ${table} but not in identity.users'
          ELSE concat_ws(', ', format('version %s (owner %s), username %s (owner %s)',
            p.version, u.version, p.username, u.username)${shown.map((text) => `, ${text}`).join('')})
        END), 0, 0
      FROM ${owner} u FULL JOIN ${table} p ON p.id = u.id
      WHERE p.id IS NULL OR u.id IS NULL OR p.version <> u.version OR p.username <> u.username
        ${differs.map((condition) => `OR ${condition}`).join(' ')}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Home feeds
// ---------------------------------------------------------------------------------------------

/** An entry of a home feed page, as the gateway shows it: the post, and who retweeted it in. */
export interface FeedPageItem {
  tweetId: string;
  retweetedBy: string | null;
}

/** What PostgreSQL says of an entry shown on a page. */
export interface FeedItemFacts {
  /** The entry's time (ms): the post's creation, or the retweet's. Null when PG lacks it. */
  at: number | null;
  /** Why it does not belong in this reader's home timeline; null when it does. */
  illegitimate: string | null;
}

/** An entry a fresh rebuild from PostgreSQL would show (the newest of its post's entries). */
export interface ExpectedFeedEntry {
  tweetId: string;
  retweetedBy: string | null;
  at: number;
}

const entryKey = (entry: { tweetId: string; retweetedBy: string | null }) =>
  entry.retweetedBy === null ? `p:${entry.tweetId}` : `r:${entry.tweetId}:${entry.retweetedBy}`;

/**
 * Compares a home feed page with PostgreSQL. The timeline service shows each post once per page
 * (its newest entry: a post and its retweets are separate entries, deduplicated by post), in
 * descending time; its entries are the top-level posts and the retweets (of anything, replies
 * too) of the reader and of whom they follow. So: no entry and no post twice; every entry
 * legitimate; newest first; and no expected entry newer than the page's oldest missing (an entry
 * of the same millisecond may sort either way; one made after the read began is not expected).
 */
export function feedProblems(input: {
  readerId: string;
  page: readonly FeedPageItem[];
  limit: number;
  /** Facts by entry key (`p:<tweet>` or `r:<tweet>:<retweeter>`). */
  facts: ReadonlyMap<string, FeedItemFacts>;
  /** Newest first, one per post, at least the newest `limit`. */
  expected: readonly ExpectedFeedEntry[];
  /** Entries newer than this (ms) are not expected. */
  readStartedAt: number;
}): { problems: string[]; duplicates: number } {
  const { readerId, page } = input;
  const problems: string[] = [];
  let duplicates = 0;
  const seenEntries = new Set<string>();
  const seenPosts = new Map<string, string>();
  let previousAt = Number.POSITIVE_INFINITY;
  let oldestAt = Number.POSITIVE_INFINITY;
  for (const [index, item] of page.entries()) {
    const key = entryKey(item);
    if (seenEntries.has(key)) {
      problems.push(`feed of ${readerId}: entry ${key} appears twice`);
      duplicates += 1;
    } else if (seenPosts.has(item.tweetId)) {
      problems.push(
        `feed of ${readerId}: post ${item.tweetId} appears twice (as ${seenPosts.get(item.tweetId)} and ${key})`,
      );
      duplicates += 1;
    }
    seenEntries.add(key);
    if (!seenPosts.has(item.tweetId)) seenPosts.set(item.tweetId, key);
    const facts = input.facts.get(key);
    if (facts?.illegitimate) problems.push(`feed of ${readerId}: ${key} ${facts.illegitimate}`);
    if (facts && facts.at !== null) {
      if (facts.at > previousAt) {
        problems.push(
          `feed of ${readerId}: ${key} (item ${index}) is newer than the item before it`,
        );
      }
      previousAt = facts.at;
      oldestAt = Math.min(oldestAt, facts.at);
    }
  }
  // A page shorter than asked for is the whole timeline: every expected entry belongs on it.
  const boundary = page.length < input.limit ? Number.NEGATIVE_INFINITY : oldestAt;
  const missing: string[] = [];
  for (const entry of input.expected) {
    if (entry.at <= boundary || entry.at >= input.readStartedAt) continue;
    const key = entryKey(entry);
    if (seenEntries.has(key)) continue;
    const shownAs = seenPosts.get(entry.tweetId);
    missing.push(shownAs ? `${key} (the post is shown as ${shownAs}, an older entry)` : key);
  }
  for (const key of missing.slice(0, EXAMPLES)) {
    problems.push(`feed of ${readerId}: missing ${key}, newer than the page's oldest entry`);
  }
  if (missing.length > EXAMPLES) {
    problems.push(`feed of ${readerId}: … and ${missing.length - EXAMPLES} more missing`);
  }
  return { problems, duplicates };
}

interface FeedPage {
  readerId: string;
  items: FeedPageItem[];
}

/** Each member's newest home feed page, through the gateway (a member signed out is noted, not read). */
async function readFeeds(input: OracleInput, tally: Tally): Promise<FeedPage[]> {
  const readers = [...input.sessions].filter(([userId]) => UUID.test(userId));
  const pages = await Promise.all(
    readers.map(async ([readerId, cookie]): Promise<FeedPage | null> => {
      const headers = { cookie: `wave_session=${cookie}` };
      try {
        const [me, feed] = await Promise.all([
          get(`${input.gatewayUrl}/api/user`, headers),
          get(`${input.gatewayUrl}/api/tweets?limit=${FEED_LIMIT}`, headers),
        ]);
        if (me.status === 401) {
          tally.notes.push(`feed of ${readerId} not read: their session is no longer valid`);
          return null;
        }
        if (me.status !== 200 || feed.status !== 200) {
          tally.problems.push(
            `feed of ${readerId}: could not be read (GET /api/user ${me.status}, GET /api/tweets ${feed.status})`,
          );
          return null;
        }
        const signedInAs = (me.body as { id?: unknown } | null)?.id;
        if (signedInAs !== readerId) {
          tally.problems.push(
            `feed of ${readerId}: their session belongs to ${String(signedInAs)}`,
          );
          return null;
        }
        const items = ((feed.body as { items?: unknown } | null)?.items ?? []) as {
          id: string;
          retweetedBy: { id: string } | null;
        }[];
        return {
          readerId,
          items: items.map((item) => ({
            tweetId: item.id,
            retweetedBy: item.retweetedBy?.id ?? null,
          })),
        };
      } catch (error) {
        tally.problems.push(`feed of ${readerId}: could not be read: ${messageOf(error)}`);
        return null;
      }
    }),
  );
  return pages.filter((page): page is FeedPage => page !== null);
}

async function get(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  const text = await response.text();
  let body: unknown = null;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text) {
    body = JSON.parse(text);
  }
  return { status: response.status, body };
}

/**
 * The feed pages against PostgreSQL, in two statements for all readers: the facts of every
 * entry shown, and what a rebuild would show (the sources being the reader and whom identity,
 * the owner, says they follow).
 */
async function checkFeeds(
  client: Client,
  pages: readonly FeedPage[],
  readStartedAt: number,
  tally: Tally,
): Promise<void> {
  if (pages.length === 0) return;
  const shown = pages.flatMap((page) =>
    page.items
      .filter(
        (item) =>
          UUID.test(item.tweetId) && (item.retweetedBy === null || UUID.test(item.retweetedBy)),
      )
      .map((item) => ({ readerId: page.readerId, ...item })),
  );
  const factRows = (
    await client.query<{
      reader_id: string;
      tweet_id: string;
      retweeter_id: string | null;
      tweet_exists: boolean;
      is_reply: boolean;
      author_id: string | null;
      retweet_exists: boolean;
      at_ms: string | null;
      from_source: boolean;
    }>(
      `SELECT p.reader_id, p.tweet_id, p.retweeter_id, t.id IS NOT NULL AS tweet_exists,
         t.parent_id IS NOT NULL AS is_reply, t.author_id, r.user_id IS NOT NULL AS retweet_exists,
         round(extract(epoch FROM CASE WHEN p.retweeter_id IS NULL THEN t.created_at
                                       ELSE r.created_at END) * 1000)::bigint AS at_ms,
         (coalesce(p.retweeter_id, t.author_id) = p.reader_id OR EXISTS (
            SELECT 1 FROM identity.follows f WHERE f.follower_id = p.reader_id
              AND f.followee_id = coalesce(p.retweeter_id, t.author_id))) AS from_source
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS p (reader_id, tweet_id, retweeter_id)
       LEFT JOIN timeline.tweets t ON t.id = p.tweet_id
       LEFT JOIN timeline.retweets r
         ON p.retweeter_id IS NOT NULL AND r.tweet_id = p.tweet_id AND r.user_id = p.retweeter_id`,
      [
        shown.map((item) => item.readerId),
        shown.map((item) => item.tweetId),
        shown.map((item) => item.retweetedBy),
      ],
    )
  ).rows;
  const facts = new Map<string, Map<string, FeedItemFacts>>();
  for (const row of factRows) {
    const key = entryKey({ tweetId: row.tweet_id, retweetedBy: row.retweeter_id });
    let illegitimate: string | null = null;
    if (!row.tweet_exists) illegitimate = 'shows a post that is not in timeline.tweets';
    else if (row.retweeter_id === null && row.is_reply) illegitimate = 'shows a reply as a post';
    else if (row.retweeter_id !== null && !row.retweet_exists) {
      illegitimate = 'shows a retweet that is not in timeline.retweets';
    } else if (!row.from_source) {
      illegitimate =
        row.retweeter_id === null
          ? `shows a post by ${row.author_id}, whom the reader does not follow`
          : `shows a retweet by ${row.retweeter_id}, whom the reader does not follow`;
    }
    const byKey = facts.get(row.reader_id) ?? new Map<string, FeedItemFacts>();
    byKey.set(key, { at: row.at_ms === null ? null : Number(row.at_ms), illegitimate });
    facts.set(row.reader_id, byKey);
  }
  const expectedRows = (
    await client.query<{
      reader_id: string;
      tweet_id: string;
      retweeter_id: string | null;
      at_ms: string;
    }>(
      `WITH readers AS (SELECT DISTINCT unnest($1::uuid[]) AS reader_id),
       sources AS (
         SELECT reader_id, reader_id AS source_id FROM readers
         UNION SELECT f.follower_id, f.followee_id
         FROM identity.follows f JOIN readers r ON r.reader_id = f.follower_id
       ), entries AS (
         SELECT s.reader_id, t.id AS tweet_id, NULL::uuid AS retweeter_id, t.created_at AS at,
           'p:' || t.id AS member
         FROM sources s JOIN timeline.tweets t ON t.author_id = s.source_id AND t.parent_id IS NULL
         UNION ALL
         SELECT s.reader_id, r.tweet_id, r.user_id, r.created_at,
           'r:' || r.tweet_id || ':' || r.user_id
         FROM sources s JOIN timeline.retweets r ON r.user_id = s.source_id
       ), newest AS (
         SELECT DISTINCT ON (reader_id, tweet_id) * FROM entries
         ORDER BY reader_id, tweet_id, at DESC, member COLLATE "C" DESC
       ), ranked AS (
         SELECT *, row_number() OVER (
           PARTITION BY reader_id ORDER BY at DESC, member COLLATE "C" DESC) AS place
         FROM newest
       )
       SELECT reader_id, tweet_id, retweeter_id,
         round(extract(epoch FROM at) * 1000)::bigint AS at_ms
       FROM ranked WHERE place <= $2 ORDER BY reader_id, place`,
      [pages.map((page) => page.readerId), FEED_LIMIT * 2],
    )
  ).rows;
  const expected = new Map<string, ExpectedFeedEntry[]>();
  for (const row of expectedRows) {
    const list = expected.get(row.reader_id) ?? [];
    list.push({ tweetId: row.tweet_id, retweetedBy: row.retweeter_id, at: Number(row.at_ms) });
    expected.set(row.reader_id, list);
  }
  for (const page of pages) {
    const found = feedProblems({
      readerId: page.readerId,
      page: page.items,
      limit: FEED_LIMIT,
      facts: facts.get(page.readerId) ?? new Map(),
      expected: expected.get(page.readerId) ?? [],
      readStartedAt,
    });
    tally.checks += 1;
    tally.problems.push(...found.problems);
    tally.duplicates += found.duplicates;
  }
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
