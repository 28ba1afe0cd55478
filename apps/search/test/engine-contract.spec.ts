import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { SearchQuery, SearchResult } from '@wave/contracts';
import { searchQuerySchema } from '@wave/contracts';
import type { TestDatabase } from '@wave/testing';
import { createTestDatabase } from '@wave/testing';
import { loadSearchConfig } from '../src/config/search.config';
import { MeiliSearchEngine } from '../src/engine/meili-search.engine';
import { PostgresSearchEngine } from '../src/engine/postgres-search.engine';
import type { IndexedPost, IndexedUser, SearchEngine } from '../src/engine/search-engine';
import { searchService } from '../src/service';

jest.setTimeout(30_000);

/**
 * The same behaviours, checked against every engine there is here: PostgreSQL
 * always, Meilisearch when MEILI_URL names a server (none runs on a developer
 * machine without it). Each engine is built directly on its own database, and
 * every test uses words of its own, so tests do not see each other's data.
 */
interface EngineUnderTest {
  engine: SearchEngine;
  /** Resolves once every write so far is searchable (Meilisearch indexes a moment later). */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

interface EngineCase {
  name: string;
  start(dataSource: DataSource): Promise<EngineUnderTest>;
}

const meiliUrl = process.env['MEILI_URL'];
const ENGINES: EngineCase[] = [
  {
    name: 'PostgreSQL',
    // Writes are searchable once they resolve: nothing to wait for or to drop.
    start: (dataSource) =>
      Promise.resolve({
        engine: new PostgresSearchEngine(dataSource),
        settle: () => Promise.resolve(),
        stop: () => Promise.resolve(),
      }),
  },
  ...(meiliUrl
    ? [
        {
          name: 'Meilisearch',
          start: async (dataSource: DataSource): Promise<EngineUnderTest> => {
            const engine = new MeiliSearchEngine(dataSource, {
              url: meiliUrl,
              apiKey: process.env['MEILI_MASTER_KEY'],
              // Indexes of this run only, dropped at the end.
              indexPrefix: `test_${Date.now().toString(36)}_${word(6)}_`,
            });
            await engine.ensureSettings();
            return { engine, settle: () => engine.whenIndexed(), stop: () => engine.dropIndexes() };
          },
        },
      ]
    : []),
];
process.stdout.write(
  `\n[engine-contract] engines: ${ENGINES.map(({ name }) => name).join(', ')}${
    meiliUrl ? '' : ' (Meilisearch too when MEILI_URL is set)'
  }\n`,
);

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** A word nobody else in the run uses: lower-case letters only (no digits, no separators). */
function word(length = 10): string {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

/** The word with one letter in its middle replaced: one typo. */
const typo = (text: string): string => {
  const at = Math.floor(text.length / 2);
  return `${text.slice(0, at)}${text[at] === 'x' ? 'y' : 'x'}${text.slice(at + 1)}`;
};

const ids = (results: SearchResult[]) => results.map((result) => result.id);
const tagCounts = (results: SearchResult[]) => results.map((result) => [result.id, result.count]);

describe.each(ENGINES)('search engine contract: $name', ({ name, start }) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let engine: EngineUnderTest;
  let sut: SearchEngine;

  beforeAll(async () => {
    database = await createTestDatabase(`search_contract_${name}`);
    const config = loadSearchConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
    });
    await searchService.migrate(config);
    dataSource = await new DataSource(searchService.dataSourceOptions(config)).initialize();
    engine = await start(dataSource);
    sut = engine.engine;
  });

  afterAll(async () => {
    await engine?.stop();
    await dataSource?.destroy();
    await database?.drop();
  });

  const userOf = (username: string, extra: Partial<IndexedUser> = {}): IndexedUser => ({
    id: uuidv7(),
    username,
    displayName: 'Someone',
    profileImageUrl: null,
    verified: false,
    version: 1,
    ...extra,
  });

  const user = async (username: string, extra: Partial<IndexedUser> = {}): Promise<string> => {
    const indexed = userOf(username, extra);
    await sut.applyUser(indexed);
    return indexed.id;
  };

  const postOf = (
    authorId: string,
    content: string,
    extra: Partial<IndexedPost> = {},
  ): IndexedPost => ({
    id: uuidv7(),
    authorId,
    content,
    hashtags: [...content.matchAll(/#(\w+)/g)].map((match) => (match[1] ?? '').toLowerCase()),
    createdAt: new Date(),
    ...extra,
  });

  const post = async (
    authorId: string,
    content: string,
    extra: Partial<IndexedPost> = {},
  ): Promise<string> => {
    const indexed = postOf(authorId, content, extra);
    await sut.upsertPost(indexed);
    return indexed.id;
  };

  const follow = (followerId: string, followeeId: string, at = new Date()) =>
    sut.setFollow(followerId, followeeId, true, at);

  const find = async (
    q: string,
    options: Partial<Omit<SearchQuery, 'q'>> = {},
  ): Promise<SearchResult[]> => {
    await engine.settle();
    return sut.search(searchQuerySchema.parse({ q, ...options }), new Date());
  };

  const trends = async (limit = 50) => {
    await engine.settle();
    return sut.trends(limit, new Date(Date.now() - DAY));
  };

  describe('users', () => {
    it('ranks the exact handle, then handles with it, then names; each by followers', async () => {
      const w = word();
      const named = await user(`x${word()}`, { displayName: `Ms ${w} Smith` });
      const exact = await user(w);
      const quiet = await user(`${w}_quiet`);
      const popular = await user(`${w}_popular`);
      const fans = [uuidv7(), uuidv7(), uuidv7()];
      for (const fan of fans.slice(0, 2)) await follow(fan, popular);
      // The name match has the most followers, and still comes after every handle.
      for (const fan of fans) await follow(fan, named);
      expect(ids(await find(w, { type: 'users' }))).toEqual([exact, popular, quiet, named]);
      const [found] = await find(w, { type: 'users' });
      expect(found).toEqual({
        type: 'user',
        id: exact,
        username: w,
        displayName: 'Someone',
        content: null,
        count: null,
        verified: false,
        createdAt: null,
      });
    });

    it('finds a handle one typo away, and by its start with an @', async () => {
      const w = word();
      const id = await user(w);
      expect(ids(await find(typo(w), { type: 'users' }))).toContain(id);
      expect(ids(await find(`@${w.slice(0, 6).toUpperCase()}`, { type: 'users' }))).toEqual([id]);
    });

    it('counts a repeated follow once, and follows of a user not yet indexed', async () => {
      const w = word();
      const [a, b] = [await user(`${w}_a`), await user(`${w}_b`)];
      const [one, two, three] = [uuidv7(), uuidv7(), uuidv7()];
      for (let times = 0; times < 3; times += 1) await follow(one, b);
      await follow(two, a);
      await follow(three, a);
      expect(ids(await find(w, { type: 'users' }))).toEqual([a, b]);
      // Followed before the user is known: counted when they are.
      const c = uuidv7();
      const four = uuidv7();
      for (const fan of [one, two, three, four]) await follow(fan, c);
      await sut.applyUser(userOf(`${w}_c`, { id: c }));
      expect(ids(await find(w, { type: 'users' }))).toEqual([c, a, b]);
      // A repeated unfollow counts once too: 3 followers left, more than a's 2.
      await sut.setFollow(four, c, false, new Date());
      await sut.setFollow(four, c, false, new Date());
      expect(ids(await find(w, { type: 'users' }))).toEqual([c, a, b]);
    });

    it('applies follows and unfollows in the order they were made, not the order they arrive', async () => {
      const w = word();
      const a = await user(`${w}_a`);
      const b = await user(`${w}_b`);
      const [one, two] = [uuidv7(), uuidv7()];
      const t = Date.now() - 60_000;
      await follow(two, b, new Date(t));
      // one: followed at t+1, unfollowed at t+2, followed again at t+3, heard as t+1, t+3, t+2.
      await follow(one, a, new Date(t + 1));
      await follow(one, a, new Date(t + 3));
      await sut.setFollow(one, a, false, new Date(t + 2));
      expect(ids(await find(w, { type: 'users' }))).toEqual([a, b]);
      // two: unfollowed at t+5, then the follow of t+4 retried late: stays unfollowed.
      await sut.setFollow(two, b, false, new Date(t + 5));
      await follow(two, b, new Date(t + 4));
      await sut.indexFollows([{ followerId: two, followeeId: b, createdAt: new Date(t + 4) }]);
      await follow(one, b, new Date(t + 6));
      await follow(two, a, new Date(t + 6));
      // a: one and two; b: one only.
      expect(ids(await find(w, { type: 'users' }))).toEqual([a, b]);
      await sut.setFollow(one, a, false, new Date(t + 7));
      await sut.setFollow(two, a, false, new Date(t + 7));
      // a: none; b: one.
      expect(ids(await find(w, { type: 'users' }))).toEqual([b, a]);
    });

    it('keeps no follow whose unfollow was applied at the same moment (two workers)', async () => {
      const w = word();
      const followees = await Promise.all(Array.from({ length: 20 }, (_, i) => user(`${w}_${i}`)));
      const t = Date.now() - 60_000;
      // Each pair's follow (t) and unfollow (t+1) at once: under READ COMMITTED each would miss
      // the other's uncommitted row without the pair's lock, and some follows would stay.
      const pairs = followees.flatMap((followee) =>
        Array.from({ length: 15 }, () => ({ follower: uuidv7(), followee })),
      );
      await Promise.all(
        pairs.flatMap(({ follower, followee }) => [
          follow(follower, followee, new Date(t)),
          sut.setFollow(follower, followee, false, new Date(t + 1)),
        ]),
      );
      const [left] = await dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM search.follows WHERE followee_id = ANY($1::uuid[])`,
        [followees],
      );
      const [counted] = await dataSource.query<{ n: number }[]>(
        `SELECT coalesce(sum(followers_count), 0)::int AS n FROM search.users WHERE id = ANY($1::uuid[])`,
        [followees],
      );
      expect({ left: left?.n, counted: counted?.n }).toEqual({ left: 0, counted: 0 });
    });

    it('keeps the newest version of a user, whatever order the versions come in', async () => {
      const w = word();
      const id = uuidv7();
      await sut.applyUser(userOf(w, { id, displayName: 'Newest name', version: 3 }));
      await sut.applyUser(userOf(w, { id, displayName: 'Older name', version: 2 }));
      await sut.applyUser(userOf(w, { id, displayName: 'First name', version: 1 }));
      expect(await find(w, { type: 'users' })).toMatchObject([{ id, displayName: 'Newest name' }]);
      await sut.applyUser(userOf(`${w}_renamed`, { id, displayName: 'Renamed', version: 4 }));
      expect(await find(w, { type: 'users' })).toMatchObject([
        { id, username: `${w}_renamed`, displayName: 'Renamed' },
      ]);
    });
  });

  describe('posts', () => {
    let author: string;

    beforeAll(async () => {
      author = await user(`author_${word()}`, { displayName: 'Katherine Johnson' });
    });

    it('finds a post by a word, by two words, and by a word with one typo', async () => {
      const [a, b, c] = [word(), word(), word()];
      const createdAt = new Date(Date.now() - HOUR);
      const id = await post(author, `Tonight ${a} meets ${b} over the hills`, { createdAt });
      expect(await find(a, { type: 'posts' })).toEqual([
        {
          type: 'post',
          id,
          username: expect.stringMatching(/^author_/),
          displayName: 'Katherine Johnson',
          content: `Tonight ${a} meets ${b} over the hills`,
          count: null,
          verified: false,
          createdAt: createdAt.toISOString(),
        },
      ]);
      expect(ids(await find(`${a} ${b}`, { type: 'posts' }))).toEqual([id]);
      expect(ids(await find(`${b.toUpperCase()}, ${a}!`, { type: 'posts' }))).toEqual([id]);
      expect(ids(await find(`${a} ${c}`, { type: 'posts' }))).toEqual([]);
      expect(ids(await find(typo(a), { type: 'posts' }))).toEqual([id]);
    });

    it('ranks by relevance, then the newest first', async () => {
      const [a, b] = [word(), word()];
      const now = Date.now();
      const near = await post(author, `${a} ${b} first`, { createdAt: new Date(now - 3 * HOUR) });
      const far = await post(author, `${a} and then many other words before ${b}`, {
        createdAt: new Date(now - HOUR),
      });
      const nearer = await post(author, `${a} ${b} second`, {
        createdAt: new Date(now - 2 * HOUR),
      });
      expect(ids(await find(`${a} ${b}`, { type: 'posts' }))).toEqual([nearer, near, far]);
    });

    it('filters by date range: the last day, week, month or all time', async () => {
      const w = word();
      const now = Date.now();
      const today = await post(author, `${w} one`, { createdAt: new Date(now - 2 * HOUR) });
      const week = await post(author, `${w} two`, { createdAt: new Date(now - 3 * DAY) });
      const month = await post(author, `${w} three`, { createdAt: new Date(now - 20 * DAY) });
      const old = await post(author, `${w} four`, { createdAt: new Date(now - 60 * DAY) });
      const inRange = async (dateRange: SearchQuery['dateRange']) =>
        ids(await find(w, { type: 'posts', dateRange }));
      expect(await inRange('today')).toEqual([today]);
      expect(await inRange('week')).toEqual([today, week]);
      expect(await inRange('month')).toEqual([today, week, month]);
      expect(await inRange('all')).toEqual([today, week, month, old]);
    });

    it('follows an edit: new words and hashtags match, old ones no longer', async () => {
      const [before, after, oldTag, newTag] = [word(), word(), word(), word()];
      const id = await post(author, `${before} draft #${oldTag}`);
      expect(ids(await find(before, { type: 'posts' }))).toEqual([id]);
      await sut.updatePost({
        id,
        authorId: author,
        content: `${after} final #${newTag}`,
        hashtags: [newTag],
        editedAt: new Date(),
      });
      expect(ids(await find(before, { type: 'posts' }))).toEqual([]);
      expect(await find(after, { type: 'posts' })).toMatchObject([
        { id, content: `${after} final #${newTag}` },
      ]);
      expect(ids(await find(oldTag, { type: 'hashtags' }))).toEqual([]);
      expect(tagCounts(await find(newTag, { type: 'hashtags' }))).toEqual([[newTag, 1]]);
    });

    it('applies edits in the order they were made, and keeps one heard before its post', async () => {
      const [first, second, third, tag] = [word(), word(), word(), word()];
      const t = Date.now() - 60_000;
      const edit = (id: string, text: string, ms: number, hashtags: string[] = []) =>
        sut.updatePost({
          id,
          authorId: author,
          content: text,
          hashtags,
          editedAt: new Date(t + ms),
        });
      // Edited at 2, then the edit of 1 heard late: the text of 2 stays.
      const id = await post(author, `${first} original`);
      await edit(id, `${second} edited twice`, 2);
      await edit(id, `${first} edited once`, 1);
      expect(ids(await find(second, { type: 'posts' }))).toEqual([id]);
      expect(ids(await find(first, { type: 'posts' }))).toEqual([]);
      // An edit heard before the post (a retried create): the post is indexed with it.
      const early = postOf(author, `${first} before the edit`);
      await edit(early.id, `${third} after the edit #${tag}`, 3, [tag]);
      await sut.upsertPost(early);
      expect(await find(third, { type: 'posts' })).toMatchObject([
        { id: early.id, content: `${third} after the edit #${tag}` },
      ]);
      expect(tagCounts(await find(tag, { type: 'hashtags' }))).toEqual([[tag, 1]]);
      // A rebuild page read before that edit (older text) does not undo it; a newer page wins.
      const paged = postOf(author, `${first} page text`);
      await edit(paged.id, `${third} heard edit`, 4);
      await sut.indexPosts([{ ...paged, editedAt: new Date(t + 3) }]);
      expect(ids(await find(`${third} heard`, { type: 'posts' }))).toEqual([paged.id]);
      const newer = postOf(author, `${first} newest page text`);
      await edit(newer.id, `${third} stale edit`, 5);
      await sut.indexPosts([{ ...newer, editedAt: new Date(t + 6) }]);
      expect(ids(await find(`${first} newest`, { type: 'posts' }))).toEqual([newer.id]);
    });

    it('removes a deleted post and its hashtag uses; a late create does not bring it back', async () => {
      const [w, tag] = [word(), word()];
      const doomed = postOf(author, `${w} doomed #${tag}`);
      await sut.upsertPost(doomed);
      expect(ids(await find(w, { type: 'posts' }))).toEqual([doomed.id]);
      expect(tagCounts(await find(tag, { type: 'hashtags' }))).toEqual([[tag, 1]]);
      await sut.deletePost(doomed.id);
      await sut.deletePost(doomed.id);
      expect(ids(await find(w, { type: 'posts' }))).toEqual([]);
      expect(ids(await find(tag, { type: 'hashtags' }))).toEqual([]);
      expect((await trends()).map((trend) => trend.tag)).not.toContain(tag);
      await sut.upsertPost(doomed);
      expect(ids(await find(w, { type: 'posts' }))).toEqual([]);
      expect(ids(await find(tag, { type: 'hashtags' }))).toEqual([]);
    });

    it('ignores a repeated create (the first text stays)', async () => {
      const [w, other] = [word(), word()];
      const first = postOf(author, `${w} as first written`);
      await sut.upsertPost(first);
      await sut.upsertPost({ ...first, content: `${other} replayed` });
      expect(ids(await find(w, { type: 'posts' }))).toEqual([first.id]);
      expect(ids(await find(other, { type: 'posts' }))).toEqual([]);
    });

    it('lists the posts of a query that is one hashtag, newest first', async () => {
      const tag = word();
      const now = Date.now();
      const older = await post(author, `first #${tag}`, { createdAt: new Date(now - 2 * HOUR) });
      const newer = await post(author, `then #${tag}`, { createdAt: new Date(now - HOUR) });
      expect(ids(await find(`#${tag}`, { type: 'posts' }))).toEqual([newer, older]);
    });
  });

  describe('the verified filter', () => {
    it('keeps verified users and posts by verified authors, and gives no hashtags', async () => {
      const w = word();
      const star = await user(`${w}_star`, { verified: true });
      const plain = await user(`${w}_plain`);
      const starPost = await post(star, `${w} from a star #${w}`);
      const plainPost = await post(plain, `${w} from someone`, {
        createdAt: new Date(Date.now() - HOUR),
      });
      expect(ids(await find(w, { type: 'users', verified: 'verified' }))).toEqual([star]);
      expect(await find(w, { type: 'posts', verified: 'verified' })).toMatchObject([
        { id: starPost, username: `${w}_star`, verified: true },
      ]);
      expect(await find(w, { type: 'hashtags', verified: 'verified' })).toEqual([]);
      expect(ids(await find(w, { type: 'hashtags' }))).toEqual([w]);
      expect(ids(await find(w, { type: 'posts' }))).toEqual([starPost, plainPost]);
      // Verified later: their posts pass the filter from then on.
      await sut.applyUser(userOf(`${w}_plain`, { id: plain, verified: true, version: 2 }));
      expect(ids(await find(w, { type: 'posts', verified: 'verified' }))).toEqual([
        starPost,
        plainPost,
      ]);
    });
  });

  describe('hashtags and trends', () => {
    let author: string;

    beforeAll(async () => {
      author = await user(`tagger_${word()}`);
    });

    it('ranks tags by their uses in the date range, with the counts', async () => {
      const t = word();
      const [one, two] = [`${t}one`, `${t}two`];
      const longAgo = new Date(Date.now() - 10 * DAY);
      await post(author, `#${one}`);
      await post(author, `#${one} again`, { createdAt: longAgo });
      await post(author, `#${one} and again`, { createdAt: longAgo });
      await post(author, `#${two}`);
      await post(author, `#${two} too`);
      expect(tagCounts(await find(t, { type: 'hashtags' }))).toEqual([
        [one, 3],
        [two, 2],
      ]);
      expect(tagCounts(await find(t, { type: 'hashtags', dateRange: 'week' }))).toEqual([
        [two, 2],
        [one, 1],
      ]);
      const [exact] = await find(`#${one}`, { type: 'hashtags' });
      expect(exact).toEqual({
        type: 'hashtag',
        id: one,
        username: null,
        displayName: null,
        content: `#${one}`,
        count: 3,
        verified: false,
        createdAt: null,
      });
    });

    it('finds a tag one typo away and by its start', async () => {
      const tag = word();
      await post(author, `#${tag}`);
      expect(ids(await find(typo(tag), { type: 'hashtags' }))).toContain(tag);
      expect(ids(await find(`#${tag.slice(0, 6)}`, { type: 'hashtags' }))).toContain(tag);
    });

    it('gives the most used tags of the last 24 hours', async () => {
      const [hot, warm, stale] = [word(), word(), word()];
      await post(author, `#${hot} #${warm}`);
      await post(author, `#${hot}`);
      await post(author, `again #${hot}`);
      const twoDaysAgo = new Date(Date.now() - 2 * DAY);
      await post(author, `#${hot} #${stale}`, { createdAt: twoDaysAgo });
      await post(author, `#${stale}`, { createdAt: twoDaysAgo });
      const tags = (await trends()).map((trend) => trend.tag);
      expect(await trends()).toContainEqual({ name: `#${hot}`, tag: hot, count: 3 });
      expect(await trends()).toContainEqual({ name: `#${warm}`, tag: warm, count: 1 });
      expect(tags.indexOf(hot)).toBeLessThan(tags.indexOf(warm));
      expect(tags).not.toContain(stale);
    });
  });

  describe('type=all', () => {
    it('gives up to 3 users, up to 3 hashtags, then posts up to the limit', async () => {
      const w = word();
      const users: string[] = [];
      for (const suffix of ['a', 'b', 'c', 'd']) users.push(await user(`${w}_${suffix}`));
      const posts: string[] = [];
      for (const suffix of ['a', 'b', 'c', 'd']) {
        posts.push(await post(users[0]!, `${w} note #${w}${suffix}`));
      }
      const results = await find(w, { limit: 8 });
      expect(results.map((result) => result.type)).toEqual([
        ...Array(3).fill('user'),
        ...Array(3).fill('hashtag'),
        ...Array(2).fill('post'),
      ]);
      expect(users).toEqual(expect.arrayContaining(ids(results.slice(0, 3))));
      expect(posts).toEqual(expect.arrayContaining(ids(results.slice(6))));
      const verifiedOnly = await find(w, { limit: 8, verified: 'verified' });
      expect(verifiedOnly).toEqual([]);
      // Never more than the limit, users first.
      const four = await find(w, { limit: 4 });
      expect(four.map((result) => result.type)).toEqual(['user', 'user', 'user', 'hashtag']);
    });
  });

  describe('bulk writes (the reindex command)', () => {
    it('indexes users, follows and posts in bulk with the rules of single writes', async () => {
      const [w, tag] = [word(), word()];
      const a = userOf(`${w}_a`, { displayName: 'Bulk A old', version: 1 });
      const b = userOf(`${w}_b`, { verified: true });
      await sut.indexUsers([a, { ...a, displayName: 'Bulk A', version: 2 }, b]);
      const [one, two] = [uuidv7(), uuidv7()];
      const createdAt = new Date(Date.now() - HOUR);
      const follows = [
        { followerId: one, followeeId: b.id, createdAt },
        { followerId: one, followeeId: b.id, createdAt },
        { followerId: two, followeeId: b.id, createdAt },
      ];
      await sut.indexFollows(follows);
      await sut.indexFollows(follows);
      const now = Date.now();
      const byB = postOf(b.id, `${w} bulk post #${tag}`, { createdAt: new Date(now - HOUR) });
      const byA = postOf(a.id, `${w} another`, { createdAt: new Date(now - 2 * HOUR) });
      const deleted = postOf(a.id, `${w} deleted before`, { createdAt: new Date(now - HOUR) });
      await sut.deletePost(deleted.id);
      await sut.indexPosts([byB, byA, byB, deleted]);
      await sut.indexPosts([byB]);

      expect(await find(w, { type: 'users' })).toMatchObject([
        { id: b.id, verified: true },
        { id: a.id, displayName: 'Bulk A' },
      ]);
      expect(await find(w, { type: 'posts' })).toMatchObject([
        { id: byB.id, username: `${w}_b`, verified: true },
        { id: byA.id, username: `${w}_a`, verified: false },
      ]);
      expect(ids(await find(w, { type: 'posts', verified: 'verified' }))).toEqual([byB.id]);
      expect(tagCounts(await find(tag, { type: 'hashtags' }))).toEqual([[tag, 1]]);
    });
  });

  // Last: it empties what the other tests wrote.
  describe('clear', () => {
    it('empties the index, which then fills again', async () => {
      const w = word();
      const author = userOf(w);
      await sut.applyUser(author);
      await post(author.id, `${w} soon gone #${w}`);
      expect((await find(w)).length).toBeGreaterThan(0);
      await sut.clear();
      expect(await find(w)).toEqual([]);
      expect(await trends()).toEqual([]);
      await sut.applyUser(author);
      expect(ids(await find(w, { type: 'users' }))).toEqual([author.id]);
    });
  });
});
