/**
 * Recommendations at 10,000 members and a million posts (issue 14's targets: p95 under 50 ms from
 * the cache, under 300 ms when computed), with the built services in production mode, logging at
 * `warn`:
 *
 * 1. A scratch database, the recommendations schema migrated by the built service, and the
 *    signals store filled inside PostgreSQL (generate_series, INSERT … SELECT) with the rows the
 *    events would have produced: members and their counters, a follow graph with popular
 *    accounts, posts with hashtags and `hot` as SignalsRepository computes it, likes, retweets and
 *    replies, each member's decayed interest per hashtag, communities and memberships, search
 *    clicks. Then VACUUM ANALYZE (what autovacuum would do after such a load, and so it does not
 *    run during the measures) and CHECKPOINT (the load's dirty pages written before, not during).
 * 2. The built gateway, identity (sessions, and `identity.followed-among`), communities
 *    (`communities.joined-among`) and recommendations. The sampled members sign up through the
 *    gateway (as the analytics bench's members do) and the fixture gives them their place in the
 *    graph: new (nothing yet), typical (5 to 95 follows), heavy (500 to 1,500 follows, the most
 *    active likers). Identity and communities answer every read's owner checks from their own
 *    stores, where these members follow and joined nothing: the checks cost what they cost, and
 *    take out nothing the projection's filters had not.
 * 3. GET /api/ai/recommendations through the gateway with each member's session: computed (the
 *    member's cached list deleted before each read; BENCH_ROUNDS rounds over every sampled member,
 *    one read at a time) and cached (autocannon at BENCH_CONNECTIONS, each connection a different
 *    member, every answer's time kept for exact percentiles), and cached on the service with a
 *    signed header, for the gateway's share.
 * 4. The candidate queries alone (the service's own CandidatesRepository, so the same SQL), per
 *    member, to see which one the computed time is made of; BENCH_EXPLAIN=1 prints the EXPLAIN
 *    (ANALYZE, BUFFERS) of each for the slowest member.
 *
 * During each measure it prints the CPU the machine spent, by group (this benchmark, Redis,
 * PostgreSQL's own processes, other): figures taken while other work ran are not comparable.
 * Loopback only; it stops by itself, then drops the database and the Redis prefix (BENCH_KEEP=1
 * keeps the database, to look at plans).
 *
 *   npm run bench:recommendations
 *   BENCH_POSTS=100000 BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench:recommendations
 */
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { deleteKeysWithPrefix } from '@wave/redis';
// The benchmark runs the service's own repository and constants, so it measures the SQL the
// service runs and fills `hot` and the topics as the service computes them.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CandidatesRepository } from '../../../apps/recommendations/src/candidates/candidates.repository';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { recommendationsCacheKey } from '../../../apps/recommendations/src/recommendations/recommendations.cache';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { loadRecommendationsConfig } from '../../../apps/recommendations/src/config/recommendations.config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { recommendationsService } from '../../../apps/recommendations/src/service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  HOT_ENGAGEMENT_SQL,
  HOT_SECONDS_PER_DECADE,
  TOPIC_HALF_LIFE_DAYS,
  TOPICAL_WINDOW_DAYS,
  TOPIC_WEIGHTS,
} from '../../../apps/recommendations/src/signals/signal-weights.constant';
import {
  builtService,
  builtServiceEnv,
  freePorts,
  migrateBuilt,
  scratchStores,
} from '../built-service';
import type { CpuMark } from '../load/cpu-budget';
import { cpuMark as cpuMarkOf, cpuSpent } from '../load/cpu-budget';

const SECRET = 'bench-internal-secret-0123456789abcdef';
const REDIS_PREFIX = 'wave-bench-recommendations:';
const MEMBERS = Number(process.env['BENCH_MEMBERS'] ?? 10_000);
const POSTS = Number(process.env['BENCH_POSTS'] ?? 1_000_000);
/** Likes and retweets drawn (a few are drawn twice and count once). */
const INTERACTIONS = Number(process.env['BENCH_INTERACTIONS'] ?? 3_000_000);
const COMMUNITIES = Number(process.env['BENCH_COMMUNITIES'] ?? 500);
const COMMUNITY_POSTS = 20_000;
const SEARCH_CLICKS = 30_000;
const DAYS = 30;
const TAGS = 300;
/** Sampled members of each kind (signed up through the gateway). */
const SAMPLE = {
  new: Number(process.env['BENCH_SAMPLE_NEW'] ?? 20),
  typical: Number(process.env['BENCH_SAMPLE_TYPICAL'] ?? 60),
  heavy: Number(process.env['BENCH_SAMPLE_HEAVY'] ?? 20),
};
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const CONNECTIONS = (process.env['BENCH_CONNECTIONS'] ?? '1,10,50').split(',').map(Number);
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const WARM_UP_SECONDS = 2;
const PATH = '/api/ai/recommendations';

type Kind = keyof typeof SAMPLE;
const KINDS = Object.keys(SAMPLE) as Kind[];

/** Which kind the fixture makes member n: one in 20 new, one in 50 heavy, the rest typical. */
const kindOf = (n: number): Kind => (n % 20 === 0 ? 'new' : n % 50 === 1 ? 'heavy' : 'typical');
const KIND_SQL = `CASE WHEN n % 20 = 0 THEN 'new' WHEN n % 50 = 1 THEN 'heavy' ELSE 'typical' END`;

interface Member {
  n: number;
  kind: Kind;
  username: string;
  id: string;
  cookie: string;
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const say = (line = '') => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (fromMs: number) => `${((Date.now() - fromMs) / 1000).toFixed(1)} s`;
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

type CpuGroup = 'bench' | 'redis' | 'postgres';
const CPU_GROUPS: readonly CpuGroup[] = ['bench', 'redis', 'postgres'];

/**
 * CPU time so far, grouped: this benchmark (this process, its children the services, and the
 * PostgreSQL backends of its database), Redis, PostgreSQL's other processes (its background
 * workers, other databases' backends), and everything else (other work running beside the
 * benchmark shows there).
 */
const cpuMark = (databaseName: string): CpuMark<CpuGroup> =>
  cpuMarkOf<CpuGroup>(({ command, ours }) =>
    ours || command.includes(` ${databaseName} `)
      ? 'bench'
      : command.startsWith('redis-server')
        ? 'redis'
        : command.startsWith('postgres')
          ? 'postgres'
          : null,
  );

/** Cores busy on average since `from`, by group. */
function coresBusy(databaseName: string, from: CpuMark<CpuGroup>): string {
  const { wallMs, machineMs, byGroup } = cpuSpent(from, cpuMark(databaseName), CPU_GROUPS);
  const cores = (ms: number) => (ms / wallMs).toFixed(2);
  return `machine ${cores(machineMs)} cores busy: benchmark ${cores(byGroup.bench)}, Redis ${cores(byGroup.redis)}, PostgreSQL's own ${cores(byGroup.postgres)}, other ${cores(byGroup.other)}`;
}

interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

const describe = (s: Summary) =>
  `n=${s.count}: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`;

/** The sampled members' places in the fixture: the first members of each kind. */
function sampleSlots(): { n: number; kind: Kind }[] {
  const slots: { n: number; kind: Kind }[] = [];
  const wanted = { ...SAMPLE };
  for (let n = 1; n <= MEMBERS && KINDS.some((kind) => wanted[kind] > 0); n += 1) {
    const kind = kindOf(n);
    if (wanted[kind] > 0) {
      slots.push({ n, kind });
      wanted[kind] -= 1;
    }
  }
  return slots;
}

async function signUp(
  gatewayUrl: string,
  username: string,
): Promise<{ id: string; cookie: string }> {
  const response = await fetch(`${gatewayUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      displayName: username,
      username,
      email: `${username}@example.test`,
      password: 'bench-password-2026',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  const { id } = (await response.json()) as { id: string };
  return { id, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

/**
 * Drops the indexes and primary keys of `tables` (the bulk loads write the rows first and build
 * each index once, as a restore does); returns the statements that make them again, the same.
 */
async function dropIndexes(db: Client, tables: readonly string[]) {
  const definitions = await indexDefinitions(db, tables);
  const { rows } = await db.query<{
    table: string;
    index: string;
    definition: string;
    constraint: string | null;
    constraintDefinition: string | null;
  }>(
    `SELECT c.relname AS table, i.relname AS index, pg_get_indexdef(i.oid) AS definition,
            con.conname AS constraint, pg_get_constraintdef(con.oid) AS "constraintDefinition"
     FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_class c ON c.oid = x.indrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_constraint con ON con.conindid = i.oid AND con.conrelid = c.oid
     WHERE n.nspname = current_schema() AND c.relname = ANY($1)`,
    [tables],
  );
  const again: string[] = [];
  for (const row of rows) {
    if (row.constraint) {
      await db.query(`ALTER TABLE "${row.table}" DROP CONSTRAINT "${row.constraint}"`);
      again.push(
        `ALTER TABLE "${row.table}" ADD CONSTRAINT "${row.constraint}" ${row.constraintDefinition}`,
      );
    } else {
      await db.query(`DROP INDEX "${row.index}"`);
      again.push(row.definition);
    }
  }
  return { tables, definitions, statements: again };
}

/** The definitions of the indexes of `tables`, sorted. */
async function indexDefinitions(db: Client, tables: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ definition: string }>(
    `SELECT indexdef AS definition FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = ANY($1) ORDER BY indexname`,
    [tables],
  );
  return rows.map((row) => row.definition);
}

/**
 * The signals store as the events would have left it, built in PostgreSQL. The sampled members
 * take the ids identity gave them. Returns the time of each step.
 */
async function fill(db: Client, sampled: readonly Member[]): Promise<[string, number][]> {
  const steps: [string, number][] = [];
  const step = async (label: string, ...statements: [string, unknown[]?][]) => {
    const started = Date.now();
    for (const [sql, params] of statements) await db.query(sql, params);
    steps.push([label, Date.now() - started]);
  };
  const halfLife = TOPIC_HALF_LIFE_DAYS * 86_400;
  await db.query(`SET work_mem = '256MB'`);
  await db.query(`SET maintenance_work_mem = '512MB'`);
  // A lateral draw per member must not be served from a cache keyed by the member's kind.
  await db.query(`SET enable_memoize = off`);

  await step(
    'members',
    // Ranks among the members who are not new: how followed (pop), how prolific (post), how
    // engaged (liking: heavy members first). `home` is the hashtag neighbourhood they post in.
    [
      `CREATE UNLOGGED TABLE bench_users AS
       WITH base AS MATERIALIZED (
         SELECT n, ${KIND_SQL} AS kind, floor(${TAGS} * random())::int AS home,
                random() AS r1, random() AS r2, random() AS r3
         FROM generate_series(1, $1::int) AS n)
       SELECT n, kind, home, gen_random_uuid() AS id, 'member' || n AS username,
         CASE WHEN kind <> 'new' THEN row_number() OVER (PARTITION BY kind = 'new' ORDER BY r1) END AS pop_rank,
         CASE WHEN kind <> 'new' THEN row_number() OVER (PARTITION BY kind = 'new' ORDER BY r2) END AS post_rank,
         CASE WHEN kind <> 'new' THEN row_number() OVER (PARTITION BY kind = 'new' ORDER BY kind = 'heavy' DESC, r3) END AS like_rank
       FROM base`,
      [MEMBERS],
    ],
    [
      `UPDATE bench_users b SET id = s.id, username = s.username
       FROM unnest($1::int[], $2::uuid[], $3::text[]) AS s(n, id, username) WHERE b.n = s.n`,
      [sampled.map((m) => m.n), sampled.map((m) => m.id), sampled.map((m) => m.username)],
    ],
    [`CREATE UNIQUE INDEX ON bench_users (n)`],
    [`CREATE INDEX ON bench_users (pop_rank)`],
    [`CREATE INDEX ON bench_users (post_rank)`],
    [`CREATE INDEX ON bench_users (like_rank)`],
    [`ANALYZE bench_users`],
  );
  const { rows } = await db.query<{ old: number }>(
    `SELECT count(*)::int AS old FROM bench_users WHERE kind <> 'new'`,
  );
  const old = rows[0]!.old;

  await step('follows', [
    // Followees drawn on a power law over popularity (rank OLD * u^3): a few accounts followed by
    // many, most by few; 2% unfollowed since.
    `INSERT INTO follows (follower_id, followee_id, active, changed_at)
     SELECT f.id, e.id, pick.active, pick.at
     FROM bench_users f
     CROSS JOIN LATERAL (
       SELECT 1 + floor($1 * power(random(), 3))::int AS k, random() > 0.02 AS active,
              now() - random() * interval '180 days' AS at
       FROM generate_series(1, 0 * f.n + CASE f.kind WHEN 'new' THEN 0
                                           WHEN 'heavy' THEN 500 + floor(1000 * random())::int
                                           ELSE 5 + floor(90 * power(random(), 2))::int END)
     ) pick
     JOIN bench_users e ON e.pop_rank = pick.k
     WHERE e.id <> f.id
     ON CONFLICT DO NOTHING`,
    [old],
  ]);

  await step(
    'posts (staging)',
    // Authors on a power law (OLD * u^2), times uniform over DAYS, in time order (ids are
    // UUIDv7 of their time, as timeline makes them); 10% replies to a recent post, 1% deleted;
    // 0-3 hashtags, half from the author's neighbourhood, half from the whole vocabulary on a
    // long tail (tag0 in about one post in twelve, the last tags in about one in a thousand).
    [
      `CREATE UNLOGGED TABLE bench_posts AS
       WITH drawn AS MATERIALIZED (
         SELECT now() - random() * $3 * interval '1 day' AS created_at,
                1 + floor($2 * power(random(), 2))::int AS author_rank,
                random() < 0.1 AS is_reply, random() < 0.01 AS deleted, random() AS tag_draw
         FROM generate_series(1, $1::int)),
       ordered AS (
         SELECT row_number() OVER (ORDER BY d.created_at) AS n, d.created_at, a.id AS author_id,
                a.home, d.is_reply, d.deleted,
                CASE WHEN d.tag_draw < 0.4 THEN 0 WHEN d.tag_draw < 0.8 THEN 1
                     WHEN d.tag_draw < 0.95 THEN 2 ELSE 3 END AS tag_count
         FROM drawn d JOIN bench_users a ON a.post_rank = d.author_rank)
       SELECT n, created_at, author_id, deleted,
         (lpad(to_hex(floor(extract(epoch FROM created_at) * 1000)::bigint), 12, '0') || '7'
           || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid AS id,
         CASE WHEN is_reply AND n > 1
           THEN n - 1 - floor(least(n - 1, 50000) * power(random(), 2))::bigint END AS parent_n,
         ARRAY(SELECT DISTINCT 'tag' || CASE WHEN random() < 0.5
                                          THEN (home + floor(8 * random())::int) % ${TAGS}
                                          ELSE floor(${TAGS} * power(random(), 2))::int END
               FROM generate_series(1, tag_count))::varchar(100)[] AS hashtags
       FROM ordered`,
      [POSTS, old, DAYS],
    ],
    [`CREATE UNIQUE INDEX ON bench_posts (n)`],
    [`ANALYZE bench_posts`],
  );

  await step(
    'interactions (staging)',
    // Likers on a power law over engagement (heavy members first), posts on a power law over
    // popularity scattered in time (rank * a prime, modulo POSTS), 18% retweets, 3% undone since;
    // each soon after the post (exponential delay, mean 12 h). Replies are interactions too.
    [
      `CREATE UNLOGGED TABLE bench_interactions AS
       WITH drawn AS MATERIALIZED (
         SELECT 1 + floor($2::int * power(random(), 1.5))::int AS user_rank,
                1 + (floor($3::bigint * power(random(), 2))::bigint * 1000003) % $3::bigint AS post_n,
                CASE WHEN random() < 0.18 THEN 'retweet' ELSE 'like' END AS kind,
                random() > 0.03 AS active, random() AS delay
         FROM generate_series(1, $1::int))
       SELECT DISTINCT ON (u.id, p.id, d.kind) u.id AS user_id, p.id AS post_id, p.n AS post_n,
         p.author_id, d.kind, d.active,
         least(now(), p.created_at + interval '1 hour' * (-ln(1 - d.delay) * 12)) AS changed_at
       FROM drawn d
       JOIN bench_users u ON u.like_rank = d.user_rank
       JOIN bench_posts p ON p.n = d.post_n
       ORDER BY u.id, p.id, d.kind`,
      [INTERACTIONS, old, POSTS],
    ],
    [
      `INSERT INTO bench_interactions (user_id, post_id, post_n, author_id, kind, active, changed_at)
       SELECT DISTINCT ON (r.author_id, p.id) r.author_id, p.id, p.n, p.author_id, 'reply', true, r.created_at
       FROM bench_posts r JOIN bench_posts p ON p.n = r.parent_n
       ORDER BY r.author_id, p.id, r.created_at`,
    ],
    [`ANALYZE bench_interactions`],
  );

  const indexes = await dropIndexes(db, ['posts', 'post_tags', 'interactions', 'user_topics']);
  await step('interactions', [
    `INSERT INTO interactions (user_id, post_id, kind, active, changed_at)
     SELECT user_id, post_id, kind, active, changed_at FROM bench_interactions ORDER BY changed_at`,
  ]);

  await step(
    'posts',
    [
      // Counters as toggleInteraction and addPost move them, `hot` as SignalsRepository computes it.
      `INSERT INTO posts (id, author_id, parent_id, content, hashtags, like_count, retweet_count,
                        reply_count, hot, created_at, deleted_at)
     SELECT id, author_id, parent_id, content, hashtags, like_count, retweet_count, reply_count,
       log(greatest(1, ${HOT_ENGAGEMENT_SQL})) + extract(epoch FROM created_at) / ${HOT_SECONDS_PER_DECADE},
       created_at, deleted_at
     FROM (
       SELECT p.n, p.id, p.author_id, parent.id AS parent_id,
         'Post ' || p.n || ' ' || array_to_string(ARRAY(SELECT '#' || t FROM unnest(p.hashtags) t), ' ')
           || ' thinking out loud about the day.' AS content,
         p.hashtags, coalesce(c.likes, 0) AS like_count, coalesce(c.retweets, 0) AS retweet_count,
         coalesce(r.replies, 0) AS reply_count, p.created_at,
         CASE WHEN p.deleted THEN least(now(), p.created_at + random() * interval '1 day') END AS deleted_at
       FROM bench_posts p
       LEFT JOIN bench_posts parent ON parent.n = p.parent_n
       LEFT JOIN (SELECT post_n, count(*) FILTER (WHERE kind = 'like' AND active)::int AS likes,
                         count(*) FILTER (WHERE kind = 'retweet' AND active)::int AS retweets
                  FROM bench_interactions GROUP BY post_n) c ON c.post_n = p.n
       LEFT JOIN (SELECT parent_n, count(*)::int AS replies FROM bench_posts
                  WHERE parent_n IS NOT NULL GROUP BY parent_n) r ON r.parent_n = p.n
     ) s ORDER BY n`,
    ],
    [
      // As addPost and refreshHot keep it: the hashtags of live posts of the topical window.
      `INSERT INTO post_tags (post_id, tag, author_id, is_reply, hot, created_at)
       SELECT id, t.tag, author_id, parent_id IS NOT NULL, hot, created_at
       FROM posts CROSS JOIN LATERAL (SELECT DISTINCT unnest(hashtags) AS tag) t
       WHERE created_at IS NOT NULL AND deleted_at IS NULL
         AND created_at > now() - interval '${TOPICAL_WINDOW_DAYS} days'`,
    ],
  );

  await step(
    'communities and memberships',
    [
      `CREATE UNLOGGED TABLE bench_communities AS
       SELECT c AS n, gen_random_uuid() AS id,
         now() - interval '30 days' - random() * interval '700 days' AS created_at,
         1 + floor($2 * random())::int AS owner_rank,
         'tag' || floor(${TAGS} * power(random(), 1.5))::int AS tag1,
         'tag' || floor(${TAGS} * random())::int AS tag2,
         (ARRAY['Technology', 'Gaming', 'Art & Design', 'Music', 'Sports', 'Science', 'Books',
                'Cooking', 'Travel', 'Business', 'Health & Fitness'])[1 + c % 11] AS category,
         random() < 0.1 AS is_private
       FROM generate_series(1, $1::int) AS c`,
      [COMMUNITIES, old],
    ],
    [`CREATE UNIQUE INDEX ON bench_communities (n)`],
    [
      // Members join on a power law over communities (COMMUNITIES * u^2): 0-7 each, heavy
      // members 20-49; 5% left since. The owner is a member from the community's creation.
      `INSERT INTO community_members (community_id, user_id, active, changed_at)
       SELECT c.id, u.id, true, c.created_at
       FROM bench_communities c JOIN bench_users u ON u.pop_rank = c.owner_rank`,
    ],
    [
      `INSERT INTO community_members (community_id, user_id, active, changed_at)
       SELECT c.id, u.id, pick.active, c.created_at + pick.at * (now() - c.created_at)
       FROM bench_users u
       CROSS JOIN LATERAL (
         SELECT 1 + floor($1 * power(random(), 2))::int AS k, random() > 0.05 AS active,
                random() AS at
         FROM generate_series(1, 0 * u.n + CASE u.kind WHEN 'new' THEN 0
                                             WHEN 'heavy' THEN 20 + floor(30 * random())::int
                                             ELSE floor(8 * power(random(), 2))::int END)
       ) pick
       JOIN bench_communities c ON c.n = pick.k
       ON CONFLICT DO NOTHING`,
      [COMMUNITIES],
    ],
    [
      `INSERT INTO community_posts (id, community_id, author_id, deleted_at)
       SELECT gen_random_uuid(), c.id, u.id, CASE WHEN random() < 0.02 THEN now() END
       FROM (SELECT 1 + floor($2 * power(random(), 2))::int AS k,
                    1 + floor($3 * random())::int AS author_rank
             FROM generate_series(1, $1::int)) d
       JOIN bench_communities c ON c.n = d.k JOIN bench_users u ON u.pop_rank = d.author_rank`,
      [COMMUNITY_POSTS, COMMUNITIES, old],
    ],
    [
      // member_count as toggleMembership moves it; activity_count: posts not deleted, plus the
      // likes of community posts (kept only as this counter).
      `INSERT INTO communities (id, name, description, category, is_private, version,
                               member_count, activity_count, created_at)
       SELECT c.id, 'Community ' || c.n || ' ' || c.tag1,
         'People who talk about ' || c.tag1 || ' and ' || c.tag2 || ', every day.',
         c.category, c.is_private, 1, coalesce(m.members, 0),
         coalesce(p.posts, 0) + floor(3 * coalesce(p.posts, 0) * random())::int, c.created_at
       FROM bench_communities c
       LEFT JOIN (SELECT community_id, count(*)::int AS members FROM community_members
                  WHERE active GROUP BY community_id) m ON m.community_id = c.id
       LEFT JOIN (SELECT community_id, count(*)::int AS posts FROM community_posts
                  WHERE deleted_at IS NULL GROUP BY community_id) p ON p.community_id = c.id`,
    ],
  );

  await step(
    'search clicks',
    // Searchers on the engagement power law; 40% people (popular ones), 30% hashtags, 30% posts.
    [
      `CREATE UNLOGGED TABLE bench_clicks AS
       WITH d AS MATERIALIZED (
         SELECT 1 + floor($2 * power(random(), 1.5))::int AS user_rank,
                CASE WHEN draw < 0.4 THEN 'user' WHEN draw < 0.7 THEN 'hashtag' ELSE 'post' END AS result_type,
                1 + floor($2 * power(random(), 2))::int AS target_rank,
                floor(${TAGS} * power(random(), 2))::int AS tag,
                1 + floor($3 * random())::bigint AS post_n,
                now() - random() * $4 * interval '1 day' AS at
         FROM (SELECT random() AS draw FROM generate_series(1, $1::int)) r)
       SELECT gen_random_uuid() AS click_id, u.id AS user_id, d.result_type, d.post_n, d.at,
         CASE d.result_type WHEN 'user' THEN t.id::text WHEN 'hashtag' THEN 'tag' || d.tag
                            ELSE p.id::text END AS result_id
       FROM d
       JOIN bench_users u ON u.like_rank = d.user_rank
       JOIN bench_users t ON t.pop_rank = d.target_rank
       JOIN bench_posts p ON p.n = d.post_n`,
      [SEARCH_CLICKS, old, POSTS, DAYS],
    ],
    [
      `INSERT INTO search_clicks (click_id, user_id, result_type, result_id, at)
       SELECT click_id, user_id, result_type, result_id, at FROM bench_clicks`,
    ],
  );

  await step(
    'members and their counters',
    [
      // followers/following from the active follows, posts not deleted, likes and retweets
      // received (active), as the events' counters end up.
      `INSERT INTO users (id, username, display_name, bio, verified, version, followers_count,
                        following_count, posts_count, engagement_received, created_at)
     SELECT b.id, b.username, b.username,
       -- 60% write a bio: two hashtags of their neighbourhood and a word of everyday life.
       CASE WHEN random() < 0.6 THEN 'Into tag' || b.home || ', tag'
         || (b.home + 1 + floor(7 * random())::int) % ${TAGS} || ' and '
         || (ARRAY['coffee', 'travel', 'music', 'dogs', 'code', 'films'])[1 + floor(6 * random())::int]
         || '.' END,
       coalesce(b.pop_rank <= 20, false), 1, coalesce(fr.c, 0), coalesce(fg.c, 0),
       coalesce(ps.c, 0), coalesce(en.c, 0),
       CASE WHEN b.kind = 'new' THEN now() - random() * interval '1 day'
            ELSE now() - interval '180 days' - random() * interval '700 days' END
     FROM bench_users b
     LEFT JOIN (SELECT followee_id AS id, count(*)::int AS c FROM follows WHERE active
                GROUP BY followee_id) fr ON fr.id = b.id
     LEFT JOIN (SELECT follower_id AS id, count(*)::int AS c FROM follows WHERE active
                GROUP BY follower_id) fg ON fg.id = b.id
     LEFT JOIN (SELECT author_id AS id, count(*)::int AS c FROM bench_posts WHERE NOT deleted
                GROUP BY author_id) ps ON ps.id = b.id
     LEFT JOIN (SELECT author_id AS id, count(*)::int AS c FROM bench_interactions
                WHERE active AND kind IN ('like', 'retweet') GROUP BY author_id) en ON en.id = b.id`,
    ],
    [
      // The bios' words and their document frequencies, as upsertUser's setBioTerms keeps them.
      `INSERT INTO user_terms (user_id, term)
       SELECT u.id, l.lexeme FROM users u
       CROSS JOIN LATERAL unnest(to_tsvector('english', coalesce(u.bio, ''))) l`,
    ],
    [
      `INSERT INTO term_stats (term, docs)
       SELECT term, count(*) FROM user_terms GROUP BY term
       UNION ALL SELECT '', count(DISTINCT user_id) FROM user_terms
       ON CONFLICT (term) DO UPDATE SET docs = excluded.docs`,
    ],
  );

  await step('topics', [
    // Each signal adds its weight at its time and the stored weight halves every
    // TOPIC_HALF_LIFE_DAYS: after all of them the row holds, at the latest signal's time,
    // the sum of each weight decayed from its own time (what addTopics' upserts add up to in any
    // order). Undone likes and retweets count as undone at once (nothing left). In float8:
    // extract() answers numeric, whose power() costs 30 µs a row.
    `INSERT INTO user_topics (user_id, tag, weight, updated_at)
     SELECT user_id, tag,
       sum(w * power(0.5, extract(epoch FROM (now() - at))::float8 / ${halfLife}))
         * power(2, extract(epoch FROM (now() - max(at)))::float8 / ${halfLife}),
       max(at)
     FROM (
       SELECT author_id AS user_id, unnest(hashtags) AS tag, ${TOPIC_WEIGHTS.post}::float8 AS w,
              created_at AS at FROM bench_posts
       UNION ALL
       SELECT r.author_id, unnest(p.hashtags), ${TOPIC_WEIGHTS.reply}, r.created_at
       FROM bench_posts r JOIN bench_posts p ON p.n = r.parent_n
       UNION ALL
       SELECT i.user_id, unnest(p.hashtags),
              CASE i.kind WHEN 'like' THEN ${TOPIC_WEIGHTS.like} ELSE ${TOPIC_WEIGHTS.retweet} END,
              i.changed_at
       FROM bench_interactions i JOIN bench_posts p ON p.n = i.post_n
       WHERE i.active AND i.kind IN ('like', 'retweet')
       UNION ALL
       SELECT user_id, result_id, ${TOPIC_WEIGHTS.searchTag}, at FROM bench_clicks
       WHERE result_type = 'hashtag'
       UNION ALL
       SELECT c.user_id, unnest(p.hashtags), ${TOPIC_WEIGHTS.searchPost}, c.at
       FROM bench_clicks c JOIN bench_posts p ON p.n = c.post_n WHERE c.result_type = 'post'
     ) signals
     GROUP BY user_id, tag`,
  ]);

  await step(
    'indexes of posts, interactions and topics',
    ...indexes.statements.map((sql) => [sql] as [string]),
  );
  const rebuilt = await indexDefinitions(db, indexes.tables);
  if (rebuilt.join('\n') !== indexes.definitions.join('\n')) {
    throw new Error(`indexes rebuilt differently:\n${rebuilt.join('\n')}`);
  }
  await step(
    'drop staging, VACUUM ANALYZE, CHECKPOINT',
    [`DROP TABLE bench_users, bench_posts, bench_interactions, bench_communities, bench_clicks`],
    [`VACUUM ANALYZE`],
    // The load's dirty pages written now, not by the checkpointer during the measures (every
    // read commits its impressions, and would wait behind that I/O).
    [`CHECKPOINT`],
  );
  return steps;
}

async function counts(db: Client): Promise<string> {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM users) AS users,
            (SELECT count(*) FROM follows WHERE active) AS follows,
            (SELECT count(*) FROM posts) AS posts,
            (SELECT count(*) FROM posts WHERE parent_id IS NOT NULL) AS replies,
            (SELECT count(*) FROM interactions WHERE kind = 'like') AS likes,
            (SELECT count(*) FROM interactions WHERE kind = 'retweet') AS retweets,
            (SELECT count(*) FROM interactions WHERE kind = 'reply') AS reply_interactions,
            (SELECT count(*) FROM interactions WHERE changed_at > now() - interval '7 days') AS interactions_7d,
            (SELECT count(*) FROM user_topics) AS user_topics,
            (SELECT count(*) FROM communities) AS communities,
            (SELECT count(*) FROM community_members WHERE active) AS memberships,
            (SELECT count(*) FROM search_clicks) AS search_clicks,
            (SELECT max(followers_count) FROM users) AS max_followers,
            (SELECT max(cardinality(hashtags)) FROM posts) AS max_tags,
            (SELECT count(*) FROM posts WHERE hashtags @> ARRAY['tag0']::varchar[]) AS tag0_posts,
            pg_size_pretty(pg_database_size(current_database())) AS size`,
  );
  return Object.entries(rows[0] ?? {})
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
}

/** A member's recommendations through the gateway: the time to the last byte. */
async function readThroughGateway(gatewayUrl: string, member: Member): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${gatewayUrl}${PATH}`, { headers: { cookie: member.cookie } });
  const body = (await response.json()) as unknown[];
  const elapsed = performance.now() - started;
  if (response.status !== 200 || !Array.isArray(body) || body.length === 0) {
    throw new Error(`${member.username}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return elapsed;
}

interface LoadRun {
  rps: number;
  latencies: Summary;
  errors: number;
}

/** autocannon at `connections`, each a different member; every answer's time kept. */
async function load(
  url: string,
  connections: number,
  headersFor: (index: number) => Record<string, string>,
): Promise<LoadRun> {
  const run = async (duration: number) => {
    let next = 0;
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections,
          duration,
          setupClient: (client) => {
            client.setHeaders(headersFor(next));
            next += 1;
          },
        },
        (error: unknown, output) =>
          error
            ? reject(error instanceof Error ? error : new Error('autocannon failed'))
            : resolve(output),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode === 200) latencies.push(responseTime);
      });
    });
    return { result, latencies };
  };
  await run(WARM_UP_SECONDS);
  const { result, latencies } = await run(DURATION);
  return {
    rps: result.requests.average,
    latencies: summarize(latencies),
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** The candidate queries alone, per member, with the service's repository. */
async function queryTimes(dataSource: DataSource, members: readonly Member[]) {
  const repository = new CandidatesRepository(dataSource);
  const times: Record<string, Record<Kind, number[]>> = {};
  const add = (query: string, kind: Kind, value: number) => {
    times[query] ??= { new: [], typical: [], heavy: [] };
    times[query][kind].push(value);
  };
  const slowest: Record<string, { member: Member; ms: number }> = {};
  for (const member of members) {
    let started = performance.now();
    const topics = await repository.topicsOf(member.id, 20, TOPIC_HALF_LIFE_DAYS);
    add('topicsOf', member.kind, performance.now() - started);
    for (const query of ['users', 'posts', 'communities'] as const) {
      started = performance.now();
      await repository[query](member.id, topics);
      const elapsed = performance.now() - started;
      add(query, member.kind, elapsed);
      if (!slowest[query] || slowest[query].ms < elapsed) slowest[query] = { member, ms: elapsed };
    }
  }
  return { times, slowest };
}

/** EXPLAIN (ANALYZE, BUFFERS) of a candidate query as the repository sends it. */
async function explain(
  db: Client,
  repositoryOf: (capture: DataSource) => CandidatesRepository,
  query: 'users' | 'posts' | 'communities',
  member: Member,
  topics: { tag: string; weight: number }[],
): Promise<string> {
  let captured: { sql: string; params: unknown[] } | null = null;
  const capture = {
    query: (sql: string, params: unknown[]) => {
      captured = { sql, params };
      return Promise.resolve([]);
    },
  } as unknown as DataSource;
  await repositoryOf(capture)[query](member.id, topics);
  const { sql, params } = captured as unknown as { sql: string; params: unknown[] };
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
    params,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  say(
    `Recommendations benchmark, ${new Date().toISOString()}: services built, NODE_ENV=production, LOG_LEVEL=warn; ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
  );
  const { database, stores } = await scratchStores('bench_recommendations', REDIS_PREFIX, SECRET);
  const { redisUrl } = stores;
  const [gatewayPort, recommendationsPort, identityPort, communitiesPort] = await freePorts(4);
  const env = builtServiceEnv(stores, {
    RECOMMENDATIONS_URL: `http://127.0.0.1:${recommendationsPort}`,
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    COMMUNITIES_URL: `http://127.0.0.1:${communitiesPort}`,
    PUBLIC_ORIGIN: 'http://127.0.0.1:8080',
    // One address sends everything here: the per-address budgets are lifted.
    REQUEST_RATE_LIMIT_PER_IP: '1000000000',
    REGISTER_RATE_LIMIT_PER_IP: '100000',
  });
  const identity = builtService('identity', identityPort, env);
  const communities = builtService('communities', communitiesPort, env);
  const recommendations = builtService('recommendations', recommendationsPort, env);
  // Not every service behind it: the gateway is ready on its own health.
  const gateway = builtService('gateway', gatewayPort, env, { healthPath: '/health' });
  const db = new Client({ connectionString: database.url });
  await db.connect();
  const redis = new Redis(redisUrl);
  const dataSource = new DataSource(
    recommendationsService.dataSourceOptions(loadRecommendationsConfig(env)),
  );
  try {
    for (const name of ['identity', 'communities', 'recommendations']) migrateBuilt(name, env);
    await db.query('SET search_path TO recommendations');
    await Promise.all([identity.start(), communities.start()]);
    await gateway.start();

    // 1. The sampled members sign up through the gateway; then the fixture, around them.
    let phase = Date.now();
    const members: Member[] = [];
    for (const slot of sampleSlots()) {
      const username = `bench_${slot.kind}_${slot.n}`;
      members.push({ ...slot, username, ...(await signUp(gateway.url, username)) });
    }
    say(`${members.length} members signed up through the gateway in ${seconds(phase)}`);
    phase = Date.now();
    const steps = await fill(db, members);
    const fillMs = Date.now() - phase;
    say('');
    say(`Fixture made in PostgreSQL in ${(fillMs / 1000).toFixed(1)} s:`);
    for (const [label, took] of steps) say(`  ${label}: ${(took / 1000).toFixed(1)} s`);
    say(`  ${await counts(db)}`);
    const { rows: sampleRows } = await db.query<{ id: string; following: number; topics: number }>(
      `SELECT u.id, u.following_count AS following,
              (SELECT count(*)::int FROM user_topics t WHERE t.user_id = u.id) AS topics
       FROM users u WHERE u.id = ANY($1::uuid[])`,
      [members.map((m) => m.id)],
    );
    const facts = new Map(sampleRows.map((row) => [row.id, row]));
    for (const kind of KINDS) {
      const of = members.filter((m) => m.kind === kind).map((m) => facts.get(m.id)!);
      const range = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`;
      say(
        `  sampled ${kind}: ${of.length} members, following ${range(of.map((f) => f.following))}, hashtags of interest ${range(of.map((f) => f.topics))}`,
      );
    }

    // 2. Recommendations, once the fixture is in place; it drains identity's user.registered
    // events of the sampled members (already in the fixture: nothing changes).
    phase = Date.now();
    await recommendations.start();
    for (let tries = 0; tries < 600; tries += 1) {
      const { rows: applied } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM applied_events`,
      );
      if ((applied[0]?.n ?? 0) >= members.length) break;
      await sleep(100);
    }
    say(`Recommendations started and its queue drained in ${seconds(phase)}`);

    // 3a. Computed: each member's list deleted, then read, one read at a time, kinds interleaved.
    const order = [...members].sort((a, b) => ((a.n * 7919) % 1009) - ((b.n * 7919) % 1009));
    say('');
    say(
      `Load average before the measures: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
    let mark = cpuMark(database.name);
    const computed: Record<Kind, number[]> = { new: [], typical: [], heavy: [] };
    const firstRound: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const member of order) {
        await redis.del(`${REDIS_PREFIX}${recommendationsCacheKey(member.id)}`);
        const took = await readThroughGateway(gateway.url, member);
        computed[member.kind].push(took);
        if (round === 1) firstRound.push(took);
      }
    }
    const allComputed = summarize(KINDS.flatMap((kind) => computed[kind]));
    say('');
    say(
      `Computed (cache deleted before each read), through the gateway, one read at a time, ${ROUNDS} rounds over ${members.length} members:`,
    );
    say(`  all: ${describe(allComputed)}`);
    say(`  first round only (each member's first read): ${describe(summarize(firstRound))}`);
    for (const kind of KINDS) say(`  ${kind}: ${describe(summarize(computed[kind]))}`);
    say(`  meanwhile: ${coresBusy(database.name, mark)}`);

    // 3b. Cached: every member's list cached for long enough, then autocannon.
    const ensureCached = async () => {
      for (const member of members) {
        const ttl = await redis.ttl(`${REDIS_PREFIX}${recommendationsCacheKey(member.id)}`);
        if (ttl < WARM_UP_SECONDS + DURATION + 10) {
          await redis.del(`${REDIS_PREFIX}${recommendationsCacheKey(member.id)}`);
          await readThroughGateway(gateway.url, member);
        }
      }
    };
    say('');
    say(
      `Cached, autocannon ${DURATION} s per run after ${WARM_UP_SECONDS} s of warm-up, each connection a different member:`,
    );
    const cached: { label: string; connections: number; run: LoadRun; cpu: string }[] = [];
    for (const connections of CONNECTIONS) {
      await ensureCached();
      mark = cpuMark(database.name);
      const run = await load(`${gateway.url}${PATH}`, connections, (index) => ({
        cookie: members[index % members.length]!.cookie,
      }));
      cached.push({
        label: 'through the gateway',
        connections,
        run,
        cpu: coresBusy(database.name, mark),
      });
    }
    const directConnections = CONNECTIONS[Math.floor(CONNECTIONS.length / 2)] ?? 10;
    await ensureCached();
    mark = cpuMark(database.name);
    cached.push({
      label: 'on the service (signed header)',
      connections: directConnections,
      run: await load(`${recommendations.url}${PATH}`, directConnections, (index) => ({
        [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
          secret: SECRET,
          userId: members[index % members.length]!.id,
          method: 'GET',
          url: PATH,
          ttlMs: 55_000,
        }),
      })),
      cpu: '',
    });
    cached.at(-1)!.cpu = coresBusy(database.name, mark);
    for (const { label, connections, run, cpu } of cached) {
      say(
        `  ${label}, ${connections} connections: ${Math.round(run.rps)} req/s, ${describe(run.latencies)}, errors ${run.errors}; ${cpu}`,
      );
    }
    const gatewayRun = cached.find(
      (c) => c.label === 'through the gateway' && c.connections === directConnections,
    );
    const directRun = cached.at(-1)!;
    if (gatewayRun) {
      say(
        `  at ${directConnections} connections, gateway / direct: throughput ${(gatewayRun.run.rps / directRun.run.rps).toFixed(2)}, p95 ${(gatewayRun.run.latencies.p95 / directRun.run.latencies.p95).toFixed(2)}`,
      );
    }
    const oneConnection = cached.find((c) => c.connections === 1);
    if (oneConnection) {
      say(
        `  computed / cached (p50, one at a time): ${(allComputed.p50 / oneConnection.run.latencies.p50).toFixed(1)}`,
      );
    }

    // 4. The candidate queries alone, straight to PostgreSQL, one member at a time.
    await dataSource.initialize();
    const { times, slowest } = await queryTimes(dataSource, order);
    say('');
    say(`Candidate queries alone (CandidatesRepository, one member at a time, one round):`);
    for (const [query, byKind] of Object.entries(times)) {
      const parts = KINDS.map((kind) => {
        const s = summarize(byKind[kind]);
        return `${kind} p50 ${ms(s.p50)} / p95 ${ms(s.p95)} / max ${ms(s.max)}`;
      });
      say(`  ${query}: ${parts.join('; ')}`);
    }
    if (process.env['BENCH_EXPLAIN'] === '1') {
      const repository = new CandidatesRepository(dataSource);
      for (const query of ['users', 'posts', 'communities'] as const) {
        const { member, ms: took } = slowest[query]!;
        const topics = await repository.topicsOf(member.id, 20, TOPIC_HALF_LIFE_DAYS);
        say('');
        say(`EXPLAIN (ANALYZE, BUFFERS) of ${query} for ${member.username} (${ms(took)} above):`);
        say(
          await explain(db, (capture) => new CandidatesRepository(capture), query, member, topics),
        );
      }
    }
    const errorLines = [identity, communities, recommendations, gateway].flatMap((service) =>
      service.errors().map((line) => `${service.name}: ${line}`),
    );
    if (errorLines.length > 0) say(`\nService errors:\n${errorLines.slice(0, 20).join('\n')}`);
    say('');
    say(`Total ${seconds(started)}`);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    redis.disconnect();
    await db.end();
    await gateway.stop();
    await Promise.all([recommendations.stop(), identity.stop(), communities.stop()]);
    await deleteKeysWithPrefix(redisUrl, REDIS_PREFIX);
    // BENCH_KEEP=1 keeps the database, to look at the queries' plans.
    if (process.env['BENCH_KEEP'] === '1') say(`kept: ${database.url}`);
    else await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
