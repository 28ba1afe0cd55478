import { hourStartOf, rollupRows } from './rollup-increments.util';

const ada = '0190b1de-1111-7000-8000-00000000000a';
const post = '0190b1de-2222-7000-8000-000000000001';

describe(rollupRows.name, () => {
  it('sums increments per hour and per UTC day, in key order', () => {
    const sut = rollupRows({
      users: [
        { userId: ada, at: new Date('2026-11-25T10:59:59Z'), field: 'likes', n: 1 },
        { userId: ada, at: new Date('2026-11-25T10:00:00Z'), field: 'likes', n: 1 },
        { userId: ada, at: new Date('2026-11-25T09:30:00Z'), field: 'follows', n: 1 },
        { userId: ada, at: new Date('2026-11-24T23:59:59Z'), field: 'views', n: 3 },
        { userId: ada, at: new Date('2026-11-24T23:00:00Z'), field: 'views', n: 0 },
      ],
      posts: [
        {
          postId: post,
          authorId: ada,
          at: new Date('2026-11-25T10:10:00Z'),
          field: 'replies',
          n: 2,
        },
      ],
    });
    expect(
      sut.userHourly.map((row) => [
        row.key[1],
        row.counts.likes,
        row.counts.follows,
        row.counts.views,
      ]),
    ).toEqual([
      ['2026-11-24T23:00:00.000Z', 0, 0, 3],
      ['2026-11-25T09:00:00.000Z', 0, 1, 0],
      ['2026-11-25T10:00:00.000Z', 2, 0, 0],
    ]);
    expect(sut.userDaily.map((row) => [row.key[1], row.counts.likes, row.counts.views])).toEqual([
      ['2026-11-24', 0, 3],
      ['2026-11-25', 2, 0],
    ]);
    expect(sut.postHourly).toEqual([
      {
        key: [post, '2026-11-25T10:00:00.000Z', ada],
        counts: { views: 0, likes: 0, unlikes: 0, replies: 2, retweets: 0, unretweets: 0 },
      },
    ]);
    expect(sut.postDaily[0]?.key).toEqual([post, '2026-11-25', ada]);
  });

  it('starts an hour on the hour', () => {
    expect(hourStartOf(new Date('2026-11-25T10:59:59.999Z')).toISOString()).toBe(
      '2026-11-25T10:00:00.000Z',
    );
  });
});
