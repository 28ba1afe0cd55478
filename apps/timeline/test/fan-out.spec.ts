import { v7 as uuidv7 } from 'uuid';
import { FanOutService } from '../src/feeds/fan-out.service';
import { HomeTimelineStore } from '../src/feeds/home-timeline.store';
import { TimelineHarness } from './timeline-harness';

/**
 * Where fan-out runs: with the post's event when the author's followers fit in one batch, in a
 * resumable fan-out job when they do not. Either way every cached timeline gets the post once.
 */
describe(FanOutService.name, () => {
  const sut = new TimelineHarness();
  const BATCH = 3;

  beforeAll(() => sut.start('fan_out', { FANOUT_BATCH_SIZE: String(BATCH) }));
  afterAll(() => sut.stop());

  /** The posts and retweets in a cached home timeline (without its markers), oldest first. */
  const cachedEntries = async (userId: string) =>
    (await sut.cachedTimeline(userId)).filter((member) => /^[pr]:/.test(member));

  /** An author with `count` followers whose home timelines are cached. */
  const authorWithFollowers = async (count: number) => {
    const author = await sut.user();
    const followers: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const follower = await sut.user();
      await sut.follow(follower, author);
      await sut.feed(follower);
      followers.push(follower);
    }
    await sut.feed(author);
    return { author, followers };
  };

  it('delivers a post to a batch of followers with its event, without a fan-out job', async () => {
    const { author, followers } = await authorWithFollowers(BATCH);
    const post = await sut.post(author, 'to a few');

    expect(await sut.fanOutOutcome(post.id)).toEqual({ delivered: BATCH, mergedOnRead: false });
    expect(await sut.fanOutJob(`post-${post.id}`)).toBeUndefined();
    for (const reader of [author, ...followers]) {
      expect(await cachedEntries(reader)).toEqual([`p:${post.id}`]);
      expect((await sut.feed(reader)).items.map((item) => item.id)).toEqual([post.id]);
    }
  });

  it('queues a resumable fan-out job when the followers are more than a batch', async () => {
    const { author, followers } = await authorWithFollowers(BATCH + 2);
    const post = await sut.post(author, 'to many');

    expect(await sut.fanOutOutcome(post.id)).toEqual({ queued: `post-${post.id}` });
    expect(await sut.waitForFanOut(post.id)).toEqual({
      delivered: BATCH + 2,
      mergedOnRead: false,
    });
    // The job saved its progress after each batch: the last follower it reached.
    const job = await sut.fanOutJob(`post-${post.id}`);
    expect(job?.progress).toEqual({ after: [...followers].sort().at(-1) });
    for (const reader of [author, ...followers]) {
      expect(await cachedEntries(reader)).toEqual([`p:${post.id}`]);
    }
  });

  it('moves an entry already in a timeline only later: a late, older delivery leaves it', async () => {
    const reader = await sut.user();
    await sut.feed(reader);
    const store = sut.app.get(HomeTimelineStore);
    const [tweetId, retweeterId, postId] = [uuidv7(), uuidv7(), uuidv7()];
    const retweet = (at: number) => ({ kind: 'retweet' as const, tweetId, retweeterId, at });
    await store.addToCached([reader], retweet(3_000));
    await store.addToCached([reader], { kind: 'post', tweetId: postId, at: 2_000 });
    // The retweet made at 1,000 (undone, then made again at 3,000) arrives last.
    await store.addToCached([reader], retweet(1_000));
    expect(await cachedEntries(reader)).toEqual([`p:${postId}`, `r:${tweetId}:${retweeterId}`]);
  });

  it('delivers a retweet to a small audience with its event too', async () => {
    const { author: retweeter, followers } = await authorWithFollowers(2);
    const other = await sut.user();
    const post = await sut.post(other, 'worth sharing');
    await sut.call('POST', `/api/tweets/${post.id}/retweet`, { as: retweeter });

    expect(await sut.fanOutOutcome(post.id, retweeter)).toEqual({
      delivered: 2,
      mergedOnRead: false,
    });
    for (const reader of followers) {
      expect(await cachedEntries(reader)).toEqual([`r:${post.id}:${retweeter}`]);
    }
  });
});
