import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';
import { eventually } from '@wave/testing';

interface User {
  id: string;
  username: string;
  pinnedTweetId: string | null;
}
interface Tweet {
  id: string;
  content: string;
  authorId: string;
  author: { id: string; username: string; displayName: string };
  parentId: string | null;
  likesCount: number;
  retweetsCount: number;
  repliesCount: number;
  isLiked: boolean;
  isRetweeted: boolean;
  isPinned: boolean;
  retweetedBy?: { id: string; username: string } | null;
}
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describe('posts through the gateway', () => {
  let stack: Stack;
  let ada: ApiClient;
  let grace: ApiClient;
  let adaUser: User;
  let graceUser: User;

  beforeAll(async () => {
    stack = await startStack('tweets');
    ada = new ApiClient(stack.gateway.url);
    grace = new ApiClient(stack.gateway.url);
    adaUser = (await ada.post<User>('/api/register', newAccount('ada'))).body;
    graceUser = (await grace.post<User>('/api/register', newAccount('grace'))).body;
  });
  afterAll(() => stack?.stop());

  it('posts right after signing up, with the author shown', async () => {
    const response = await ada.post<Tweet>('/api/tweets', {
      content: '  Hello #wave from @grace  ',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      content: 'Hello #wave from @grace',
      authorId: adaUser.id,
      author: { id: adaUser.id, username: adaUser.username },
      likesCount: 0,
      isLiked: false,
      parentId: null,
    });
  });

  it('refuses visitors and bad posts with clear messages', async () => {
    const visitor = await new ApiClient(stack.gateway.url).post('/api/tweets', { content: 'hi' });
    expect(visitor.status).toBe(401);
    const blank = await ada.post('/api/tweets', { content: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'A post needs text or an image' });
    const long = await ada.post('/api/tweets', { content: 'x'.repeat(281) });
    expect(long.body).toEqual({ message: 'A post can be at most 280 characters' });
    const malformed = await ada.get('/api/tweets/not-an-id');
    expect(malformed.status).toBe(400);
    expect((await ada.get('/api/tweets/0190b1de-1111-7000-8000-00000000dead')).status).toBe(404);
  });

  it('lets the author alone edit, pin and delete a post', async () => {
    const post = (await ada.post<Tweet>('/api/tweets', { content: 'original' })).body;
    for (const response of [
      await grace.put(`/api/tweets/${post.id}`, { content: 'hijacked' }),
      await grace.delete(`/api/tweets/${post.id}`),
      await grace.post(`/api/tweets/${post.id}/pin`),
    ]) {
      expect(response.status).toBe(403);
    }
    expect((await ada.get<Tweet>(`/api/tweets/${post.id}`)).body.content).toBe('original');
    const edited = await ada.put<Tweet>(`/api/tweets/${post.id}`, { content: 'edited' });
    expect(edited.body.content).toBe('edited');
    expect((await ada.delete(`/api/tweets/${post.id}`)).status).toBe(204);
    expect((await ada.get(`/api/tweets/${post.id}`)).status).toBe(404);
  });

  it('likes, retweets and replies with exact counters', async () => {
    const post = (await ada.post<Tweet>('/api/tweets', { content: 'count me' })).body;
    const likes = await Promise.all(
      Array.from({ length: 6 }, () => grace.post(`/api/tweets/${post.id}/like`)),
    );
    expect(likes.every((response) => response.status === 200)).toBe(true);
    expect(await grace.post(`/api/tweets/${post.id}/retweet`)).toMatchObject({
      body: { tweetId: post.id, isLiked: true, isRetweeted: true, likesCount: 1, retweetsCount: 1 },
    });
    const reply = await grace.post<Tweet>(`/api/tweets/${post.id}/reply`, { content: 'a reply' });
    expect(reply.status).toBe(201);
    expect(reply.body.parentId).toBe(post.id);

    const seenByGrace = (await grace.get<Tweet>(`/api/tweets/${post.id}`)).body;
    expect(seenByGrace).toMatchObject({
      likesCount: 1,
      retweetsCount: 1,
      repliesCount: 1,
      isLiked: true,
      isRetweeted: true,
    });
    const seenByAda = (await ada.get<Tweet>(`/api/tweets/${post.id}`)).body;
    expect(seenByAda).toMatchObject({ isLiked: false, isRetweeted: false });
    const replies = (await ada.get<Page<Tweet>>(`/api/tweets/${post.id}/replies`)).body;
    expect(replies.items.map((item) => item.id)).toEqual([reply.body.id]);

    expect((await grace.delete(`/api/tweets/${post.id}/like`)).body).toMatchObject({
      isLiked: false,
      likesCount: 0,
    });
  });

  it('pins one post, shown first on the profile and as pinnedTweetId', async () => {
    const first = (await grace.post<Tweet>('/api/tweets', { content: 'pin me' })).body;
    await grace.post<Tweet>('/api/tweets', { content: 'newer post' });
    const pinned = await grace.post<Tweet>(`/api/tweets/${first.id}/pin`);
    expect(pinned.body.isPinned).toBe(true);

    const posts = (await ada.get<Page<Tweet>>(`/api/users/${graceUser.username}/tweets`)).body;
    expect(posts.items[0]?.id).toBe(first.id);
    expect(posts.items.filter((item) => item.id === first.id)).toHaveLength(1);

    await eventually(
      async () => (await ada.get<User>(`/api/users/${graceUser.id}`)).body.pinnedTweetId,
      (value) => value === first.id,
    );
    expect((await grace.delete('/api/tweets/pin')).status).toBe(204);
    await eventually(
      async () => (await ada.get<User>(`/api/users/${graceUser.id}`)).body.pinnedTweetId,
      (value) => value === null,
    );
  });

  it('builds the home timeline from follows made in identity', async () => {
    const reader = new ApiClient(stack.gateway.url);
    await reader.post('/api/register', newAccount('reader'));
    expect((await reader.post(`/api/users/${graceUser.id}/follow`)).status).toBe(200);
    // Let timeline learn of the follow before it is read (the first read caches the timeline).
    await eventually(
      async () =>
        (await reader.get<Page<Tweet>>('/api/tweets')).body.items.some(
          (item) => item.authorId === graceUser.id,
        ),
      Boolean,
    );
    const fresh = (
      await grace.post<Tweet>('/api/tweets', { content: 'fanned out to my followers' })
    ).body;
    const timeline = await eventually(
      async () => (await reader.get<Page<Tweet>>('/api/tweets')).body,
      (page) => page.items[0]?.id === fresh.id,
    );
    // Only grace's posts, or posts grace retweeted.
    expect(
      timeline.items.every(
        (item) => item.authorId === graceUser.id || item.retweetedBy?.id === graceUser.id,
      ),
    ).toBe(true);

    const retweeted = (await ada.post<Tweet>('/api/tweets', { content: 'retweet this' })).body;
    await grace.post(`/api/tweets/${retweeted.id}/retweet`);
    const withRetweet = await eventually(
      async () => (await reader.get<Page<Tweet>>('/api/tweets')).body,
      (page) => page.items.some((item) => item.id === retweeted.id),
    );
    expect(withRetweet.items.find((item) => item.id === retweeted.id)?.retweetedBy).toMatchObject({
      id: graceUser.id,
    });
  });

  it('shows visitors the public timeline', async () => {
    for (let i = 0; i < 6; i += 1) await ada.post('/api/tweets', { content: `public ${i}` });
    const page = await new ApiClient(stack.gateway.url).get<Page<Tweet>>('/api/tweets?limit=5');
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeGreaterThan(0);
    expect(page.body.items.every((item) => item.parentId === null)).toBe(true);
    const next = await new ApiClient(stack.gateway.url).get<Page<Tweet>>(
      `/api/tweets?limit=5&cursor=${page.body.nextCursor}`,
    );
    expect(next.status).toBe(200);
    expect(next.body.items.length).toBeGreaterThan(0);
    const firstPage = new Set(page.body.items.map((item) => item.id));
    expect(next.body.items.some((item) => firstPage.has(item.id))).toBe(false);
  });

  it('takes a large body only where an inline image may come', async () => {
    const post = (await ada.post<Tweet>('/api/tweets', { content: 'small' })).body;
    const edit = await ada.put(`/api/tweets/${post.id}`, { content: 'x'.repeat(1_200_000) });
    expect(edit.status).toBe(413);
    const create = await ada.post('/api/tweets', { content: 'x'.repeat(1_200_000) });
    expect(create.status).toBe(400);
    expect(create.body).toEqual({ message: 'A post can be at most 280 characters' });
  });
});
