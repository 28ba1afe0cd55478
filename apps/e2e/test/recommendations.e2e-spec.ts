import type { Recommendation } from '@wave/contracts';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

interface Member {
  client: ApiClient;
  id: string;
  username: string;
}

/**
 * Recommendations through the gateway: the whole stack, the signals travelling from identity,
 * timeline and communities through their outboxes to the recommendations service.
 */
describe('recommendations through the gateway', () => {
  let stack: Stack;
  let me: Member;
  let grace: Member;
  let alan: Member;
  let ada: Member;

  const member = async (prefix: string): Promise<Member> => {
    const client = new ApiClient(stack.gateway.url);
    const account = newAccount(prefix);
    const registered = await client.post<{ id: string }>('/api/register', account);
    expect(registered.status).toBe(201);
    return { client, id: registered.body.id, username: account.username };
  };
  const recommendations = async (client: ApiClient, max = 20): Promise<Recommendation[]> => {
    const answer = await client.get<Recommendation[]>(
      `/api/ai/recommendations?maxRecommendations=${max}`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const follow = async (from: Member, to: Member) => {
    expect((await from.client.post(`/api/users/${to.id}/follow`)).status).toBe(200);
  };

  beforeAll(async () => {
    stack = await startStack('recommendations');
    me = await member('me');
    grace = await member('grace');
    alan = await member('alan');
    ada = await member('ada');
    await follow(me, grace);
    await follow(me, alan);
    await follow(grace, ada);
    await follow(alan, ada);
  }, 120_000);
  afterAll(() => stack?.stop());

  it('lists recommendations in /api/health', async () => {
    const health = await new ApiClient(stack.gateway.url).get<{ services: Record<string, string> }>(
      '/api/health',
    );
    expect(health.body.services['recommendations']).toBe('up');
  });

  it('answers 401 to visitors and 400 to a bad count or feedback', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    expect((await visitor.get('/api/ai/recommendations')).status).toBe(401);
    const tooMany = await me.client.get('/api/ai/recommendations?maxRecommendations=21');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: 'maxRecommendations must be at most 20' });
    const badAction = await me.client.post('/api/ai/feedback', {
      action: 'like',
      contentId: ada.id,
      contentType: 'user',
    });
    expect(badAction.status).toBe(400);
    expect(badAction.body).toEqual({ message: expect.stringContaining('action must be one of') });
  });

  it('suggests a friend of friends with the people who follow them, and five by default', async () => {
    const list = await eventually(
      () => recommendations(me.client),
      (items) => items.some((item) => item.contentId === ada.id && item.reason.includes('1 other')),
      { what: 'Ada suggested through Grace and Alan' },
    );
    expect(list.find((item) => item.contentId === ada.id)).toMatchObject({
      contentType: 'user',
      content: ada.username,
      category: 'network',
      reason: expect.stringMatching(/^Followed by @(grace|alan)\S* and 1 other you follow$/),
    });
    expect(list.map((item) => item.contentId)).not.toEqual(expect.arrayContaining([me.id]));
    expect(list.map((item) => item.contentId)).not.toContain(grace.id);
    const byDefault = await me.client.get<Recommendation[]>('/api/ai/recommendations');
    expect(byDefault.body.length).toBeLessThanOrEqual(5);
    expect(byDefault.body.length).toBeGreaterThan(0);
  });

  it('takes a member out of the suggestions the moment they are followed', async () => {
    expect((await recommendations(me.client)).map((item) => item.contentId)).toContain(ada.id);
    await follow(me, ada);
    // At once: identity answers for the follow before the event reaches recommendations.
    expect((await recommendations(me.client)).map((item) => item.contentId)).not.toContain(ada.id);
  });

  it('never suggests a dismissed item again', async () => {
    const hopper = await member('hopper');
    await follow(grace, hopper);
    const list = await eventually(
      () => recommendations(me.client),
      (items) => items.some((item) => item.contentId === hopper.id),
      { what: 'Hopper suggested' },
    );
    const item = list.find((entry) => entry.contentId === hopper.id)!;
    const dismissed = await me.client.post('/api/ai/feedback', {
      action: 'dismiss',
      contentId: item.contentId,
      contentType: item.contentType,
    });
    expect(dismissed.status).toBe(204);
    expect((await recommendations(me.client)).map((entry) => entry.contentId)).not.toContain(
      hopper.id,
    );
    // A new reason to suggest Hopper (Alan follows her too), once recommendations has heard it
    // (Zed, who follows Alan only, is suggested Hopper then), and a list computed anew after it
    // (the member's own click clears their cached list): still never again.
    await follow(alan, hopper);
    const zed = await member('zed');
    await follow(zed, alan);
    await eventually(
      () => recommendations(zed.client),
      (items) => items.some((entry) => entry.contentId === hopper.id),
      { what: 'Hopper suggested to Zed through Alan' },
    );
    const clicked = await me.client.post('/api/ai/feedback', {
      action: 'click',
      contentId: zed.id,
      contentType: 'user',
    });
    expect(clicked.status).toBe(204);
    expect((await recommendations(me.client)).map((entry) => entry.contentId)).not.toContain(
      hopper.id,
    );
  });

  it('suggests communities and posts, and takes a joined community out at once', async () => {
    const created = await grace.client.post<{ id: string }>('/api/communities', {
      name: 'Compiler Fans',
      category: 'Technology',
    });
    expect(created.status).toBe(201);
    const post = await grace.client.post<{ id: string }>('/api/tweets', {
      content: 'Parsing is fun #compilers',
    });
    expect(post.status).toBe(201);
    await ada.client.post(`/api/tweets/${post.body.id}/like`);
    const fresh = await member('fresh');
    const list = await eventually(
      () => recommendations(fresh.client),
      (items) =>
        items.some((item) => item.contentId === created.body.id) &&
        items.some((item) => item.contentId === post.body.id),
      { what: 'the community and the post suggested to a new member' },
    );
    expect(list.find((item) => item.contentId === created.body.id)).toMatchObject({
      contentType: 'community',
      content: 'Compiler Fans',
    });
    expect(list.find((item) => item.contentId === post.body.id)).toMatchObject({
      contentType: 'post',
      content: 'Parsing is fun #compilers',
    });
    expect((await fresh.client.post(`/api/communities/${created.body.id}/join`)).status).toBe(200);
    expect((await recommendations(fresh.client)).map((item) => item.contentId)).not.toContain(
      created.body.id,
    );
    const click = await fresh.client.post('/api/ai/feedback', {
      action: 'click',
      contentId: post.body.id,
      contentType: 'post',
      score: 0.42,
    });
    expect(click.status).toBe(204);
  });
});
