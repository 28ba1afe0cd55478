import { QueryClient } from '@tanstack/react-query';
import type { FeedItemResponse } from '@wave/contracts';
import { infinite, makeTweet, page } from '../testing/tweet-test-utils';
import {
  findTweetInData,
  removeTweetFromData,
  tweetCache,
  updateTweetsInData,
  withLike,
  withLikeState,
  withRepliesDelta,
  withRetweet,
  withRetweetState,
} from './tweet-cache';
import { tweetKeys } from './tweet-keys';

describe('optimistic patches', () => {
  it('likes and unlikes, moving the count by one', () => {
    const tweet = makeTweet({ likesCount: 3 });
    const liked = withLike(tweet, true);
    expect(liked).toMatchObject({ isLiked: true, likesCount: 4 });
    expect(withLike(liked, false)).toMatchObject({ isLiked: false, likesCount: 3 });
    expect(tweet).toMatchObject({ isLiked: false, likesCount: 3 });
  });

  it('keeps the same object when nothing changes', () => {
    const tweet = makeTweet({ isLiked: true, likesCount: 1 });
    expect(withLike(tweet, true)).toBe(tweet);
    expect(withLikeState(tweet, { isLiked: true, likesCount: 1 })).toBe(tweet);
    expect(withRepliesDelta(tweet, 0)).toBe(tweet);
  });

  it('never counts below zero', () => {
    expect(withLike(makeTweet({ isLiked: true, likesCount: 0 }), false).likesCount).toBe(0);
    expect(withRepliesDelta(makeTweet({ repliesCount: 0 }), -1).repliesCount).toBe(0);
  });

  it('retweets and applies server states', () => {
    const tweet = makeTweet({ retweetsCount: 9 });
    expect(withRetweet(tweet, true)).toMatchObject({ isRetweeted: true, retweetsCount: 10 });
    expect(withRetweetState(tweet, { isRetweeted: true, retweetsCount: 12 })).toMatchObject({
      isRetweeted: true,
      retweetsCount: 12,
    });
  });

  it('keeps feed fields (retweetedBy) when patching', () => {
    const retweetedBy = { id: 'u', username: 'linus', displayName: 'Linus' };
    expect(withLike(makeTweet({ retweetedBy }), true).retweetedBy).toBe(retweetedBy);
  });
});

describe('patching cached data', () => {
  const a = makeTweet();
  const b = makeTweet();
  const retweetOfA: FeedItemResponse = {
    ...a,
    retweetedBy: { id: 'u', username: 'linus', displayName: 'Linus' },
  };
  const list = infinite(page([a, b], 'next'), page([retweetOfA]));

  it('patches every copy of the post in pages (a post and its retweet entry)', () => {
    const next = updateTweetsInData(
      list,
      (tweet) => tweet.id === a.id,
      (tweet) => withLike(tweet, true),
    ) as typeof list;
    expect(next.pages[0]?.items[0]?.isLiked).toBe(true);
    expect(next.pages[1]?.items[0]?.isLiked).toBe(true);
    expect(next.pages[0]?.items[1]).toBe(b);
  });

  it('patches a single post, and leaves other data alone', () => {
    expect(
      updateTweetsInData(
        a,
        () => true,
        (tweet) => withLike(tweet, true),
      ),
    ).toMatchObject({ isLiked: true });
    const other = { something: 'else' };
    expect(
      updateTweetsInData(
        other,
        () => true,
        (tweet) => withLike(tweet, true),
      ),
    ).toBe(other);
  });

  it('returns the same data when the post is not there', () => {
    expect(
      updateTweetsInData(
        list,
        () => false,
        (tweet) => withLike(tweet, true),
      ),
    ).toBe(list);
  });

  it('removes a post from lists (all its entries)', () => {
    const next = removeTweetFromData(list, a.id) as typeof list;
    expect(next.pages.flatMap((p) => p.items)).toEqual([b]);
    expect(removeTweetFromData(a, a.id)).toBe(a);
  });

  it('finds a post', () => {
    expect(findTweetInData(list, b.id)).toBe(b);
    expect(findTweetInData(a, a.id)).toBe(a);
    expect(findTweetInData(a, b.id)).toBeUndefined();
    expect(findTweetInData(undefined, a.id)).toBeUndefined();
  });
});

describe(tweetCache.name, () => {
  it('reaches the feed, the post page, replies and user lists alike', () => {
    const queryClient = new QueryClient();
    const tweet = makeTweet();
    queryClient.setQueryData(tweetKeys.feed(), infinite(page([tweet])));
    queryClient.setQueryData(tweetKeys.detail(tweet.id), tweet);
    queryClient.setQueryData(tweetKeys.byUser('grace'), infinite(page([tweet])));
    queryClient.setQueryData(['link-preview', 'https://x.test/'], { url: 'https://x.test/' });
    const sut = tweetCache(queryClient);

    sut.update(tweet.id, (cached) => withLike(cached, true));

    expect(queryClient.getQueryData<typeof tweet>(tweetKeys.detail(tweet.id))?.isLiked).toBe(true);
    for (const key of [tweetKeys.feed(), tweetKeys.byUser('grace')]) {
      const data = queryClient.getQueryData<ReturnType<typeof infinite<typeof tweet>>>(key);
      expect(data?.pages[0]?.items[0]?.isLiked).toBe(true);
    }
    expect(sut.find(tweet.id)?.likesCount).toBe(1);

    sut.remove(tweet.id);
    expect(queryClient.getQueryData(tweetKeys.detail(tweet.id))).toBeUndefined();
    const feed = queryClient.getQueryData<ReturnType<typeof infinite<typeof tweet>>>(
      tweetKeys.feed(),
    );
    expect(feed?.pages[0]?.items).toEqual([]);
    expect(queryClient.getQueryData(['link-preview', 'https://x.test/'])).toEqual({
      url: 'https://x.test/',
    });
  });
});
