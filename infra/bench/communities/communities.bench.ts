/**
 * How the communities lists scale: the same queries the service runs (its own
 * repositories) against a small and a large catalogue, each built inside
 * PostgreSQL with generate_series. What should not grow with the data (keyset
 * pages at any depth, category filters, a member's list, a community's feed)
 * is reported as the ratio large/small of the median time.
 *
 *   npm run bench:communities            (1,000 and 200,000 communities)
 *   BENCH_COMMUNITIES_LARGE=1000000 npm run bench:communities
 */
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { PageQuery } from '@wave/contracts';
import { createTestDatabase } from '@wave/testing';
// The benchmark runs the service's own repositories, so it measures the SQL the service runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CommunitiesRepository } from '../../../apps/communities/src/communities/communities.repository';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { loadCommunitiesConfig } from '../../../apps/communities/src/config/communities.config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { PostsRepository } from '../../../apps/communities/src/posts/posts.repository';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { communitiesService } from '../../../apps/communities/src/service';

const SMALL = Number(process.env['BENCH_COMMUNITIES_SMALL'] ?? 1_000);
const LARGE = Number(process.env['BENCH_COMMUNITIES_LARGE'] ?? 200_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 200);
const PAGE: PageQuery = { limit: 20 };

interface Dataset {
  size: number;
  reader: string;
  busyCommunity: string;
  deepCursor: { memberCount: number; id: string };
  deepPostCursor: { at: Date; id: string };
}

type Timings = Record<string, { p50: number; p95: number }>;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function time(work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let warm = 0; warm < 10; warm += 1) await work();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = process.hrtime.bigint();
    await work();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Communities, a reader who joined 500 of them, and one community with a post per community. */
async function populate(dataSource: DataSource, size: number): Promise<Dataset> {
  const reader = uuidv7();
  const busyCommunity = '00000000-0000-7000-8000-000000000001';
  await dataSource.query(
    `INSERT INTO communities.authors (id, username, display_name, version)
     VALUES ($1, 'reader', 'Reader', 1)`,
    [reader],
  );
  await dataSource.query(
    `INSERT INTO communities.communities
       (id, name, name_key, description, category, member_count, post_count, created_by)
     SELECT CASE WHEN i = 1 THEN $2::uuid ELSE gen_random_uuid() END,
       'Community ' || i, 'community ' || i,
       (ARRAY['Trajectories and launch windows', 'Sourdough and crumb shots',
              'Retro games and cartridges', 'Trail running routes', 'Typefaces and layout'])[1 + i % 5]
         || ' number ' || i,
       (ARRAY['Technology','Gaming','Art & Design','Music','Sports','Science','Books','Cooking',
              'Travel','Business','Health & Fitness'])[1 + i % 11],
       -- A few large communities, most small (power law).
       floor(100000 / (1 + (random() * 1000)))::int, 0, $1
     FROM generate_series(1, $3::int) AS i`,
    [reader, busyCommunity, size],
  );
  await dataSource.query(
    `INSERT INTO communities.memberships (community_id, user_id, role, joined_at)
     SELECT id, $1, 'member', now() - (row_number() OVER ()) * interval '1 minute'
     FROM (SELECT id FROM communities.communities ORDER BY id LIMIT 500) AS picked`,
    [reader],
  );
  await dataSource.query(
    `INSERT INTO communities.posts (id, community_id, author_id, content, created_at)
     SELECT gen_random_uuid(), $1, $2, 'Post ' || i, now() - i * interval '1 second'
     FROM generate_series(1, $3::int) AS i`,
    [busyCommunity, reader, size],
  );
  await dataSource.query('ANALYZE');
  const [middle] = await dataSource.query<{ memberCount: number; id: string }[]>(
    `SELECT member_count AS "memberCount", id FROM communities.communities
     ORDER BY member_count DESC, id DESC OFFSET $1 LIMIT 1`,
    [Math.floor(size / 2)],
  );
  const [olderPost] = await dataSource.query<{ at: Date; id: string }[]>(
    `SELECT created_at AS at, id FROM communities.posts WHERE community_id = $1
     ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [busyCommunity, Math.floor(size / 2)],
  );
  if (!middle || !olderPost) throw new Error('no data');
  return { size, reader, busyCommunity, deepCursor: middle, deepPostCursor: olderPost };
}

async function measure(size: number): Promise<Timings> {
  const database = await createTestDatabase(`bench_communities_${size}`);
  const config = loadCommunitiesConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
  });
  await communitiesService.migrate(config);
  const dataSource = new DataSource(communitiesService.dataSourceOptions(config));
  await dataSource.initialize();
  try {
    const started = Date.now();
    const data = await populate(dataSource, size);
    process.stdout.write(`  ${size} communities generated in ${Date.now() - started} ms\n`);
    const communities = new CommunitiesRepository(dataSource);
    const posts = new PostsRepository(dataSource);
    const all = { category: null, search: null };
    const limit = (PAGE.limit ?? 20) + 1;
    return {
      'discover, first page': await time(() => communities.list(data.reader, all, null, limit)),
      'discover, page in the middle': await time(() =>
        communities.list(data.reader, all, data.deepCursor, limit),
      ),
      'one category, first page': await time(() =>
        communities.list(data.reader, { category: 'Science', search: null }, null, limit),
      ),
      'search, common words ("launch")': await time(() =>
        communities.list(data.reader, { category: null, search: 'launch' }, null, limit),
      ),
      'search, one community ("community 1234")': await time(() =>
        communities.list(data.reader, { category: null, search: 'community 1234' }, null, limit),
      ),
      'search, no match ("zzzz")': await time(() =>
        communities.list(data.reader, { category: null, search: 'zzzz' }, null, limit),
      ),
      'my communities (500 joined)': await time(() =>
        communities.joinedBy(data.reader, null, limit),
      ),
      'community feed, first page': await time(() =>
        posts.feed(data.busyCommunity, data.reader, null, limit),
      ),
      'community feed, page in the middle': await time(() =>
        posts.feed(data.busyCommunity, data.reader, data.deepPostCursor, limit),
      ),
      'community detail': await time(() => communities.find(data.busyCommunity, data.reader)),
    };
  } finally {
    await dataSource.destroy();
    await database.drop();
  }
}

async function main(): Promise<void> {
  process.stdout.write(`Communities lists: ${SMALL} vs ${LARGE} communities, ${RUNS} runs each\n`);
  const small = await measure(SMALL);
  const large = await measure(LARGE);
  const rows = Object.keys(small).map((name) => {
    const a = small[name] ?? { p50: 0, p95: 0 };
    const b = large[name] ?? { p50: 0, p95: 0 };
    return `| ${name} | ${a.p50.toFixed(2)} / ${a.p95.toFixed(2)} | ${b.p50.toFixed(2)} / ${b.p95.toFixed(2)} | ${(b.p50 / a.p50).toFixed(2)} |`;
  });
  process.stdout.write(
    [
      '',
      `| query | ${SMALL} communities: p50 / p95 ms | ${LARGE} communities: p50 / p95 ms | p50 ratio |`,
      '| --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
