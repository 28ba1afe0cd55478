import type { TweetState } from '../tweets/tweets.repository';
import {
  AuthorDecoder,
  decodeAuthor,
  decodePin,
  decodeRelation,
  decodeTweet,
  encodeAuthor,
  encodePin,
  encodeRelation,
  encodeTombstone,
  encodeTweet,
  splitVersioned,
  TOMBSTONE_VERSION,
  TweetDecoder,
} from './tweet-cache.codec';

const state: TweetState = {
  id: '01a2234f-2f70-72cd-a277-d03a06c657a1',
  authorId: '01a2234f-2f63-746f-a523-2c32ae73f2e7',
  content: 'Hello "world" \u2014 with a space',
  imageUrls: ['/objects/uploads/a'],
  linkPreview: {
    url: 'https://a.example',
    title: 'A',
    description: null,
    image: null,
    siteName: null,
  },
  parentId: null,
  repliesCount: 2,
  retweetsCount: 3,
  likesCount: 4,
  createdAt: new Date('2026-11-28T10:00:00.123Z'),
  editedAt: null,
  version: 7,
};

describe('tweet cache values', () => {
  it('reads back a tweet as it was written', () => {
    expect(decodeTweet(state.id, `7 ${encodeTweet(state)}`)).toEqual(state);
    const edited = { ...state, editedAt: new Date('2026-11-28T11:00:00Z') };
    expect(decodeTweet(state.id, `7 ${encodeTweet(edited)}`)).toEqual(edited);
  });

  it('reads a tombstone as a deleted tweet', () => {
    expect(decodeTweet(state.id, `${TOMBSTONE_VERSION} ${encodeTombstone()}`)).toBe('deleted');
  });

  it('reads anything else as a miss', () => {
    for (const value of ['', 'x', '7', '7 {', '7 [1,2]', 'x [1]', '-1 []', '1.5 []']) {
      expect(decodeTweet(state.id, value)).toBeNull();
      expect(decodeAuthor(state.id, value)).toBeNull();
      expect(decodeRelation(value)).toBeNull();
    }
  });

  it('splits the version from the body at the first space only', () => {
    expect(splitVersioned('12 a b')).toEqual({ version: 12, body: 'a b' });
  });

  it('reads back a pin, and no pin', () => {
    expect(decodePin('u', `4 ${encodePin(state.id)}`)).toEqual({
      userId: 'u',
      tweetId: state.id,
      version: 4,
    });
    expect(decodePin('u', `5 ${encodePin(null)}`)).toEqual({
      userId: 'u',
      tweetId: null,
      version: 5,
    });
    expect(decodePin('u', '5 not-an-id')).toBeNull();
  });

  it('reads back an author and a relation', () => {
    const author = {
      username: 'ada',
      displayName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: null,
      profileImageUrl: null,
      verified: true,
    };
    expect(decodeAuthor('id', `3 ${encodeAuthor(author)}`)).toEqual({
      id: 'id',
      version: 3,
      author,
    });
    for (const liked of [true, false]) {
      for (const retweeted of [true, false]) {
        expect(decodeRelation(`9 ${encodeRelation({ liked, retweeted })}`)).toEqual({
          version: 9,
          liked,
          retweeted,
        });
      }
    }
  });
});

describe('TweetDecoder', () => {
  const value = (tweet: TweetState) => `${tweet.version} ${encodeTweet(tweet)}`;

  it('gives every read an object of its own, equal to the value, also when it kept the value', () => {
    const decoder = new TweetDecoder();
    const first = decoder.decode(state.id, value(state));
    expect(first).toEqual(state);
    // A read completes its object in place (TweetViewsService.views): the next read must not see it.
    Object.assign(first as object, { content: 'changed by a read', isLiked: true });
    const second = decoder.decode(state.id, value(state));
    expect(second).toEqual(state);
    expect(second).not.toBe(first);
    Object.assign(second as object, { likesCount: 99 });
    expect(decoder.decode(state.id, value(state))).toEqual(state);
  });

  it('decodes a changed value anew: a new version, or a tombstone', () => {
    const decoder = new TweetDecoder();
    decoder.decode(state.id, value(state));
    const liked = { ...state, likesCount: 5, version: 8 };
    expect(decoder.decode(state.id, value(liked))).toEqual(liked);
    expect(decoder.decode(state.id, `${TOMBSTONE_VERSION} ${encodeTombstone()}`)).toBe('deleted');
    expect(decoder.decode(state.id, '8 not json')).toBeNull();
  });

  it('keeps at most what it is given, and stays right past it (it starts again empty)', () => {
    const decoder = new TweetDecoder(3);
    const ids = Array.from(
      { length: 8 },
      (_, index) => `01a2234f-2f70-72cd-a277-${String(index).padStart(12, '0')}`,
    );
    for (const id of ids) {
      expect(decoder.decode(id, value({ ...state, id }))).toEqual({ ...state, id });
      expect(decoder.size).toBeLessThanOrEqual(3);
    }
    for (const id of ids) {
      expect(decoder.decode(id, value({ ...state, id }))).toEqual({ ...state, id });
    }
    // A tweet deleted (or a value that is none) is not kept.
    decoder.decode(ids[7]!, `${TOMBSTONE_VERSION} ${encodeTombstone()}`);
    decoder.decode(ids[6]!, 'not a value');
    expect(decoder.size).toBeLessThanOrEqual(1);
  });
});

describe('AuthorDecoder', () => {
  const ada = {
    username: 'ada',
    displayName: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: null,
    profileImageUrl: null,
    verified: true,
  };
  const value = (version: number, author = ada) => `${version} ${encodeAuthor(author)}`;

  it('gives every read an author of its own, also when it kept the value', () => {
    const decoder = new AuthorDecoder();
    const first = decoder.decode('a', value(3));
    expect(first).toEqual({ id: 'a', version: 3, author: ada });
    // Views hand the author object on: a change to one read's must not reach the next.
    first!.author.displayName = 'changed by a read';
    const second = decoder.decode('a', value(3));
    expect(second).toEqual({ id: 'a', version: 3, author: ada });
    expect(second!.author).not.toBe(first!.author);
  });

  it('decodes a changed value anew, forgets one that is none, and keeps at most what it is given', () => {
    const decoder = new AuthorDecoder(2);
    decoder.decode('a', value(3));
    const renamed = { ...ada, displayName: 'Countess of Lovelace' };
    expect(decoder.decode('a', value(4, renamed))).toEqual({
      id: 'a',
      version: 4,
      author: renamed,
    });
    expect(decoder.decode('a', '5 not json')).toBeNull();
    expect(decoder.size).toBe(0);
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      expect(decoder.decode(id, value(1))).toEqual({ id, version: 1, author: ada });
      expect(decoder.size).toBeLessThanOrEqual(2);
    }
  });
});
