import type { SearchResult, TrendResponse } from '@wave/contracts';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

interface User {
  id: string;
  username: string;
}

describe('search through the gateway', () => {
  let stack: Stack;
  let ada: ApiClient;
  let grace: ApiClient;
  let adaUser: User;

  const search = async (client: ApiClient, query: string) => {
    const response = await client.get<SearchResult[]>(`/api/search?${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    stack = await startStack('search');
    ada = new ApiClient(stack.gateway.url);
    grace = new ApiClient(stack.gateway.url);
    const account = newAccount('ada');
    adaUser = (await ada.post<User>('/api/register', { ...account, displayName: 'Ada Lovelace' }))
      .body;
    await grace.post('/api/register', newAccount('grace'));
  });
  afterAll(() => stack?.stop());

  it('finds a new post within seconds, by its words, a typo and its hashtag; never after deletion', async () => {
    const posted = await ada.post<{ id: string }>('/api/tweets', {
      content: 'The Analytical Engine weaves algebraic patterns #computing',
    });
    expect(posted.status).toBe(201);
    const started = Date.now();
    const found = await eventually(
      () => search(grace, 'q=algebraic&type=posts'),
      (results) => results.some((result) => result.id === posted.body.id),
      { timeoutMs: 5_000 },
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(5_000);
    expect(found[0]).toMatchObject({
      type: 'post',
      username: adaUser.username,
      displayName: 'Ada Lovelace',
      content: 'The Analytical Engine weaves algebraic patterns #computing',
    });
    expect((await search(grace, 'q=algebriac%20patterns&type=posts')).map((r) => r.id)).toEqual([
      posted.body.id,
    ]);
    const tags = await search(grace, 'q=%23comput&type=hashtags');
    expect(tags[0]).toMatchObject({ type: 'hashtag', id: 'computing', count: 1 });
    const trends = await grace.get<TrendResponse[]>('/api/trends');
    expect(trends.body.map((trend) => trend.tag)).toContain('computing');

    expect((await ada.delete(`/api/tweets/${posted.body.id}`)).status).toBe(204);
    await eventually(
      () => search(grace, 'q=algebraic&type=posts'),
      (results) => results.length === 0,
    );
  });

  it('finds people by handle and name, as identity last described them', async () => {
    const byHandle = await eventually(
      () => search(grace, `q=${adaUser.username}&type=users`),
      (results) => results.length > 0,
    );
    expect(byHandle[0]).toMatchObject({
      type: 'user',
      id: adaUser.id,
      displayName: 'Ada Lovelace',
    });
    expect(
      (await ada.put('/api/users/profile', { displayName: 'Countess of Lovelace' })).status,
    ).toBe(200);
    await eventually(
      () => search(grace, 'q=countess&type=users'),
      (results) => results[0]?.id === adaUser.id,
    );
  });

  it('validates the query and records chosen results', async () => {
    const tooLong = await grace.get(`/api/search?q=${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: 'q must be at most 200 characters' });
    expect((await grace.get('/api/search?q=a&type=planets')).status).toBe(400);
    const click = await grace.post('/api/search/analytics', {
      query: 'ada',
      resultId: adaUser.id,
      resultType: 'user',
    });
    expect(click.status).toBe(204);
    const visitor = new ApiClient(stack.gateway.url);
    expect((await visitor.get('/api/search?q=ada')).status).toBe(200);
  });
});
