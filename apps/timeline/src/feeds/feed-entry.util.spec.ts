import {
  compareDescending,
  decodeFeedCursor,
  encodeFeedCursor,
  entryOf,
  isAfter,
  memberOf,
} from './feed-entry.util';

const tweetId = '0190b1de-1111-7000-8000-000000000001';
const userId = '0190b1de-2222-7000-8000-000000000002';

describe('feed entries', () => {
  it('round-trips posts and retweets through their members', () => {
    const post = { kind: 'post' as const, tweetId, at: 5 };
    const retweet = { kind: 'retweet' as const, tweetId, retweeterId: userId, at: 6 };
    expect(entryOf(memberOf(post), 5)).toEqual(post);
    expect(entryOf(memberOf(retweet), 6)).toEqual(retweet);
    expect(entryOf('.', 0)).toBeNull();
    expect(entryOf('p:not-a-uuid', 1)).toBeNull();
  });

  it('orders later first and, at the same millisecond, by member as Redis does', () => {
    const positions = [
      { at: 1, member: 'p:a' },
      { at: 2, member: 'p:a' },
      { at: 2, member: 'p:b' },
    ];
    expect([...positions].sort(compareDescending)).toEqual([
      { at: 2, member: 'p:b' },
      { at: 2, member: 'p:a' },
      { at: 1, member: 'p:a' },
    ]);
    expect(isAfter({ at: 2, member: 'p:a' }, { at: 2, member: 'p:b' })).toBe(true);
    expect(isAfter({ at: 2, member: 'p:b' }, { at: 2, member: 'p:b' })).toBe(false);
    expect(isAfter({ at: 3, member: 'p:a' }, { at: 2, member: 'p:b' })).toBe(false);
  });

  it('encodes cursors opaquely and refuses forged ones', () => {
    const position = { at: 1_795_000_000_123, member: `r:${tweetId}:${userId}` };
    expect(decodeFeedCursor(encodeFeedCursor(position))).toEqual(position);
    expect(decodeFeedCursor('garbage!')).toBeNull();
    expect(decodeFeedCursor(Buffer.from('12~p:nope').toString('base64url'))).toBeNull();
  });
});
