/**
 * The feed benchmark's data: USERS users with a power-law follow graph (a few
 * accounts followed by many, most by few), TWEETS posts spread over 30 days
 * (prolific authors too), one account followed by everyone (the fan-out
 * measure) and one followed by a handful; sessions for READERS readers.
 * Built inside PostgreSQL with generate_series, so a million posts take well
 * under a minute.
 *
 *   npm run bench:feed:data
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createRedisClient, deleteKeysWithPrefix } from '@wave/redis';
import { SessionStore } from '@wave/sessions';
import {
  appEnv,
  AVERAGE_FOLLOWS,
  BENCH_DATABASE,
  BROADCASTER,
  DATABASE_URL,
  QUIET_AUTHOR,
  QUIET_FOLLOWERS,
  READERS,
  REDIS_KEY_PREFIX,
  REDIS_URL,
  ROOT,
  SERVER_URL,
  TWEETS,
  USERS,
} from './bench-env';

export const SESSIONS_FILE = join(ROOT, 'tmp/bench-sessions.json');

export interface BenchSessions {
  readers: { id: string; token: string }[];
  broadcaster: { id: string; token: string; followers: string[] };
  quiet: { id: string; token: string };
}

const step = async (label: string, work: () => Promise<unknown>) => {
  const started = Date.now();
  await work();
  process.stdout.write(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
};

export async function generateData(): Promise<void> {
  const started = Date.now();
  process.stdout.write(`Generating ${USERS} users and ${TWEETS} posts in ${BENCH_DATABASE}...\n`);
  const admin = new Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${BENCH_DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${BENCH_DATABASE}"`);
  await admin.end();
  execFileSync(process.execPath, [join(ROOT, 'dist/apps/timeline/main.js'), 'migrate'], {
    env: { ...process.env, ...appEnv() },
  });
  await deleteKeysWithPrefix(REDIS_URL, REDIS_KEY_PREFIX);

  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    await db.query('SET search_path = timeline, public');
    await step('users', async () => {
      await db.query(
        `CREATE TABLE bench_users AS
        SELECT n, gen_random_uuid() AS id FROM generate_series(0, $1 - 1) n`,
        [USERS],
      );
      await db.query('CREATE UNIQUE INDEX ON bench_users (n)');
      await db.query(
        `INSERT INTO authors (id, username, display_name, version)
        SELECT id, CASE n WHEN 0 THEN $1 WHEN 1 THEN $2 ELSE 'user' || n END, 'User ' || n, 1 FROM bench_users`,
        [BROADCASTER, QUIET_AUTHOR],
      );
    });
    await step('follow graph', async () => {
      // Followee ranks drawn as USERS * u^3: rank 2 is followed by many, the tail by few.
      await db.query(
        `INSERT INTO follows (follower_id, followee_id, created_at)
        SELECT f.id, e.id, now() - random() * interval '90 days'
          FROM bench_users f
          CROSS JOIN LATERAL (
            SELECT 2 + floor(($1 - 2) * power(random(), 3))::int AS k
              FROM generate_series(1, $2 + (f.n * 0))) pick
          JOIN bench_users e ON e.n = pick.k
         WHERE e.id <> f.id
        ON CONFLICT DO NOTHING`,
        [USERS, AVERAGE_FOLLOWS],
      );
      // Everyone follows the broadcaster; a handful follow the quiet author.
      await db.query(`INSERT INTO follows (follower_id, followee_id)
        SELECT u.id, b.id FROM bench_users u, bench_users b WHERE b.n = 0 AND u.n <> 0
        ON CONFLICT DO NOTHING`);
      await db.query(
        `INSERT INTO follows (follower_id, followee_id)
        SELECT u.id, q.id FROM bench_users u, bench_users q WHERE q.n = 1 AND u.n BETWEEN 2 AND $1 + 1
        ON CONFLICT DO NOTHING`,
        [QUIET_FOLLOWERS],
      );
      await db.query(`INSERT INTO follower_counts (user_id, followers)
        SELECT followee_id, count(*) FROM follows GROUP BY followee_id`);
    });
    await step('posts', async () => {
      await db.query(
        `INSERT INTO tweets (id, author_id, content, created_at)
        SELECT gen_random_uuid(), u.id,
               'Post ' || p.g || ' on #topic' || (p.g % 97) || ', thinking out loud about the day.',
               now() - random() * interval '30 days'
          FROM (SELECT g, 2 + floor(($2 - 2) * power(random(), 2))::int AS k
                  FROM generate_series(1, $1) g) p
          JOIN bench_users u ON u.n = p.k`,
        [TWEETS, USERS],
      );
    });
    await step('analyze', () => db.query('ANALYZE'));

    const readers = (
      await db.query<{ id: string }>(
        'SELECT id FROM bench_users WHERE n >= 2 ORDER BY n LIMIT $1',
        [READERS],
      )
    ).rows;
    const [broadcaster] = (await db.query('SELECT id FROM bench_users WHERE n = 0')).rows as {
      id: string;
    }[];
    const [quiet] = (await db.query('SELECT id FROM bench_users WHERE n = 1')).rows as {
      id: string;
    }[];
    const followers = (
      await db.query<{ follower_id: string }>(
        'SELECT follower_id FROM follows WHERE followee_id = $1 ORDER BY follower_id',
        [broadcaster?.id],
      )
    ).rows;

    const redis = createRedisClient({ url: REDIS_URL, keyPrefix: REDIS_KEY_PREFIX, name: 'bench' });
    const sessions = new SessionStore(redis, 24 * 3600);
    const withToken = async (id: string) => ({ id, token: (await sessions.create(id)).token });
    const data: BenchSessions = {
      readers: await Promise.all(readers.map((reader) => withToken(reader.id))),
      broadcaster: {
        ...(await withToken(broadcaster?.id ?? '')),
        followers: followers.map((row) => row.follower_id),
      },
      quiet: await withToken(quiet?.id ?? ''),
    };
    redis.disconnect();
    execFileSync('mkdir', ['-p', join(ROOT, 'tmp')]);
    writeFileSync(SESSIONS_FILE, JSON.stringify(data));
    const follows =
      (await db.query<{ follows: number }>('SELECT count(*)::int AS follows FROM follows')).rows[0]
        ?.follows ?? 0;
    process.stdout.write(
      `Done in ${((Date.now() - started) / 1000).toFixed(0)} s: ${USERS} users, ${follows} follows, ${TWEETS} posts, ${data.readers.length} reader sessions.\n`,
    );
  } finally {
    await db.end();
  }
}

if (require.main === module) {
  generateData().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
