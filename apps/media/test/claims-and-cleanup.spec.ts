import { v7 as uuidv7 } from 'uuid';
import { RpcClient } from '@wave/rpc';
import { CleanupWorker } from '../src/cleanup/cleanup.worker';
import { ObjectStorage } from '../src/storage/object-storage';
import { MediaHarness, pngOf } from './media-harness';

describe('media: claims and the clean-up of unclaimed uploads', () => {
  const harness = new MediaHarness();
  const ada = uuidv7();
  const grace = uuidv7();
  let rpc: RpcClient;

  const stored = async (userId: string) => {
    const { response } = await harness.upload(userId, await pngOf(20, 20));
    expect(response.statusCode).toBe(200);
    return response.json<{ objectPath: string }>().objectPath;
  };
  const claimedAt = async (objectPath: string) => {
    const rows = await harness.dataSource.query<{ claimed_at: Date | null }[]>(
      `SELECT claimed_at FROM media.uploads WHERE id = $1`,
      [objectPath.split('/').pop()],
    );
    return rows[0]?.claimed_at;
  };

  beforeAll(async () => {
    await harness.start('media_claims');
    rpc = new RpcClient({ url: harness.config.REDIS_URL, prefix: harness.config.REDIS_KEY_PREFIX });
  });
  afterAll(async () => {
    await rpc.close();
    await harness.stop();
  });

  it('claims the owner\u2019s stored uploads over RPC', async () => {
    const paths = [await stored(ada), await stored(ada)];
    expect(
      await rpc.call('media.claim-objects', { ownerId: ada, objectPaths: paths, purpose: 'tweet' }),
    ).toEqual({
      ok: true,
    });
    for (const path of paths) expect(await claimedAt(path)).toBeInstanceOf(Date);
  });

  it('claims nothing when one path is not the owner\u2019s, missing or not an upload', async () => {
    const mine = await stored(ada);
    const theirs = await stored(grace);
    const pending = `/objects/uploads/${uuidv7()}`;
    expect(
      await rpc.call('media.claim-objects', {
        ownerId: ada,
        objectPaths: [mine, theirs],
        purpose: 'tweet',
      }),
    ).toEqual({ ok: false, reason: 'not-yours', objectPath: theirs });
    expect(
      await rpc.call('media.claim-objects', {
        ownerId: ada,
        objectPaths: [mine, pending],
        purpose: 'tweet',
      }),
    ).toEqual({ ok: false, reason: 'not-found', objectPath: pending });
    expect(
      await rpc.call('media.claim-objects', {
        ownerId: ada,
        objectPaths: ['/objects/avatars/x'],
        purpose: 'profile',
      }),
    ).toEqual({ ok: false, reason: 'not-an-upload', objectPath: '/objects/avatars/x' });
    expect(await claimedAt(mine)).toBeNull();
  });

  it('deletes uploads nothing claimed within a day, objects included, and keeps the rest', async () => {
    const claimed = await stored(ada);
    await rpc.call('media.claim-objects', {
      ownerId: ada,
      objectPaths: [claimed],
      purpose: 'profile',
    });
    const abandoned = await stored(ada);
    const storage = harness.app.get(ObjectStorage);
    const keyOf = (path: string) => path.replace('/objects/', '');
    expect(await storage.stat(keyOf(abandoned))).not.toBeNull();

    const sut = harness.app.get(CleanupWorker);
    expect(await sut.deleteUnclaimed(new Date())).toBe(0);
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000 + 60_000);
    expect(await sut.deleteUnclaimed(tomorrow)).toBeGreaterThanOrEqual(1);

    expect(await storage.stat(keyOf(abandoned))).toBeNull();
    expect(await claimedAt(abandoned)).toBeUndefined();
    expect(await storage.stat(keyOf(claimed))).not.toBeNull();
    expect(await claimedAt(claimed)).toBeInstanceOf(Date);
    const served = await harness.call('GET', abandoned, { as: null });
    expect(served.statusCode).toBe(404);
  });
});
