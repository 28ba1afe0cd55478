import { Client } from 'pg';
import { eventually } from '@wave/testing';
import { FollowsService } from '../src/follows/follows.service';
import { IdentityHarness } from './identity-harness';

interface Page {
  items: { id: string; username: string; isFollowing?: boolean }[];
  nextCursor: string | null;
}

describe('identity: follow graph', () => {
  const harness = new IdentityHarness();
  let ada: { id: string };
  let grace: { id: string };
  let alan: { id: string };

  const counts = async (id: string) => {
    const user = (await harness.call('GET', `/api/users/${id}`, { as: null })).json();
    return { followers: user.followersCount as number, following: user.followingCount as number };
  };

  beforeAll(async () => {
    await harness.start('follows');
    ada = await harness.register('ada');
    grace = await harness.register('grace');
    alan = await harness.register('alan');
  });
  afterAll(() => harness.stop());

  it('follows and unfollows idempotently, keeping both counters right', async () => {
    const first = await harness.call('POST', `/api/users/${grace.id}/follow`, { as: ada.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ userId: grace.id, isFollowing: true, followersCount: 1 });
    const again = await harness.call('POST', `/api/users/${grace.id}/follow`, { as: ada.id });
    expect(again.json()).toEqual({ userId: grace.id, isFollowing: true, followersCount: 1 });
    expect(await counts(grace.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(ada.id)).toEqual({ followers: 0, following: 1 });

    const profile = await harness.call('GET', `/api/users/${grace.id}`, { as: ada.id });
    expect(profile.json().isFollowing).toBe(true);

    const off = await harness.call('DELETE', `/api/users/${grace.id}/follow`, { as: ada.id });
    expect(off.json()).toEqual({ userId: grace.id, isFollowing: false, followersCount: 0 });
    const offAgain = await harness.call('DELETE', `/api/users/${grace.id}/follow`, { as: ada.id });
    expect(offAgain.json()).toEqual({ userId: grace.id, isFollowing: false, followersCount: 0 });
    expect(await counts(ada.id)).toEqual({ followers: 0, following: 0 });
  });

  it('publishes follow.created and follow.deleted once each', async () => {
    await harness.dataSource.query(`DELETE FROM identity.outbox`);
    await harness.call('POST', `/api/users/${alan.id}/follow`, { as: grace.id });
    await harness.call('POST', `/api/users/${alan.id}/follow`, { as: grace.id });
    await harness.call('DELETE', `/api/users/${alan.id}/follow`, { as: grace.id });
    await harness.call('DELETE', `/api/users/${alan.id}/follow`, { as: grace.id });
    const rows = await harness.dataSource.query(
      `SELECT name, payload FROM identity.outbox ORDER BY id`,
    );
    expect(rows.map((row: { name: string }) => row.name)).toEqual([
      'follow.created',
      'follow.deleted',
    ]);
    expect(rows[0].payload).toMatchObject({ followerId: grace.id, followeeId: alan.id });
  });

  it('keeps the counters exact under concurrent clicks in both directions', async () => {
    const clicks = Array.from({ length: 20 }, (_, i) =>
      harness.call(i % 2 === 0 ? 'POST' : 'POST', `/api/users/${alan.id}/follow`, { as: ada.id }),
    );
    const mutual = Array.from({ length: 10 }, () =>
      harness.call('POST', `/api/users/${ada.id}/follow`, { as: alan.id }),
    );
    const responses = await Promise.all([...clicks, ...mutual]);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(await counts(alan.id)).toEqual({ followers: 1, following: 1 });
    expect(await counts(ada.id)).toEqual({ followers: 1, following: 1 });

    const toggles = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        harness.call(i % 2 === 0 ? 'DELETE' : 'POST', `/api/users/${alan.id}/follow`, {
          as: ada.id,
        }),
      ),
    );
    expect(toggles.every((response) => response.statusCode === 200)).toBe(true);
    const [{ edges }] = await harness.dataSource.query(
      `SELECT count(*)::int AS edges FROM identity.follows WHERE followee_id = $1`,
      [alan.id],
    );
    expect((await counts(alan.id)).followers).toBe(edges);
  });

  it('takes back a follow committed while the unfollow waited for the two members', async () => {
    const lin = await harness.register('lin');
    const mo = await harness.register('moe');
    // Another request's follow in flight: it holds both members and has added the edge.
    const other = new Client({ connectionString: harness.config.DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        'SELECT id FROM identity.users WHERE id IN ($1, $2) ORDER BY id FOR NO KEY UPDATE',
        [lin.id, mo.id],
      );
      await other.query('INSERT INTO identity.follows (follower_id, followee_id) VALUES ($1, $2)', [
        lin.id,
        mo.id,
      ]);
      await other.query(
        `UPDATE identity.users SET
           followers_count = followers_count + CASE WHEN id = $2 THEN 1 ELSE 0 END,
           following_count = following_count + CASE WHEN id = $1 THEN 1 ELSE 0 END
         WHERE id IN ($1, $2)`,
        [lin.id, mo.id],
      );
      const unfollow = harness.call('DELETE', `/api/users/${mo.id}/follow`, { as: lin.id });
      await eventually(
        async () => {
          const [{ n }] = await harness.dataSource.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return n as number;
        },
        (waiting) => waiting > 0,
        { what: 'the unfollow to wait for the members' },
      );
      await other.query('COMMIT');
      const answer = await unfollow;
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ userId: mo.id, isFollowing: false, followersCount: 0 });
    } finally {
      await other.end();
    }
    const [{ edges }] = await harness.dataSource.query(
      `SELECT count(*)::int AS edges FROM identity.follows WHERE followee_id = $1`,
      [mo.id],
    );
    expect(edges).toBe(0);
    expect(await counts(mo.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(lin.id)).toEqual({ followers: 0, following: 0 });
  });

  it("adds many follows at once (FollowsService.followMany, the seed's graph), counters exact", async () => {
    const [mary, linus, ken] = [
      await harness.register('mary'),
      await harness.register('linus'),
      await harness.register('ken'),
    ];
    await harness.call('POST', `/api/users/${mary.id}/follow`, { as: ken.id });
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000);

    const added = await harness.app.get(FollowsService).followMany([
      { followerId: ken.id, followeeId: linus.id, at: ago(3) },
      { followerId: mary.id, followeeId: linus.id, at: ago(5) },
      { followerId: mary.id, followeeId: ken.id, at: ago(4) },
      { followerId: mary.id, followeeId: linus.id, at: ago(2) },
      { followerId: ken.id, followeeId: mary.id, at: ago(1) },
      { followerId: linus.id, followeeId: linus.id },
      { followerId: mary.id, followeeId: '0190b1de-1111-7000-8000-00000000dead' },
    ]);

    expect(added).toBe(3);
    expect(await counts(linus.id)).toEqual({ followers: 2, following: 0 });
    expect(await counts(mary.id)).toEqual({ followers: 1, following: 2 });
    expect(await counts(ken.id)).toEqual({ followers: 1, following: 2 });
    const events = await harness.dataSource.query<
      { payload: { followerId: string; followeeId: string; createdAt: string } }[]
    >(
      `SELECT payload FROM identity.outbox WHERE name = 'follow.created'
       AND payload->>'followerId' = ANY($1::text[]) ORDER BY id`,
      [[mary.id, ken.id, linus.id]],
    );
    // Ken's follow of Mary (its own event), then the three added, oldest first.
    expect(
      events.map(({ payload }) => [payload.followerId, payload.followeeId, payload.createdAt]),
    ).toEqual([
      [ken.id, mary.id, expect.any(String)],
      [mary.id, linus.id, ago(5).toISOString()],
      [mary.id, ken.id, ago(4).toISOString()],
      [ken.id, linus.id, ago(3).toISOString()],
    ]);
  });

  it('refuses following oneself, an unknown user, a malformed id and a visitor', async () => {
    const self = await harness.call('POST', `/api/users/${ada.id}/follow`, { as: ada.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot follow yourself' });
    const unknown = await harness.call(
      'POST',
      '/api/users/0190b1de-1111-7000-8000-00000000dead/follow',
      { as: ada.id },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found' });
    const malformed = await harness.call('POST', '/api/users/grace/follow', { as: ada.id });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'User id must be a valid id' });
    const visitor = await harness.call('POST', `/api/users/${grace.id}/follow`, { as: null });
    expect(visitor.statusCode).toBe(401);
  });

  describe('followers and following lists', () => {
    let star: { id: string };
    const fans: string[] = [];

    beforeAll(async () => {
      star = await harness.register('star');
      for (let i = 0; i < 25; i += 1) {
        const fan = await harness.register(`fan_${i}`);
        fans.push(fan.id);
        await harness.call('POST', `/api/users/${star.id}/follow`, { as: fan.id });
      }
      await harness.call('POST', `/api/users/${fans[3]}/follow`, { as: ada.id });
    });

    it('pages followers newest first by cursor, with no gaps or repeats', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/users/star/followers?limit=10${cursor ? `&cursor=${cursor}` : ''}`;
        const response = await harness.call('GET', url, { as: ada.id });
        expect(response.statusCode).toBe(200);
        const page = response.json<Page>();
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...fans].reverse());
    });

    it('marks whom the reader follows', async () => {
      const page = (
        await harness.call('GET', `/api/users/${star.id}/followers?limit=100`, { as: ada.id })
      ).json<Page>();
      const marked = page.items.filter((item) => item.isFollowing).map((item) => item.id);
      expect(marked).toEqual([fans[3]]);
      const visitor = (
        await harness.call('GET', `/api/users/${star.id}/followers`, { as: null })
      ).json<Page>();
      expect(visitor.items).toHaveLength(20);
      expect(visitor.items[0]).not.toHaveProperty('isFollowing');
    });

    it('lists whom a user follows', async () => {
      const page = (
        await harness.call('GET', `/api/users/${fans[0]}/following`, { as: null })
      ).json<Page>();
      expect(page).toEqual({ items: [expect.objectContaining({ id: star.id })], nextCursor: null });
    });

    it.each([
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=101', 'limit must be at most 100'],
      ['?limit=ten', 'limit must be a number'],
      ['?cursor=garbage!', 'Invalid cursor'],
      [`?cursor=${Buffer.from('1.x').toString('base64url')}`, 'Invalid cursor'],
    ])('refuses %s with 400 "%s"', async (query, message) => {
      const response = await harness.call('GET', `/api/users/star/followers${query}`, { as: null });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });
});
