/**
 * Search with the PostgreSQL engine at the scale of the feed benchmark:
 * 10,000 users and 1,000,000 posts over 30 days (12 words each from a
 * 20,000-word vocabulary with a long tail, a hashtag in one post of five),
 * generated inside PostgreSQL. Measures, against the built search service:
 *
 * - latency p50/p95 at 20 concurrent connections for one-, two- and
 *   three-word queries and for hashtags (autocannon, 8 s each), with the
 *   service's results cache off (the engine alone) and on (its default);
 * - the time from publishing tweet.created to the post being found, while
 *   50 posts a second are written (the indexing worker, end to end).
 *
 *   npm run bench:search              (build first: nx run-many -t build)
 *   BENCH_POSTS=200000 npm run bench:search
 *   BENCH_KEEP=1 npm run bench:search       (keeps the database; then, to skip generating:)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:search
 */
import autocannon from 'autocannon';
import { Client } from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { EventQueues, eventJobOptions } from '@wave/messaging';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { bullConnection, bullPrefix, deleteKeysWithPrefix } from '@wave/redis';
import { createTestDatabase, freePort, testRedisUrl } from '@wave/testing';
import { builtService, builtServiceEnv, migrateBuilt } from '../built-service';

const SECRET = 'bench-internal-secret-0123456789abcdef';
const POSTS = Number(process.env['BENCH_POSTS'] ?? 1_000_000);
const USERS = Number(process.env['BENCH_USERS'] ?? 10_000);
const VOCABULARY = 20_000;
const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env['BENCH_DURATION'] ?? 8);
const WRITE_RATE = 50;
const WRITE_SECONDS = Number(process.env['BENCH_WRITE_SECONDS'] ?? 20);
const REDIS_PREFIX = 'wave-bench-search:';

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line = '') => process.stdout.write(`${line}\n`);

/** A word for each vocabulary number: 4 to 9 letters from a hash, so trigrams vary as in real text. */
const WORD_SQL = (n: string) =>
  `translate(substr(md5('w' || ${n}), 1, 4 + ${n} % 6), '0123456789', 'ghijklmnop')`;

async function generate(url: string): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const step = async (label: string, sql: string, parameters: unknown[] = []) => {
      const started = Date.now();
      await db.query(sql, parameters);
      say(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    await step(
      'vocabulary',
      `CREATE TABLE search.bench_vocab AS SELECT n, ${WORD_SQL('n')} AS word FROM generate_series(0, $1::int - 1) AS n`,
      [VOCABULARY],
    );
    await step(
      `${USERS} users`,
      `INSERT INTO search.users (id, username, username_key, display_name, verified, followers_count, version)
       SELECT gen_random_uuid(), 'u' || i || '_' || v.word, 'u' || i || '_' || v.word, initcap(v.word) || ' ' || i,
         i % 20 = 0, (power(10000, random()))::int, 1
       FROM generate_series(1, $1::int) AS i JOIN search.bench_vocab v ON v.n = i % $2`,
      [USERS, VOCABULARY],
    );
    await db.query(`DROP INDEX search.ix_posts_document`);
    // Word numbers follow a long tail: 20000^random() picks small numbers (common words) often.
    // Posts arrive over 30 days in time order, as the indexing worker writes them.
    await step(
      `${POSTS} posts`,
      `INSERT INTO search.posts (id, author_id, content, document, created_at)
       SELECT id, author_id, content, to_tsvector('simple', content), created_at FROM (
         SELECT i, gen_random_uuid() AS id, authors.ids[1 + i % $2] AS author_id,
           array_to_string(ARRAY(SELECT vocab.words[floor(power($3::float8, random()))::int + (i * 0)]
                                 FROM generate_series(1, 12)), ' ')
           || CASE WHEN i % 5 = 0 THEN ' #tag' || (floor(power(500, random())))::int ELSE '' END
             AS content,
           now() - interval '30 days' * (1 - i::float8 / $1) AS created_at
         FROM generate_series(1, $1::int) AS i,
           (SELECT array_agg(id) AS ids FROM search.users) AS authors,
           (SELECT array_agg(word ORDER BY n) AS words FROM search.bench_vocab) AS vocab
       ) generated ORDER BY i`,
      [POSTS, USERS, VOCABULARY],
    );
    await step(
      'hashtags',
      `INSERT INTO search.hashtag_uses (tag, post_id, created_at)
       SELECT substring(content from '#(tag[0-9]+)'), id, created_at FROM search.posts WHERE content LIKE '%#tag%'`,
    );
    await db.query(
      `INSERT INTO search.hashtags (tag, uses_count) SELECT tag, count(*) FROM search.hashtag_uses GROUP BY tag`,
    );
    await step(
      'words',
      `INSERT INTO search.words (word, documents)
       SELECT word, ndoc FROM ts_stat('SELECT document FROM search.posts')`,
    );
    await step(
      'text index',
      `CREATE INDEX ix_posts_document ON search.posts USING gin (document) WITH (fastupdate = off)`,
    );
    // What autovacuum does for a live table: visibility map, statistics.
    await step('vacuum', 'VACUUM ANALYZE');
  } finally {
    await db.end();
  }
}

/** Query words: rare ones (in about 600 posts each) and common ones (in 4 % to 50 % of posts). */
async function sampleWords(url: string): Promise<{ common: string[]; rare: string[] }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const words = async (from: number, to: number) =>
      (
        await db.query<{ word: string }>(
          `SELECT word FROM search.bench_vocab WHERE n BETWEEN $1 AND $2 ORDER BY n`,
          [from, to],
        )
      ).rows.map((row) => row.word);
    return { common: await words(0, 199), rare: await words(2000, 2399) };
  } finally {
    await db.end();
  }
}

async function latency(
  baseUrl: string,
  label: string,
  queries: string[],
): Promise<{ label: string; p50: number; p90: number; p975: number; rps: number; errors: number }> {
  const requests = () =>
    queries.map((query) => {
      const path = `/api/search?q=${encodeURIComponent(query)}&limit=20`;
      return {
        method: 'GET' as const,
        path,
        headers: {
          [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
            secret: SECRET,
            userId: null,
            method: 'GET',
            url: path,
          }),
        },
      };
    });
  await autocannon({ url: baseUrl, connections: CONNECTIONS, duration: 2, requests: requests() });
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: requests(),
  });
  return {
    label,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p975: result.latency.p97_5,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

async function searchable(baseUrl: string, redisUrl: string): Promise<number[]> {
  const queues = new EventQueues({
    connection: bullConnection(redisUrl),
    prefix: bullPrefix(REDIS_PREFIX),
  });
  const delays: number[] = [];
  const pending: Promise<void>[] = [];
  const authorId = uuidv7();
  try {
    for (let index = 0; index < WRITE_RATE * WRITE_SECONDS; index += 1) {
      const tweetId = uuidv7();
      const token = `fresh${index}x${Math.random().toString(36).slice(2, 8)}`;
      const eventId = uuidv7();
      const published = performance.now();
      await queues.get('search').add(
        'tweet.created',
        {
          eventId,
          name: 'tweet.created',
          occurredAt: new Date().toISOString(),
          payload: {
            tweetId,
            authorId,
            content: `Benchmark post ${token}`,
            hashtags: [],
            mentions: [],
            imageUrls: [],
            parentId: null,
            createdAt: new Date().toISOString(),
          },
        },
        eventJobOptions('search', eventId),
      );
      pending.push(
        (async () => {
          const path = `/api/search?q=${token}&type=posts`;
          for (;;) {
            const response = await fetch(`${baseUrl}${path}`, {
              headers: {
                [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
                  secret: SECRET,
                  userId: null,
                  method: 'GET',
                  url: path,
                }),
              },
            });
            const results = (await response.json()) as { id: string }[];
            if (results.some((result) => result.id === tweetId)) {
              delays.push(performance.now() - published);
              return;
            }
            if (performance.now() - published > 30_000) {
              delays.push(Number.POSITIVE_INFINITY);
              return;
            }
            await sleep(50);
          }
        })(),
      );
      await sleep(1000 / WRITE_RATE);
    }
    await Promise.all(pending);
  } finally {
    await queues.close();
  }
  return delays.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  say(
    `Search benchmark (PostgreSQL engine), ${new Date().toISOString()}: ${POSTS} posts, ${USERS} users`,
  );
  // BENCH_DATABASE_URL: a database kept by an earlier run (BENCH_KEEP=1), to skip generating.
  const reused = process.env['BENCH_DATABASE_URL'];
  const database = reused
    ? { url: reused, drop: () => Promise.resolve() }
    : await createTestDatabase('bench_search');
  const redisUrl = testRedisUrl();
  await deleteKeysWithPrefix(redisUrl, REDIS_PREFIX);
  const port = await freePort();
  const env = builtServiceEnv({
    databaseUrl: database.url,
    redisUrl,
    redisKeyPrefix: REDIS_PREFIX,
    internalAuthSecret: SECRET,
  });
  try {
    migrateBuilt('search', env);
    if (!reused) {
      const started = Date.now();
      await generate(database.url);
      say(`  generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const { common, rare } = await sampleWords(database.url);
    const pick = (list: string[], index: number) => list[index % list.length] ?? 'ka';
    const queries = (words: number) =>
      Array.from({ length: 60 }, (_, index) =>
        Array.from({ length: words }, (_, word) =>
          pick(word === 0 ? rare : common, index * 7 + word * 13),
        ).join(' '),
      );
    const hashtags = Array.from({ length: 60 }, (_, index) => `#tag${index % 40}`);
    // The same classes twice: the engine alone (every search reaches PostgreSQL), then as the
    // service runs by default, with its results cache (each class's 60 queries asked over and
    // over, as hot queries are).
    const runs: { label: string; env: Record<string, string> }[] = [
      { label: 'engine alone (SEARCH_CACHE_TTL_MS=0)', env: { SEARCH_CACHE_TTL_MS: '0' } },
      { label: 'with the results cache (default settings)', env: {} },
    ];
    for (const [index, run] of runs.entries()) {
      const service = builtService('search', port, { ...env, ...run.env });
      await service.start();
      try {
        const baseUrl = `http://127.0.0.1:${port}`;
        // Steady state: the service's code compiled and the database's caches warm for every class.
        await latency(baseUrl, 'warm-up', [
          ...queries(1),
          ...queries(2),
          ...queries(3),
          ...hashtags,
        ]);
        const rows = [
          await latency(baseUrl, 'one word', queries(1)),
          await latency(baseUrl, 'two words', queries(2)),
          await latency(baseUrl, 'three words', queries(3)),
          await latency(baseUrl, 'hashtag', hashtags),
        ];
        say('');
        say(`${run.label}:`);
        say('');
        // autocannon reports p90 and p97.5; p95 lies between them.
        say(
          `| query (${CONNECTIONS} connections, ${DURATION_SECONDS} s) | p50 ms | p90 ms | p97.5 ms | req/s | errors |`,
        );
        say('| --- | --- | --- | --- | --- | --- |');
        for (const row of rows)
          say(
            `| ${row.label} | ${row.p50} | ${row.p90} | ${row.p975} | ${row.rps.toFixed(0)} | ${row.errors} |`,
          );
        // Time to searchable as the service runs by default (the cache must not delay it).
        if (index < runs.length - 1) continue;
        const delays = await searchable(baseUrl, redisUrl);
        say('');
        say(
          `Posting to searchable at ${WRITE_RATE} posts/s for ${WRITE_SECONDS} s (${delays.length} posts): ` +
            `p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${percentile(delays, 95).toFixed(0)} ms, ` +
            `max ${percentile(delays, 100).toFixed(0)} ms`,
        );
      } finally {
        await service.stop();
      }
    }
  } finally {
    if (process.env['BENCH_KEEP'] === '1' || reused) say(`  kept ${database.url}`);
    else await database.drop();
    await deleteKeysWithPrefix(redisUrl, REDIS_PREFIX);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
