import type { PostViewsResponse } from '@wave/contracts';
import { v7 as uuidv7 } from 'uuid';
import { AnalyticsHarness, visitorKey } from './analytics-harness';

describe('view counts of posts (GET /api/analytics/views)', () => {
  const sut = new AnalyticsHarness();
  const author = uuidv7();

  beforeAll(() => sut.start('post-views'));
  afterAll(() => sut.stop());

  const viewsOf = async (ids: string[], as: string | null = null) => {
    const answer = await sut.call('GET', `/api/analytics/views?ids=${ids.join(',')}`, { as });
    expect(answer.statusCode).toBe(200);
    return answer.json<PostViewsResponse>().views;
  };

  /** Each post's lifetime counts must always equal the sum of its daily rollups. */
  const expectTotalsMatchRollups = async (postIds: string[]) => {
    const rows: {
      id: string;
      total: number;
      rolled: number;
      likes: number;
      rolled_likes: number;
    }[] = await sut.dataSource.query(
      `SELECT p.id, p.views AS total, p.likes - p.unlikes AS likes,
                coalesce((SELECT sum(views) FROM post_daily_stats d WHERE d.post_id = p.id), 0)::int AS rolled,
                coalesce((SELECT sum(likes - unlikes) FROM post_daily_stats d WHERE d.post_id = p.id), 0)::int
                  AS rolled_likes
         FROM posts p WHERE p.id = ANY($1::uuid[])`,
      [postIds],
    );
    expect(rows).toHaveLength(postIds.length);
    for (const row of rows) {
      expect({ id: row.id, views: row.total, likes: row.likes }).toEqual({
        id: row.id,
        views: row.rolled,
        likes: row.rolled_likes,
      });
    }
  };

  it('gives every post its counted views, to visitors and members alike', async () => {
    const seen = await sut.post(author);
    const unseen = await sut.post(author);
    const member = uuidv7();
    sut.track(`/tweet/${seen}`, { as: member });
    await sut.impressions([seen], { as: member }); // the same viewer, the same day: once
    await sut.impressions([seen], { visitor: visitorKey(1) });
    await sut.impressions([seen], { visitor: visitorKey(2) });
    await sut.settleViews();
    expect(await viewsOf([seen, unseen])).toEqual({ [seen]: 3, [unseen]: 0 });
    expect(await viewsOf([seen], member)).toEqual({ [seen]: 3 });
    await expectTotalsMatchRollups([seen, unseen]);
  });

  it('counts views heard before their post once the post arrives, and keeps likes in step', async () => {
    const early = uuidv7();
    await sut.impressions([early], { visitor: visitorKey(10) });
    await sut.settleViews();
    // Not heard of yet: 0, not missing (the post's tweet.created may still be on its way).
    expect(await viewsOf([early])).toEqual({ [early]: 0 });
    await sut.like(early, author);
    await sut.post(author, { id: early });
    expect(await viewsOf([early])).toEqual({ [early]: 1 });
    await sut.publish('like.deleted', {
      tweetId: early,
      authorId: author,
      userId: uuidv7(),
      at: new Date().toISOString(),
    });
    await sut.like(early, author);
    await expectTotalsMatchRollups([early]);
  });

  it('leaves deleted posts out, and reads each id once', async () => {
    const gone = await sut.post(author);
    const kept = await sut.post(author);
    await sut.publish('tweet.deleted', {
      tweetId: gone,
      authorId: author,
      parentId: null,
      deletedAt: new Date().toISOString(),
    });
    expect(await viewsOf([gone, kept, kept.toUpperCase()])).toEqual({ [kept]: 0 });
  });

  it('refuses what is not a list of up to 100 post ids, with a clear message', async () => {
    const cases: [string, string][] = [
      ['/api/analytics/views', 'ids is required'],
      ['/api/analytics/views?ids=', 'ids is required'],
      ['/api/analytics/views?ids=1,2', 'ids must be a valid id'],
      [`/api/analytics/views?ids=${uuidv7()},,`, 'ids must be a valid id'],
      [`/api/analytics/views?ids=${uuidv7()}&ids=${uuidv7()}`, 'ids must be text'],
      ['/api/analytics/views?ids=a%00b', 'ids must not contain control characters'],
      [
        `/api/analytics/views?ids=${Array.from({ length: 101 }, () => uuidv7()).join(',')}`,
        'ids can name at most 100 posts',
      ],
    ];
    for (const [url, message] of cases) {
      const answer = await sut.call('GET', url);
      expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({
        url,
        status: 400,
        body: { message },
      });
    }
  });
});
