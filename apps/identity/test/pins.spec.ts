import { v7 as uuidv7 } from 'uuid';
import type { EventName, EventPayload } from '@wave/contracts';
import { eventJobOptions, EventQueues } from '@wave/messaging';
import { bullConnection, bullPrefix } from '@wave/redis';
import { IdentityHarness } from './identity-harness';

describe('identity: pinned tweets from timeline events', () => {
  const harness = new IdentityHarness();
  let queues: EventQueues;
  let user: { id: string };

  const publish = async <E extends EventName>(name: E, payload: EventPayload<E>) => {
    const eventId = uuidv7();
    await queues
      .get('identity')
      .add(
        name,
        { eventId, name, occurredAt: new Date().toISOString(), payload },
        eventJobOptions('identity', eventId),
      );
    return eventId;
  };

  const handled = async (jobId: string) => {
    const deadline = Date.now() + 5_000;
    while (!(await (await queues.get('identity').getJob(jobId))?.isCompleted())) {
      if (Date.now() > deadline) throw new Error(`job ${jobId} was not handled`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const pinnedTweetId = async (): Promise<string | null> =>
    (await harness.call('GET', `/api/users/${user.id}`, { as: null })).json<{
      pinnedTweetId: string | null;
    }>().pinnedTweetId;

  const eventually = async (expected: string | null) => {
    const deadline = Date.now() + 5_000;
    while ((await pinnedTweetId()) !== expected) {
      if (Date.now() > deadline) throw new Error(`pinnedTweetId never became ${expected}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    await harness.start('pins');
    queues = new EventQueues({
      connection: bullConnection(harness.config.REDIS_URL),
      prefix: bullPrefix(harness.config.REDIS_KEY_PREFIX),
    });
    user = await harness.register('pinner');
  });
  afterAll(async () => {
    await queues.close();
    await harness.stop();
  });

  it('shows the pinned tweet on the profile and clears it when unpinned', async () => {
    const tweetId = uuidv7();
    await publish('tweet.pinned', { userId: user.id, tweetId, version: 1 });
    await eventually(tweetId);
    await publish('tweet.unpinned', { userId: user.id, tweetId, version: 2 });
    await eventually(null);
  });

  it('ignores a late or repeated event (older version)', async () => {
    const newer = uuidv7();
    await publish('tweet.pinned', { userId: user.id, tweetId: newer, version: 10 });
    await eventually(newer);
    await handled(
      await publish('tweet.pinned', { userId: user.id, tweetId: uuidv7(), version: 9 }),
    );
    await handled(
      await publish('tweet.unpinned', { userId: user.id, tweetId: newer, version: 10 }),
    );
    expect(await pinnedTweetId()).toBe(newer);
    const [row] = await harness.dataSource.query(
      `SELECT pin_version FROM identity.users WHERE id = $1`,
      [user.id],
    );
    expect(row.pin_version).toBe(10);
  });
});
