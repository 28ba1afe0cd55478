import { v7 as uuidv7 } from 'uuid';
import { eventually } from '@wave/testing';
import { RecommendationsHarness } from './recommendations-harness';

/**
 * The `recommendations-events` queue has been filling since the first release, before the service
 * existed: its first start drains the backlog and applies each event once.
 */
describe('the first start', () => {
  const sut = new RecommendationsHarness();

  beforeAll(async () => {
    await sut.start('backlog', {}, { app: false });
  });

  afterAll(async () => {
    await sut.stop();
  });

  it('drains the events queued before the service ran, each once', async () => {
    const [me, grace, ada] = [uuidv7(), uuidv7(), uuidv7()];
    const at = new Date().toISOString();
    for (const [userId, username] of [
      [me, 'me'],
      [grace, 'grace'],
      [ada, 'ada'],
    ] as const) {
      await sut.events.publish('recommendations', 'user.registered', {
        userId,
        username,
        displayName: username,
        profileImageUrl: null,
        verified: false,
        version: 1,
        createdAt: at,
      });
    }
    const follows = [
      [me, grace],
      [grace, ada],
    ] as const;
    for (const [followerId, followeeId] of follows) {
      sut.follows.add(`${followerId}:${followeeId}`);
      // The same follow announced twice: it counts once.
      for (let i = 0; i < 2; i++) {
        await sut.events.publish('recommendations', 'follow.created', {
          followerId,
          followeeId,
          createdAt: at,
        });
      }
    }
    expect(await sut.events.get('recommendations').getWaitingCount()).toBe(7);

    await sut.startApp();
    await eventually(
      () => sut.events.get('recommendations').getJobCounts('waiting', 'active', 'delayed'),
      (counts) => Object.values(counts).every((n) => n === 0),
      { what: 'the backlog to drain' },
    );
    const list = await sut.recommendations(me, 20);
    expect(list.find((item) => item.contentId === ada)).toMatchObject({
      reason: 'Followed by @grace you follow',
    });
    const [row] = await sut.dataSource.query<{ followers_count: number }[]>(
      `SELECT followers_count FROM users WHERE id = $1`,
      [ada],
    );
    expect(row!.followers_count).toBe(1);
  });
});
