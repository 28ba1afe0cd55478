import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import type { SearchResult, TrendResponse } from '@wave/contracts';
import { eventQueueName } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { eventually } from '@wave/testing';
import { SearchHarness, uniqueUsername } from './search-harness';

const ids = (results: SearchResult[]) => results.map((result) => result.id);

describe('search (PostgreSQL engine) fed by events', () => {
  const sut = new SearchHarness();
  let author: string;

  beforeAll(async () => {
    await sut.start('engine');
    author = await sut.user('orbit_author', { displayName: 'Katherine Johnson', verified: true });
  });

  afterAll(() => sut.stop());

  describe('users', () => {
    it('ranks the exact handle, then handles that start with it, then by followers', async () => {
      const exact = await sut.user('zephyr');
      const quiet = await sut.user('zephyr_quiet');
      const popular = await sut.user('zephyr_popular');
      const fans = await Promise.all([sut.user(), sut.user()]);
      for (const fan of fans) {
        await sut.publish('follow.created', {
          followerId: fan,
          followeeId: popular,
          createdAt: new Date().toISOString(),
        });
      }
      // Repeated events count once.
      await sut.publish('follow.created', {
        followerId: fans[0] ?? '',
        followeeId: popular,
        createdAt: new Date().toISOString(),
      });
      const results = await sut.search('q=zephyr&type=users');
      expect(ids(results)).toEqual([exact, popular, quiet]);
      expect(results[0]).toMatchObject({ type: 'user', username: 'zephyr', verified: false });
      expect(ids(await sut.search('q=%40ZEPH&type=users')).slice(0, 3)).toContain(popular);
    });

    it('finds a handle with one typo, a name by a part of it, and filters verified users', async () => {
      expect(ids(await sut.search('q=orbit_autor&type=users'))).toContain(author);
      expect(ids(await sut.search('q=johnson&type=users'))).toEqual([author]);
      const plain = await sut.user('johnson_fan', { displayName: 'A Johnson fan' });
      expect(ids(await sut.search('q=johnson&type=users'))).toEqual(
        expect.arrayContaining([author, plain]),
      );
      expect(ids(await sut.search('q=johnson&type=users&verified=verified'))).toEqual([author]);
    });

    it('keeps the newest version of a user', async () => {
      const id = await sut.user('renamed_one', { version: 2 });
      await sut.publish('user.updated', {
        userId: id,
        username: 'renamed_one',
        displayName: 'Older name',
        profileImageUrl: null,
        verified: false,
        version: 1,
        firstName: null,
        lastName: null,
        bio: null,
        coverImageUrl: null,
        updatedAt: new Date().toISOString(),
      });
      const [found] = await sut.search('q=renamed_one&type=users');
      expect(found).toMatchObject({ id, displayName: 'renamed_one display' });
    });
  });

  describe('a repeated search (the results cache)', () => {
    /**
     * A word no other test writes, nor one a typo away: twelve random letters (letters only, as
     * the index splits words at digits; few letters would let two tests' words match by typo).
     */
    const freshWord = () =>
      `zq${Array.from(randomBytes(12), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

    it('is answered from memory, without a query', async () => {
      const word = freshWord();
      const id = await sut.post(author, `Moonrise over the ${word}`);
      const first = await sut.search(`q=${word}`);
      expect(ids(first)).toEqual([id]);
      const queries = jest.spyOn(sut.dataSource, 'query');
      try {
        expect(await sut.search(`q=${word}`)).toEqual(first);
        expect(queries).not.toHaveBeenCalled();
      } finally {
        queries.mockRestore();
      }
    });

    it('finds a post indexed just after it, by a word or a prefix of its last word', async () => {
      const word = freshWord();
      expect(await sut.search(`q=${word}&type=posts`)).toEqual([]);
      expect(await sut.search(`q=tide%20${word.slice(0, 5)}&type=posts`)).toEqual([]);
      const id = await sut.post(author, `Tide charts for ${word}`);
      expect(ids(await sut.search(`q=${word}&type=posts`))).toEqual([id]);
      expect(ids(await sut.search(`q=tide%20${word.slice(0, 5)}&type=posts`))).toEqual([id]);
    });

    it('drops an edited or deleted post at once', async () => {
      const [before, after] = [freshWord(), freshWord()];
      const id = await sut.post(author, `Lantern walk ${before}`);
      expect(ids(await sut.search(`q=${before}&type=posts`))).toEqual([id]);
      await sut.publish('tweet.updated', {
        tweetId: id,
        authorId: author,
        content: `Lantern walk ${after}`,
        hashtags: [],
        mentions: [],
        editedAt: new Date().toISOString(),
      });
      expect(await sut.search(`q=${before}&type=posts`)).toEqual([]);
      expect(ids(await sut.search(`q=${after}&type=posts`))).toEqual([id]);
      await sut.publish('tweet.deleted', {
        tweetId: id,
        authorId: author,
        parentId: null,
        deletedAt: new Date().toISOString(),
      });
      expect(await sut.search(`q=${after}&type=posts`)).toEqual([]);
    });
  });

  describe('posts', () => {
    it('finds a new post by its words, a prefix of the last word and a typo', async () => {
      const id = await sut.post(author, 'The launch window opens on Friday #orbits');
      expect(ids(await sut.search('q=launch%20window&type=posts'))).toEqual([id]);
      expect(ids(await sut.search('q=launch%20win&type=posts'))).toEqual([id]);
      expect(ids(await sut.search('q=lanch&type=posts'))).toEqual([id]);
      expect(ids(await sut.search('q=window%20tuesday&type=posts'))).toEqual([]);
      const [result] = await sut.search('q=friday&type=posts');
      expect(result).toMatchObject({
        type: 'post',
        username: 'orbit_author',
        displayName: 'Katherine Johnson',
        content: 'The launch window opens on Friday #orbits',
        verified: true,
      });
    });

    it('ranks by relevance, then the newest, and filters by date and verified authors', async () => {
      const plain = await sut.user();
      const old = await sut.post(author, 'Telescope night', {
        createdAt: new Date(Date.now() - 10 * 24 * 3600 * 1000),
      });
      const recent = await sut.post(plain, 'Telescope night again');
      const dense = await sut.post(plain, 'Telescope telescope telescope night');
      const all = ids(await sut.search('q=telescope&type=posts'));
      expect(all[0]).toBe(dense);
      expect(all).toEqual(expect.arrayContaining([old, recent, dense]));
      expect(ids(await sut.search('q=telescope&type=posts&dateRange=week'))).not.toContain(old);
      expect(ids(await sut.search('q=telescope&type=posts&dateRange=month'))).toContain(old);
      expect(ids(await sut.search('q=telescope&type=posts&verified=verified'))).toEqual([old]);
    });

    it('ranks only the newest matches of a common word, so its cost is bounded', async () => {
      const word = uniqueUsername('cw').toLowerCase().replace(/_/g, '');
      const base = Date.now() - 2 * 3600 * 1000;
      // The most relevant post is older than RANK_WINDOW (500) newer matches.
      const dense = await sut.post(author, `${word} ${word} ${word} ${word}`, {
        createdAt: new Date(base - 60_000),
      });
      await sut.dataSource.query(
        `INSERT INTO search.posts (id, author_id, content, document, created_at)
         SELECT gen_random_uuid(), $1, $2 || ' filler ' || i, to_tsvector('simple', $2 || ' filler ' || i),
           $3::timestamptz + i * interval '1 second'
         FROM generate_series(1, 500) AS i`,
        [author, word, new Date(base)],
      );
      const results = await sut.search(`q=${word}&type=posts&limit=50`);
      expect(results).toHaveLength(50);
      expect(ids(results)).not.toContain(dense);
      // Within the window, relevance still leads: a post outranks newer ones.
      const twice = await sut.post(author, `${word} ${word} twice`, {
        createdAt: new Date(base + 100_000),
      });
      expect(ids(await sut.search(`q=${word}&type=posts`))[0]).toBe(twice);
    });

    it('follows edits and deletions, and a late create cannot bring a deleted post back', async () => {
      const id = await sut.post(author, 'Nebula photos tonight #astro');
      await sut.publish('tweet.updated', {
        tweetId: id,
        authorId: author,
        content: 'Galaxy photos tonight',
        hashtags: [],
        mentions: [],
        editedAt: new Date().toISOString(),
      });
      expect(ids(await sut.search('q=nebula&type=posts'))).toEqual([]);
      expect(ids(await sut.search('q=galaxy&type=posts'))).toEqual([id]);
      expect(ids(await sut.search('q=astro&type=hashtags'))).toEqual([]);
      await sut.publish('tweet.deleted', {
        tweetId: id,
        authorId: author,
        parentId: null,
        deletedAt: new Date().toISOString(),
      });
      expect(ids(await sut.search('q=galaxy&type=posts'))).toEqual([]);
      await sut.post(author, 'Galaxy photos tonight', { id });
      expect(ids(await sut.search('q=galaxy&type=posts'))).toEqual([]);
    });

    it('retries an indexing job that failed, and indexes the post on a later attempt', async () => {
      const id = '0190b1de-1111-7000-8000-00000000fa11';
      // A real failure inside PostgreSQL: the first insert of this post raises.
      // Sequences ignore rollbacks, so only the first attempt fails.
      await sut.dataSource.query(`CREATE SEQUENCE search.fail_once`);
      await sut.dataSource.query(`
        CREATE FUNCTION search.fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.id = '${id}' AND nextval('search.fail_once') = 1 THEN
            RAISE EXCEPTION 'disk on fire';
          END IF;
          RETURN NEW;
        END $$`);
      await sut.dataSource.query(
        `CREATE TRIGGER fail_once BEFORE INSERT ON search.posts FOR EACH ROW EXECUTE FUNCTION search.fail_once()`,
      );
      try {
        const job = await sut.publish(
          'tweet.created',
          {
            tweetId: id,
            authorId: author,
            content: 'Retried comet sighting',
            hashtags: [],
            mentions: [],
            imageUrls: [],
            parentId: null,
            createdAt: new Date().toISOString(),
          },
          15_000,
        );
        expect(job.attemptsMade).toBeGreaterThanOrEqual(1);
        expect(ids(await sut.search('q=comet&type=posts'))).toEqual([id]);
      } finally {
        await sut.dataSource.query(`DROP TRIGGER fail_once ON search.posts`);
        await sut.dataSource.query(`DROP FUNCTION search.fail_once()`);
        await sut.dataSource.query(`DROP SEQUENCE search.fail_once`);
      }
    });
  });

  describe('posts of a hashtag', () => {
    it('lists the posts that use the tag, newest first, and a tag being typed by prefix', async () => {
      const tag = uniqueUsername('pt').toLowerCase().replace(/_/g, '');
      const older = await sut.post(author, `first #${tag}`, {
        createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000),
      });
      const newer = await sut.post(author, `second #${tag}`);
      const longer = await sut.post(author, `other #${tag}extra`);
      // Exactly the tag's posts (not the longer tag that starts with it), newest first.
      expect(ids(await sut.search(`q=%23${tag}&type=posts`))).toEqual([newer, older]);
      expect(ids(await sut.search(`q=%23${tag}&type=posts&dateRange=today`))).toEqual([newer]);
      expect(ids(await sut.search(`q=%23${tag}&type=posts&verified=verified`))).toEqual([
        newer,
        older,
      ]);
      // A tag nobody has used is matched as words, the one being typed by its completions.
      expect(ids(await sut.search(`q=%23${tag}ext&type=posts`))).toEqual([longer]);
      expect(ids(await sut.search(`q=%23${tag}ex&type=posts`))).toEqual([longer]);
    });
  });

  describe('hashtags and trends', () => {
    it('ranks tags by use in the range, exact first, finds a prefix and a typo', async () => {
      const tag = uniqueUsername('tg').toLowerCase().replace(/_/g, '');
      await sut.post(author, `one #${tag}`);
      await sut.post(author, `two #${tag}`);
      await sut.post(author, `old #${tag}x`, {
        createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000),
      });
      const results = await sut.search(`q=%23${tag}&type=hashtags`);
      expect(results.map((result) => [result.id, result.count])).toEqual([
        [tag, 2],
        [`${tag}x`, 1],
      ]);
      expect(results[0]).toMatchObject({ type: 'hashtag', content: `#${tag}` });
      expect(ids(await sut.search(`q=${tag}&type=hashtags&dateRange=today`))).toEqual([tag]);
      expect(ids(await sut.search(`q=${tag.slice(0, -1)}&type=hashtags`))).toContain(tag);
    });

    it('gives the most used tags of the last 24 hours', async () => {
      await sut.post(author, '#trendalpha #trendbeta');
      await sut.post(author, '#trendalpha');
      await sut.post(author, 'again #trendalpha');
      await sut.post(author, '#trendalpha #trendold', {
        createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000),
      });
      const response = await sut.call('GET', '/api/trends?limit=20');
      const trends = response.json<TrendResponse[]>();
      expect(trends[0]).toEqual({ name: '#trendalpha', tag: 'trendalpha', count: 3 });
      expect(trends.map((trend) => trend.tag)).toContain('trendbeta');
      expect(trends.map((trend) => trend.tag)).not.toContain('trendold');
    });
  });

  describe('the search call', () => {
    it('mixes users, hashtags and posts for type=all, within the limit', async () => {
      await sut.user('meteorfan');
      await sut.post(author, 'Meteor shower #meteor');
      const results = await sut.search('q=meteor&limit=5');
      expect(results.map((result) => result.type)).toEqual(
        expect.arrayContaining(['user', 'hashtag', 'post']),
      );
      expect(results.length).toBeLessThanOrEqual(5);
    });

    it.each([
      ['q=', 'q is required'],
      ['type=posts', 'q is required'],
      [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
      ['q=a&type=people', 'type must be one of: all, posts, users, hashtags'],
      ['q=a&dateRange=year', 'dateRange must be one of: all, today, week, month'],
      ['q=a&verified=yes', 'verified must be one of: all, verified'],
      ['q=a&limit=51', 'limit must be at most 50'],
    ])('refuses ?%s with a 400', async (query, message) => {
      const response = await sut.call('GET', `/api/search?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('records chosen results, from members and visitors, and validates them', async () => {
      const member = await sut.user();
      const ok = await sut.call('POST', '/api/search/analytics', {
        as: member,
        body: { query: 'launch', resultId: 'abc', resultType: 'post' },
      });
      expect(ok.statusCode).toBe(204);
      expect(
        (
          await sut.call('POST', '/api/search/analytics', {
            body: { query: 'launch', resultId: 'tag', resultType: 'hashtag' },
          })
        ).statusCode,
      ).toBe(204);
      const rows: { userId: string | null }[] = await sut.dataSource.query(
        `SELECT user_id AS "userId" FROM search.search_clicks WHERE query = 'launch' ORDER BY id`,
      );
      expect(rows).toEqual([{ userId: member }, { userId: null }]);
      // The member's choice is announced to recommendations (through the outbox); the
      // visitor's to nobody.
      const events: { eventId: string; payload: Record<string, unknown> }[] =
        await sut.dataSource.query(
          `SELECT event_id AS "eventId", payload FROM search.outbox
           WHERE name = 'search.clicked' AND payload->>'query' = 'launch'`,
        );
      expect(events.map((event) => event.payload)).toEqual([
        {
          clickId: expect.any(String),
          userId: member,
          query: 'launch',
          resultId: 'abc',
          resultType: 'post',
          at: expect.any(String),
        },
      ]);
      const queue = new Queue(eventQueueName('recommendations'), {
        connection: bullConnection(sut.config.REDIS_URL),
        prefix: bullPrefix(sut.config.REDIS_KEY_PREFIX),
      });
      try {
        const job = await eventually(
          () => queue.getJob(events[0]!.eventId),
          (found) => found !== undefined,
          { what: 'the search.clicked job on the recommendations queue' },
        );
        expect(job!.data).toMatchObject({ name: 'search.clicked', payload: events[0]!.payload });
      } finally {
        await queue.close();
      }
      const bad = await sut.call('POST', '/api/search/analytics', {
        as: member,
        body: { query: 'x', resultId: 'y', resultType: 'planet' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'resultType must be one of: user, post, hashtag' });
    });
  });
});
