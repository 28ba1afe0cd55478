import { v7 as uuidv7 } from 'uuid';
import type { FeedEntry } from '../src/feeds/feed-entry.util';
import { BUILDING_MARKER, COMPLETE_MARKER } from '../src/feeds/feed-entry.util';
import { HomeTimelineStore, TOKEN_SPREAD } from '../src/feeds/home-timeline.store';
import { TimelineHarness } from './timeline-harness';

/**
 * The rebuild of a cached home timeline, against Redis: one rebuild owns a timeline at a time,
 * and only the rebuild that began the timeline now cached may finish it.
 */
describe(HomeTimelineStore.name, () => {
  const sut = new TimelineHarness();
  let store: HomeTimelineStore;

  beforeAll(async () => {
    await sut.start('home_timeline_store', { TIMELINE_MAX_LENGTH: '20' });
    store = sut.app.get(HomeTimelineStore);
  });
  afterAll(() => sut.stop());

  const post = (at: number): FeedEntry => ({ kind: 'post', tweetId: uuidv7(), at });
  const pageOf = async (reader: string) =>
    (await store.page(reader, null, 20))?.entries.map((entry) => entry.at) ?? null;

  it('is not finished by a rebuild begun before it was lost and begun again (ABA)', async () => {
    const reader = await sut.user();
    const older = await store.beginRebuild(reader);
    expect(older).not.toBeNull();
    // Lost while the first rebuild reads PostgreSQL (an unfollow drops it, or Redis evicts it),
    // then begun again by another read, which will read sources that know of the change.
    await store.invalidate(reader);
    const newer = await store.beginRebuild(reader);
    expect(newer).not.toBeNull();
    expect(newer).not.toBe(older);

    expect(await store.finishRebuild(reader, older!, [post(1_000)], true, [])).toBe(false);
    // Still being built: no read uses it yet.
    expect(await pageOf(reader)).toBeNull();

    expect(await store.finishRebuild(reader, newer!, [post(2_000)], true, [])).toBe(true);
    expect(await pageOf(reader)).toEqual([2_000]);
  });

  it('leaves a timeline to the rebuild under way: a second read serves itself', async () => {
    const reader = await sut.user();
    const first = await store.beginRebuild(reader);
    expect(first).not.toBeNull();
    expect(await store.beginRebuild(reader)).toBeNull();

    expect(await store.finishRebuild(reader, first!, [post(3_000)], true, [])).toBe(true);
    expect(await pageOf(reader)).toEqual([3_000]);
  });

  it('keeps what fan-out delivered during the rebuild, below which its marker stays', async () => {
    const reader = await sut.user();
    const token = await store.beginRebuild(reader);
    await store.addToCached([reader], post(5_000));
    expect(await store.finishRebuild(reader, token!, [post(4_000)], true, [])).toBe(true);
    expect(await pageOf(reader)).toEqual([5_000, 4_000]);
  });

  it('keeps a building marker when fan-out fills the timeline past its bound meanwhile', async () => {
    const reader = await sut.user();
    const token = await store.beginRebuild(reader);
    const max = sut.config.TIMELINE_MAX_LENGTH;
    for (let at = 1; at <= max + 5; at += 1) await store.addToCached([reader], post(at * 1_000));
    const cached = await sut.cachedTimeline(reader);
    expect(cached[0]).toBe(BUILDING_MARKER);
    expect(cached.length).toBeLessThanOrEqual(max + 1);
    // Still being built: no read takes it for a finished timeline.
    expect(await pageOf(reader)).toBeNull();
    expect(await store.finishRebuild(reader, token!, [], false, [])).toBe(true);
    expect((await pageOf(reader))?.[0]).toBe((max + 5) * 1_000);
  });

  it('lets the reads of a timeline whose rebuild is under way serve themselves', async () => {
    const author = await sut.user();
    const reader = await sut.user();
    await sut.follow(reader, author);
    const made = await sut.post(author, 'while it was rebuilt');
    await sut.waitForFanOut(made.id);
    const token = await store.beginRebuild(reader);
    expect((await sut.feed(reader)).items.map((item) => item.id)).toEqual([made.id]);
    // Not cached by that read: the rebuild under way is the one that finishes it.
    expect(await sut.cachedTimeline(reader)).toEqual([BUILDING_MARKER]);
    expect(await store.finishRebuild(reader, token!, [], true, [])).toBe(true);
  });

  it('takes over a rebuild unfinished after 30 s (its read died), and caches the timeline', async () => {
    const author = await sut.user();
    const reader = await sut.user();
    await sut.follow(reader, author);
    const made = await sut.post(author, 'after a crash');
    await sut.loseCachedTimeline(reader);
    // What a rebuild begun 31 s ago leaves when its process dies before finishing.
    const key = `timeline:home:{${reader}}`;
    await sut.redis.zadd(
      key,
      -((Math.floor(Date.now() / 1000) - 31) * TOKEN_SPREAD),
      BUILDING_MARKER,
    );
    expect(await sut.homeTimelineKey(reader)).toBe(key);

    expect((await sut.feed(reader)).items.map((item) => item.id)).toEqual([made.id]);
    expect(await sut.cachedTimeline(reader)).toEqual([COMPLETE_MARKER, `p:${made.id}`]);
  });
});
