import type { FeedItemResponse, TweetResponse } from '@wave/contracts';
import { FeedsService } from '../src/feeds/feeds.service';
import { TimelineHarness } from './timeline-harness';

const idsOf = (items: { id: string }[]) => items.map((item) => item.id);
const newestFirst = (posts: TweetResponse[]) => idsOf(posts).reverse();

/** The home timeline where the cache cannot hold everything: short timelines, small fan-out. */
describe(FeedsService.name, () => {
  const sut = new TimelineHarness();
  const MAX_LENGTH = 10;
  const MAX_FOLLOWERS = 2;

  /** Posts by the authors in turn, `count` in all; returns once all are fanned out. */
  const postInTurn = async (authorIds: string[], count: number) => {
    const posts: TweetResponse[] = [];
    for (let i = 0; i < count; i += 1) {
      posts.push(await sut.post(authorIds[i % authorIds.length]!, `post ${i}`));
    }
    await Promise.all(posts.map((post) => sut.waitForFanOut(post.id)));
    return posts;
  };
  const cached = (userId: string) => sut.cachedTimeline(userId);
  const everything = async (readerId: string, limit: number) =>
    idsOf((await sut.allPages<FeedItemResponse>(readerId, '/api/tweets', limit)).items);

  beforeAll(() =>
    sut.start('feed_limits', {
      TIMELINE_MAX_LENGTH: String(MAX_LENGTH),
      FANOUT_MAX_FOLLOWERS: String(MAX_FOLLOWERS),
    }),
  );
  afterAll(() => sut.stop());

  it('reads past a short cached timeline from Postgres: all 25 posts, in order', async () => {
    const reader = await sut.user();
    const authors = [await sut.user(), await sut.user()];
    for (const author of authors) await sut.follow(reader, author);
    await sut.feed(reader);
    const posts = await postInTurn(authors, 25);

    expect(await cached(reader)).toEqual(
      newestFirst(posts)
        .slice(0, MAX_LENGTH)
        .reverse()
        .map((id) => `p:${id}`),
    );
    expect(await everything(reader, 7)).toEqual(newestFirst(posts));

    // Rebuilt after a loss: again only the newest entries cached, and still every post.
    expect(await sut.loseCachedTimeline(reader)).toBe(true);
    expect(await everything(reader, 7)).toEqual(newestFirst(posts));
    expect(await cached(reader)).toHaveLength(MAX_LENGTH);
  });

  describe('authors with more followers than FANOUT_MAX_FOLLOWERS', () => {
    let star: string;
    let fans: string[];

    beforeAll(async () => {
      star = await sut.user();
      fans = [await sut.user(), await sut.user(), await sut.user()];
      for (const fan of fans) await sut.follow(fan, star);
    });

    it('are not fanned out, yet show in their followers’ home timelines', async () => {
      const [fan] = fans;
      const friend = await sut.user();
      await sut.follow(fan!, friend);
      await sut.feed(fan!);

      const starPost = await sut.post(star, 'to my many fans');
      expect(await sut.waitForFanOut(starPost.id)).toEqual({ delivered: 0, mergedOnRead: true });
      const friendPost = await sut.post(friend, 'just for you');
      expect(await sut.waitForFanOut(friendPost.id)).toEqual({ delivered: 1, mergedOnRead: false });

      expect(await cached(fan!)).toContain(`p:${friendPost.id}`);
      expect(await cached(fan!)).not.toContain(`p:${starPost.id}`);
      expect(idsOf((await sut.feed(fan!)).items)).toEqual([friendPost.id, starPost.id]);
      // A fan whose timeline was never cached gets it merged into the rebuild's reads too.
      expect(idsOf((await sut.feed(fans[1]!)).items)).toContain(starPost.id);
    });

    it('include an author who outgrew fan-out after the reader’s timeline was cached', async () => {
      const rising = await sut.user();
      const early = await sut.user();
      await sut.follow(early, rising);
      const first = await sut.post(rising, 'while small');
      expect(await sut.waitForFanOut(first.id)).toEqual({ delivered: 1, mergedOnRead: false });
      expect(idsOf((await sut.feed(early)).items)).toEqual([first.id]);

      for (let i = 0; i < MAX_FOLLOWERS; i += 1) await sut.follow(await sut.user(), rising);
      const second = await sut.post(rising, 'now famous');
      expect(await sut.waitForFanOut(second.id)).toEqual({ delivered: 0, mergedOnRead: true });
      expect(idsOf((await sut.feed(early)).items)).toEqual([second.id, first.id]);
    });

    it('are merged in order even where the reader pages past the cache', async () => {
      const reader = await sut.user();
      const friend = await sut.user();
      await sut.follow(reader, friend);
      await sut.follow(reader, star);
      await sut.feed(reader);
      const before: { id: string }[] = await sut.dataSource.query(
        `SELECT id FROM timeline.tweets WHERE author_id = $1 ORDER BY created_at DESC, id DESC`,
        [star],
      );
      const posts = await postInTurn([friend, star], 24);

      expect(await cached(reader)).toHaveLength(MAX_LENGTH);
      expect(await everything(reader, 7)).toEqual([...newestFirst(posts), ...idsOf(before)]);
    });
  });
});
