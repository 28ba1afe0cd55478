import type { RpcResponse } from '@wave/contracts';
import { RpcClient } from '@wave/rpc';
import { RawRpcCaller } from '@wave/testing';
import { TimelineRpcServer } from '../src/rpc/timeline-rpc.server';
import { TimelineHarness, uniqueUsername } from './timeline-harness';

type TweetItem = RpcResponse<'timeline.tweets-page'>['items'][number];

describe(TimelineRpcServer.name, () => {
  const harness = new TimelineHarness();
  let rpc: RpcClient;
  let raw: RawRpcCaller;
  let ada: string;
  let grace: string;
  const live: string[] = [];
  let deleted: string;
  let edited: string;
  let reply: string;

  const allTweets = async (limit: number) => {
    const seen: TweetItem[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await rpc.call('timeline.tweets-page', { ...(after ? { after } : {}), limit });
      pages += 1;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items);
      if (page.next === null) return { seen, pages };
      expect(page.next).toBe(page.items.at(-1)?.id);
      after = page.next;
    }
  };

  beforeAll(async () => {
    await harness.start('rpc_pages');
    rpc = new RpcClient({ url: harness.config.REDIS_URL, prefix: harness.config.REDIS_KEY_PREFIX });
    raw = new RawRpcCaller(harness.config.REDIS_URL, harness.config.REDIS_KEY_PREFIX);
    ada = await harness.user(uniqueUsername('ada'));
    grace = await harness.user(uniqueUsername('grace'));
    live.push((await harness.post(ada, 'Engines weave #Algebra and #math #Algebra')).id);
    live.push((await harness.post(grace, 'Compilers, not #2026 tags')).id);
    deleted = (await harness.post(ada, 'Gone soon #deleted')).id;
    edited = (await harness.post(grace, 'First draft #draft')).id;
    live.push(edited);
    const replied = await harness.call('POST', `/api/tweets/${live[0]}/reply`, {
      as: grace,
      body: { content: 'A reply with #replies' },
    });
    expect(replied.statusCode).toBe(201);
    reply = replied.json<{ id: string }>().id;
    live.push(reply);
    expect((await harness.call('DELETE', `/api/tweets/${deleted}`, { as: ada })).statusCode).toBe(
      204,
    );
    const edit = await harness.call('PUT', `/api/tweets/${edited}`, {
      as: grace,
      body: { content: 'Final text #Final' },
    });
    expect(edit.statusCode).toBe(200);
  });

  afterAll(async () => {
    await raw?.close();
    await rpc?.close();
    await harness.stop();
  });

  it('pages through every tweet that exists once, in id order, as tweet.created describes it', async () => {
    const { seen, pages } = await allTweets(2);
    expect(pages).toBe(2);
    expect(seen.map((tweet) => tweet.id)).toEqual([...live].sort());
    expect(seen.map((tweet) => tweet.id)).not.toContain(deleted);
    const byId = new Map(seen.map((tweet) => [tweet.id, tweet]));
    expect(byId.get(live[0] ?? '')).toEqual({
      id: live[0],
      authorId: ada,
      content: 'Engines weave #Algebra and #math #Algebra',
      hashtags: ['algebra', 'math'],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      editedAt: null,
    });
    expect(byId.get(live[1] ?? '')?.hashtags).toEqual([]);
    // The current text of an edited tweet; replies too (search indexes them).
    expect(byId.get(edited)).toMatchObject({
      content: 'Final text #Final',
      hashtags: ['final'],
      editedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(byId.get(reply)).toMatchObject({ authorId: grace, hashtags: ['replies'] });
    const rows: { id: string; created_at: Date }[] = await harness.dataSource.query(
      `SELECT id, created_at FROM timeline.tweets ORDER BY id`,
    );
    expect(seen.map((tweet) => tweet.createdAt)).toEqual(
      rows.map((row) => row.created_at.toISOString()),
    );
  });

  it('answers at most the limit; a full last page still ends with next null', async () => {
    expect((await rpc.call('timeline.tweets-page', { limit: 1 })).items).toHaveLength(1);
    const all = await rpc.call('timeline.tweets-page', { limit: live.length });
    expect(all.items).toHaveLength(live.length);
    expect(all.next).toBeNull();
  });

  it('tells which tweets exist, replies included, for the check of claims on images', async () => {
    const unknown = '0190b1de-1111-7000-8000-00000000dead';
    const answer = await rpc.call('timeline.tweets-exist', { ids: [...live, deleted, unknown] });
    expect(answer.existing.sort()).toEqual([...live].sort());
    await expect(
      rpc.call('timeline.tweets-exist', { ids: Array(501).fill(unknown) }),
    ).rejects.toThrow();
  });

  it('refuses a limit out of 1..1000 or a cursor that is not an id', async () => {
    await expect(rpc.call('timeline.tweets-page', { limit: 0 })).rejects.toThrow();
    const send = (data: unknown) => raw.send('timeline.tweets-page', data);
    await expect(send({ limit: 1001 })).rejects.toEqual({
      message: expect.stringContaining('Invalid timeline.tweets-page request'),
    });
    await expect(send({ after: 'nope', limit: 10 })).rejects.toEqual({
      message: expect.stringContaining('Invalid timeline.tweets-page request'),
    });
  });
});
