import type { TweetResponse } from '@wave/contracts';
import { ImageProxySigner } from '../src/image-proxy/image-proxy.signer';
import { TweetsController } from '../src/tweets/tweets.controller';
import { TweetsService } from '../src/tweets/tweets.service';
import { TimelineHarness, uniqueUsername } from './timeline-harness';

const MISSING_ID = '0190b1de-1111-7000-8000-00000000dead';

describe(TweetsController.name, () => {
  const sut = new TimelineHarness();
  let ada: string;
  let adaName: string;
  let grace: string;

  const row = async (id: string) => {
    const rows: { content: string; edited_at: Date | null; replies_count: number }[] =
      await sut.dataSource.query(
        `SELECT content, edited_at, replies_count FROM timeline.tweets WHERE id = $1`,
        [id],
      );
    return rows[0] ?? null;
  };
  const hashtagsOf = async (id: string): Promise<string[]> =>
    (
      await sut.dataSource.query<{ tag: string }[]>(
        `SELECT tag FROM timeline.tweet_hashtags WHERE tweet_id = $1 ORDER BY tag`,
        [id],
      )
    ).map((r) => r.tag);
  const mentionsOf = async (id: string): Promise<string[]> =>
    (
      await sut.dataSource.query<{ username: string }[]>(
        `SELECT username FROM timeline.tweet_mentions WHERE tweet_id = $1 ORDER BY username`,
        [id],
      )
    ).map((r) => r.username);

  beforeAll(async () => {
    await sut.start('tweets');
    adaName = uniqueUsername('Ada');
    ada = await sut.user(adaName);
    grace = await sut.user(uniqueUsername('grace'));
  });
  afterAll(() => sut.stop());

  describe('POST /api/tweets', () => {
    it('creates a text post with the Tweet shape, its content trimmed', async () => {
      const response = await sut.call('POST', '/api/tweets', {
        as: ada,
        body: { content: '  hello, wave  ' },
      });
      expect(response.statusCode).toBe(201);
      const tweet = response.json<TweetResponse>();
      expect(tweet).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        content: 'hello, wave',
        authorId: ada,
        author: {
          id: ada,
          username: adaName,
          displayName: `${adaName} display`,
          firstName: null,
          lastName: null,
          profileImageUrl: null,
          verified: false,
        },
        createdAt: expect.any(String),
        editedAt: null,
        imageUrl: null,
        imageUrls: [],
        linkPreview: null,
        parentId: null,
        repliesCount: 0,
        retweetsCount: 0,
        likesCount: 0,
        isLiked: false,
        isRetweeted: false,
        isPinned: false,
      });
      expect(Date.now() - new Date(tweet.createdAt).getTime()).toBeLessThan(60_000);
      expect(await row(tweet.id)).toMatchObject({ content: 'hello, wave' });
    });

    it('accepts images without text, the first one as imageUrl', async () => {
      const imageUrls = ['/objects/uploads/a1', '/objects/uploads/a2'];
      const response = await sut.call('POST', '/api/tweets', {
        as: ada,
        body: { content: '   ', imageUrls },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ content: '', imageUrls, imageUrl: imageUrls[0] });
      // Claimed for the tweet: deleting it releases them.
      expect(sut.claims).toContainEqual({
        ownerId: ada,
        objectPaths: imageUrls,
        purpose: 'tweet',
        subjectId: response.json<{ id: string }>().id,
      });
    });

    it('refuses images the author did not upload, and posts nothing', async () => {
      const before = await sut.dataSource.query(`SELECT count(*)::int AS n FROM timeline.tweets`);
      const theirs = await sut.call('POST', '/api/tweets', {
        as: ada,
        body: {
          content: 'stolen',
          imageUrls: ['/objects/uploads/mine', '/objects/uploads/theirs'],
        },
      });
      expect(theirs.statusCode).toBe(403);
      expect(theirs.json()).toEqual({ message: 'One of the images was uploaded by someone else' });
      const missing = await sut.call('POST', '/api/tweets', {
        as: ada,
        body: { content: 'ghost', imageUrls: ['/objects/uploads/missing'] },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: 'imageUrls must be images you uploaded (/objects/uploads/...)',
      });
      const after = await sut.dataSource.query(`SELECT count(*)::int AS n FROM timeline.tweets`);
      expect(after).toEqual(before);
    });

    /** Posts `body` as Ada while PostgreSQL refuses the rows of `table` that fail `check`. */
    const postRefusedBy = async (table: string, check: string, body: object) => {
      await sut.dataSource.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ck_test_refused CHECK (${check}) NOT VALID`,
      );
      try {
        return await sut.call('POST', '/api/tweets', { as: ada, body });
      } finally {
        await sut.dataSource.query(`ALTER TABLE ${table} DROP CONSTRAINT ck_test_refused`);
      }
    };

    it('gives the images back when the tweet cannot be written after they were claimed', async () => {
      const imageUrls = ['/objects/uploads/0190b1de-1111-7000-8000-0000000000b1'];
      const refused = 'The database refuses this one';
      // A real refusal from PostgreSQL at the insert, after every check and the claim.
      const failed = await postRefusedBy('timeline.tweets', `content <> '${refused}'`, {
        content: refused,
        imageUrls,
      });
      expect(failed.statusCode).toBe(500);
      const claim = sut.claims.find((request) => request.objectPaths[0] === imageUrls[0]);
      expect(claim).toBeDefined();
      expect(await row(claim?.subjectId ?? '')).toBeNull();
      expect(sut.heldClaims()).not.toContainEqual(
        expect.objectContaining({ objectPath: imageUrls[0] }),
      );

      // The same image posts fine on the retry.
      const retried = await sut.post(ada, 'Second try', { imageUrls });
      expect(retried.imageUrls).toEqual(imageUrls);
      expect(sut.heldClaims()).toContainEqual({
        objectPath: imageUrls[0],
        purpose: 'tweet',
        subjectId: retried.id,
      });
    });

    it('writes a post, its hashtags, mentions and event together: none of them when the event is refused', async () => {
      const imageUrls = ['/objects/uploads/0190b1de-1111-7000-8000-0000000000b2'];
      const refused = 'Refused at the event #allornothing @grace';
      // PostgreSQL refuses the outbox row, the last part of the post's write.
      const failed = await postRefusedBy(
        'timeline.outbox',
        `payload->>'content' IS DISTINCT FROM '${refused}'`,
        { content: refused, imageUrls },
      );
      expect(failed.statusCode).toBe(500);
      const claim = sut.claims.find((request) => request.objectPaths[0] === imageUrls[0]);
      const id = claim?.subjectId ?? '';
      expect(await row(id)).toBeNull();
      const left = await sut.dataSource.query(
        `SELECT (SELECT count(*) FROM timeline.tweet_hashtags WHERE tweet_id = $1)::int AS hashtags,
                (SELECT count(*) FROM timeline.tweet_mentions WHERE tweet_id = $1)::int AS mentions,
                (SELECT count(*) FROM timeline.outbox WHERE payload->>'tweetId' = $1::text)::int AS events`,
        [id],
      );
      expect(left).toEqual([{ hashtags: 0, mentions: 0, events: 0 }]);
      expect(sut.heldClaims()).not.toContainEqual(
        expect.objectContaining({ objectPath: imageUrls[0] }),
      );
    });

    it.each([
      ['not a data URL', 'hello'],
      ['an SVG', 'data:image/svg+xml;base64,PHN2Zz4='],
      ['HTML', 'data:text/html;base64,PGgxPg=='],
    ])('refuses an inline image that is %s', async (_label, imageUrl) => {
      const response = await sut.call('POST', '/api/tweets', {
        as: ada,
        body: { content: 'x', imageUrl },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'imageUrl must be a data URL of a PNG, JPEG, WebP, GIF or AVIF image',
      });
    });

    it('counts length in code points: 280 emoji are fine', async () => {
      const content = '😀'.repeat(280);
      const response = await sut.call('POST', '/api/tweets', { as: ada, body: { content } });
      expect(response.statusCode).toBe(201);
      expect(response.json().content).toBe(content);
    });

    it.each([
      ['blank content and no image', { content: '  \n ' }, 'A post needs text or an image'],
      ['no content at all', {}, 'A post needs text or an image'],
      ['281 characters', { content: 'x'.repeat(281) }, 'A post can be at most 280 characters'],
      [
        'five images',
        { content: 'pics', imageUrls: [1, 2, 3, 4, 5].map((i) => `/objects/p/${i}.png`) },
        'A post can have at most 4 images',
      ],
      [
        'an image that is not an uploaded object',
        { content: 'pic', imageUrls: ['https://example.com/x.png'] },
        'imageUrls must hold uploaded object paths (/objects/...)',
      ],
      ['a body that is not an object', ['hello'], 'Request body must be a JSON object'],
      ['content that is not text', { content: 42 }, 'content must be text'],
    ])('refuses %s with 400', async (_case, body, message) => {
      const before = await sut.count(`SELECT count(*)::int AS n FROM timeline.tweets`);
      const response = await sut.call('POST', '/api/tweets', { as: ada, body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await sut.count(`SELECT count(*)::int AS n FROM timeline.tweets`)).toBe(before);
    });

    it('refuses a visitor and a request without the identity header', async () => {
      const visitor = await sut.call('POST', '/api/tweets', {
        as: null,
        body: { content: 'hi' },
      });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ message: 'Authentication required' });
      const anonymous = await sut.call('POST', '/api/tweets', { body: { content: 'hi' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Requests must come through the gateway' });
    });

    it('stores hashtags and mentions lowercased and announces them in tweet.created', async () => {
      const tweet = await sut.post(ada, 'Loving #TypeScript with @Grace_H and #NestJS #typescript');
      expect(await hashtagsOf(tweet.id)).toEqual(['nestjs', 'typescript']);
      expect(await mentionsOf(tweet.id)).toEqual(['grace_h']);
      expect(await sut.outboxFor(tweet.id)).toEqual([
        {
          name: 'tweet.created',
          payload: {
            tweetId: tweet.id,
            authorId: ada,
            content: 'Loving #TypeScript with @Grace_H and #NestJS #typescript',
            hashtags: ['typescript', 'nestjs'],
            mentions: ['grace_h'],
            imageUrls: [],
            parentId: null,
            createdAt: tweet.createdAt,
          },
        },
      ]);
    });
  });

  describe('GET, PUT and DELETE /api/tweets/{id}', () => {
    it('reads a post, for members and visitors alike', async () => {
      const tweet = await sut.post(ada, 'readable');
      for (const as of [grace, null]) {
        const response = await sut.call('GET', `/api/tweets/${tweet.id}`, { as });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(tweet);
      }
    });

    it('links the picture of a stored preview through the signed image proxy, for previews stored before links were signed too', async () => {
      const tweet = await sut.post(ada, 'with a stored preview');
      const image = 'https://news.example.com/cover.png';
      // A preview as it was stored before imageProxyUrl existed.
      const stored = {
        url: 'https://news.example.com/a',
        title: 'A',
        description: null,
        image,
        siteName: 'News',
      };
      await sut.dataSource.query(`UPDATE timeline.tweets SET link_preview = $1 WHERE id = $2`, [
        JSON.stringify(stored),
        tweet.id,
      ]);
      // Written behind the service's back, as before the tweet cache existed: not cached then.
      await sut.redis.del(`tweet:{${tweet.id}}`);
      const sig = new ImageProxySigner(sut.config.INTERNAL_AUTH_SECRET).sign(image);

      const read = await sut.call('GET', `/api/tweets/${tweet.id}`, { as: null });
      const feed = await sut.feed(null);

      const linkPreview = {
        ...stored,
        imageProxyUrl: `/api/image-proxy?url=${encodeURIComponent(image)}&sig=${sig}`,
      };
      expect(read.json<TweetResponse>().linkPreview).toEqual(linkPreview);
      expect(feed.items.find((item) => item.id === tweet.id)?.linkPreview).toEqual(linkPreview);
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      const malformed = await sut.call('GET', '/api/tweets/not-an-id', { as: ada });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'Post id must be a valid id' });
      const unknown = await sut.call('GET', `/api/tweets/${MISSING_ID}`, { as: ada });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Post not found' });
    });

    it('lets the author edit: new text, editedAt, hashtags replaced, tweet.updated', async () => {
      const tweet = await sut.post(ada, 'first draft #old @grace_h');
      const response = await sut.call('PUT', `/api/tweets/${tweet.id}`, {
        as: ada,
        body: { content: '  second draft #New #fresh  ' },
      });
      expect(response.statusCode).toBe(200);
      const edited = response.json<TweetResponse>();
      expect(edited).toMatchObject({ id: tweet.id, content: 'second draft #New #fresh' });
      expect(edited.editedAt).not.toBeNull();
      expect(edited.createdAt).toBe(tweet.createdAt);
      expect(await hashtagsOf(tweet.id)).toEqual(['fresh', 'new']);
      expect(await mentionsOf(tweet.id)).toEqual([]);
      const events = await sut.outboxFor(tweet.id);
      expect(events.map((event) => event.name)).toEqual(['tweet.created', 'tweet.updated']);
      expect(events[1]?.payload).toEqual({
        tweetId: tweet.id,
        authorId: ada,
        content: 'second draft #New #fresh',
        hashtags: ['new', 'fresh'],
        mentions: [],
        editedAt: edited.editedAt,
      });
      const read = await sut.call('GET', `/api/tweets/${tweet.id}`, { as: null });
      expect(read.json()).toMatchObject({ content: edited.content, editedAt: edited.editedAt });
    });

    it('refuses an empty edit', async () => {
      const tweet = await sut.post(ada, 'keep me');
      const response = await sut.call('PUT', `/api/tweets/${tweet.id}`, {
        as: ada,
        body: { content: '   ' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'A post cannot be empty' });
      expect(await row(tweet.id)).toMatchObject({ content: 'keep me', edited_at: null });
    });

    it('refuses to edit, delete or pin someone else’s post, changing nothing', async () => {
      const tweet = await sut.post(ada, "ada's own #mine");
      const attempts = [
        sut.call('PUT', `/api/tweets/${tweet.id}`, { as: grace, body: { content: 'hijacked' } }),
        sut.call('DELETE', `/api/tweets/${tweet.id}`, { as: grace }),
        sut.call('POST', `/api/tweets/${tweet.id}/pin`, { as: grace }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'Only the author can do this to a post' });
      }
      expect(await row(tweet.id)).toEqual({
        content: "ada's own #mine",
        edited_at: null,
        replies_count: 0,
      });
      expect(await hashtagsOf(tweet.id)).toEqual(['mine']);
      expect(
        await sut.count(`SELECT count(*)::int AS n FROM timeline.pins WHERE tweet_id = $1`, [
          tweet.id,
        ]),
      ).toBe(0);
      expect((await sut.outboxFor(tweet.id)).map((event) => event.name)).toEqual(['tweet.created']);
    });

    it('lets the author delete: 204, then 404, tweet.deleted', async () => {
      const tweet = await sut.post(ada, 'short-lived #gone');
      const response = await sut.call('DELETE', `/api/tweets/${tweet.id}`, { as: ada });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await sut.call('GET', `/api/tweets/${tweet.id}`, { as: ada })).statusCode).toBe(404);
      expect(await row(tweet.id)).toBeNull();
      expect(await hashtagsOf(tweet.id)).toEqual([]);
      const again = await sut.call('DELETE', `/api/tweets/${tweet.id}`, { as: ada });
      expect(again.statusCode).toBe(404);
      const events = await sut.outboxFor(tweet.id);
      expect(events.map((event) => event.name)).toEqual(['tweet.created', 'tweet.deleted']);
      expect(events[1]?.payload).toMatchObject({
        tweetId: tweet.id,
        authorId: ada,
        parentId: null,
      });
    });

    it('refuses a visitor', async () => {
      const tweet = await sut.post(ada, 'no visitors');
      const edit = await sut.call('PUT', `/api/tweets/${tweet.id}`, {
        as: null,
        body: { content: 'x' },
      });
      const remove = await sut.call('DELETE', `/api/tweets/${tweet.id}`, { as: null });
      expect([edit.statusCode, remove.statusCode]).toEqual([401, 401]);
      expect(await row(tweet.id)).toMatchObject({ content: 'no visitors' });
    });
  });

  describe('replies', () => {
    it('replies with parentId and counts them on the parent; reply.created names its author', async () => {
      const parent = await sut.post(ada, 'a thread');
      const response = await sut.call('POST', `/api/tweets/${parent.id}/reply`, {
        as: grace,
        body: { content: '  first!  ' },
      });
      expect(response.statusCode).toBe(201);
      const reply = response.json<TweetResponse>();
      expect(reply).toMatchObject({
        content: 'first!',
        parentId: parent.id,
        authorId: grace,
        repliesCount: 0,
      });
      const read = await sut.call('GET', `/api/tweets/${parent.id}`, { as: ada });
      expect(read.json().repliesCount).toBe(1);

      const events = await sut.outboxFor(reply.id);
      expect(events.map((event) => event.name)).toEqual(['tweet.created', 'reply.created']);
      expect(events[0]?.payload).toMatchObject({ parentId: parent.id });
      expect(events[1]?.payload).toEqual({
        tweetId: reply.id,
        parentId: parent.id,
        authorId: grace,
        parentAuthorId: ada,
        createdAt: reply.createdAt,
      });
    });

    it('pages replies oldest first by cursor, without gaps or repeats', async () => {
      const parent = await sut.post(ada, 'many replies');
      const replies: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const response = await sut.call('POST', `/api/tweets/${parent.id}/reply`, {
          as: i % 2 === 0 ? grace : ada,
          body: { content: `reply ${i}` },
        });
        replies.push(response.json<TweetResponse>().id);
      }
      const { items, pages } = await sut.allPages<TweetResponse>(
        null,
        `/api/tweets/${parent.id}/replies`,
        3,
      );
      expect(pages).toBe(3);
      expect(items.map((item) => item.id)).toEqual(replies);
      expect(items.map((item) => item.content)).toEqual(replies.map((_, i) => `reply ${i}`));
      const parentRead = await sut.call('GET', `/api/tweets/${parent.id}`, { as: null });
      expect(parentRead.json().repliesCount).toBe(7);
    });

    it('answers 404 when replying to, or listing replies of, a missing post', async () => {
      const reply = await sut.call('POST', `/api/tweets/${MISSING_ID}/reply`, {
        as: grace,
        body: { content: 'into the void' },
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: 'Post not found' });
      expect(
        await sut.count(`SELECT count(*)::int AS n FROM timeline.tweets WHERE parent_id = $1`, [
          MISSING_ID,
        ]),
      ).toBe(0);
      const list = await sut.call('GET', `/api/tweets/${MISSING_ID}/replies`, { as: null });
      expect(list.statusCode).toBe(404);
    });

    it('refuses a blank reply', async () => {
      const parent = await sut.post(ada, 'say something');
      const response = await sut.call('POST', `/api/tweets/${parent.id}/reply`, {
        as: grace,
        body: { content: '   ' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'A reply cannot be empty' });
      expect((await row(parent.id))?.replies_count).toBe(0);
    });

    it('decrements the parent’s count when a reply is deleted', async () => {
      const parent = await sut.post(ada, 'reply and regret');
      const replies = await Promise.all(
        [grace, ada].map(async (as) =>
          (
            await sut.call('POST', `/api/tweets/${parent.id}/reply`, {
              as,
              body: { content: 'hmm' },
            })
          ).json<TweetResponse>(),
        ),
      );
      expect((await row(parent.id))?.replies_count).toBe(2);
      const removed = await sut.call('DELETE', `/api/tweets/${replies[0]!.id}`, { as: grace });
      expect(removed.statusCode).toBe(204);
      expect((await row(parent.id))?.replies_count).toBe(1);
      const events = await sut.outboxFor(replies[0]!.id);
      expect(events.at(-1)).toMatchObject({
        name: 'tweet.deleted',
        payload: { tweetId: replies[0]!.id, parentId: parent.id },
      });
      const page = await sut.call('GET', `/api/tweets/${parent.id}/replies`, { as: null });
      expect(page.json().items.map((item: TweetResponse) => item.id)).toEqual([replies[1]!.id]);
    });
  });

  describe("many posts at once (TweetsService.createMany, the seed's writes)", () => {
    const outboxNames = async (ids: string[]) =>
      (
        await sut.dataSource.query<{ name: string; tweet_id: string }[]>(
          `SELECT name, payload->>'tweetId' AS tweet_id FROM timeline.outbox
           WHERE payload->>'tweetId' = ANY($1::text[]) ORDER BY id`,
          [ids],
        )
      ).map((event) => `${event.name} ${ids.indexOf(event.tweet_id)}`);

    it('writes posts and replies with their entities, counts and events, in the order given', async () => {
      const parent = await sut.post(ada, 'answer me twice');
      const at = new Date(Date.now() - 3_600_000);
      const ids = await sut.app.get(TweetsService).createMany([
        { authorId: ada, request: { content: 'first of many #Bulk @grace' }, at },
        { authorId: grace, request: { content: 'one reply' }, parentId: parent.id },
        { authorId: grace, request: { content: 'second #bulk' } },
        { authorId: ada, request: { content: 'another reply' }, parentId: parent.id },
      ]);

      expect(ids).toHaveLength(4);
      expect(new Set(ids).size).toBe(4);
      expect((await row(parent.id))?.replies_count).toBe(2);
      expect(await hashtagsOf(ids[0]!)).toEqual(['bulk']);
      expect(await mentionsOf(ids[0]!)).toEqual(['grace']);
      const first = (
        await sut.call('GET', `/api/tweets/${ids[0]}`, { as: null })
      ).json<TweetResponse>();
      expect(first).toMatchObject({ authorId: ada, createdAt: at.toISOString() });
      const reply = (
        await sut.call('GET', `/api/tweets/${ids[3]}`, { as: null })
      ).json<TweetResponse>();
      expect(reply).toMatchObject({ parentId: parent.id, content: 'another reply' });
      // One event each, a reply's right after its post's, in the order given.
      expect(await outboxNames(ids)).toEqual([
        'tweet.created 0',
        'tweet.created 1',
        'reply.created 1',
        'tweet.created 2',
        'tweet.created 3',
        'reply.created 3',
      ]);
    });

    it('writes none of them when a parent does not exist', async () => {
      const before = await sut.count(`SELECT count(*)::int AS n FROM timeline.tweets`);
      const parent = await sut.post(ada, 'a real parent');
      await expect(
        sut.app.get(TweetsService).createMany([
          { authorId: ada, request: { content: 'would be fine' } },
          { authorId: grace, request: { content: 'fine too' }, parentId: parent.id },
          { authorId: grace, request: { content: 'orphan' }, parentId: MISSING_ID },
        ]),
      ).rejects.toMatchObject({ code: 'TWEET_NOT_FOUND' });
      expect(await sut.count(`SELECT count(*)::int AS n FROM timeline.tweets`)).toBe(before + 1);
      expect((await row(parent.id))?.replies_count).toBe(0);
    });
  });
});
