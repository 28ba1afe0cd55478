import { v7 as uuidv7 } from 'uuid';
import type { ObjectClaimPurpose } from '@wave/contracts';
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
      await rpc.call('media.claim-objects', {
        ownerId: ada,
        objectPaths: paths,
        purpose: 'tweet',
        subjectId: uuidv7(),
      }),
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
        subjectId: uuidv7(),
      }),
    ).toEqual({ ok: false, reason: 'not-yours', objectPath: theirs });
    expect(
      await rpc.call('media.claim-objects', {
        ownerId: ada,
        objectPaths: [mine, pending],
        purpose: 'tweet',
        subjectId: uuidv7(),
      }),
    ).toEqual({ ok: false, reason: 'not-found', objectPath: pending });
    expect(
      await rpc.call('media.claim-objects', {
        ownerId: ada,
        objectPaths: ['/objects/avatars/x'],
        purpose: 'profile',
        subjectId: uuidv7(),
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
      subjectId: uuidv7(),
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

  describe('releasing claims when what used the uploads goes away', () => {
    const storage = () => harness.app.get(ObjectStorage);
    const keyOf = (path: string) => path.replace('/objects/', '');
    /** Stored, served and in the bucket: or gone from all three. */
    const exists = async (path: string) => {
      const served = (await harness.call('GET', path, { as: null })).statusCode;
      const inBucket = (await storage().stat(keyOf(path))) !== null;
      const row = (await claimedAt(path)) !== undefined;
      expect(new Set([served === 200, inBucket, row]).size).toBe(1);
      return inBucket;
    };
    const claim = (
      ownerId: string,
      paths: string[],
      purpose: ObjectClaimPurpose,
      subjectId: string,
    ) => rpc.call('media.claim-objects', { ownerId, objectPaths: paths, purpose, subjectId });
    const userUpdated = (
      userId: string,
      version: number,
      images: { profile?: string | null; cover?: string | null },
      updatedAt = new Date(),
    ) =>
      harness.publish('user.updated', {
        userId,
        username: 'ada',
        displayName: 'Ada',
        profileImageUrl: images.profile ?? null,
        coverImageUrl: images.cover ?? null,
        verified: false,
        version,
        firstName: null,
        lastName: null,
        bio: null,
        updatedAt: updatedAt.toISOString(),
      });

    it("deletes a deleted tweet's images, objects and URLs, and nothing else", async () => {
      const tweetId = uuidv7();
      const images = [await stored(ada), await stored(ada)];
      const other = await stored(ada);
      expect(await claim(ada, images, 'tweet', tweetId)).toEqual({ ok: true });
      expect(await claim(ada, [other], 'tweet', uuidv7())).toEqual({ ok: true });
      for (const path of images) expect(await exists(path)).toBe(true);

      const event = { tweetId, authorId: ada, parentId: null, deletedAt: new Date().toISOString() };
      await harness.publish('tweet.deleted', event);
      for (const path of images) expect(await exists(path)).toBe(false);
      expect(await exists(other)).toBe(true);
      // Heard again (a retried job): nothing more happens.
      await harness.publish('tweet.deleted', event);
      expect(await exists(other)).toBe(true);
    });

    it('keeps an image while something else still uses it', async () => {
      const shared = await stored(ada);
      const first = uuidv7();
      const second = uuidv7();
      await claim(ada, [shared], 'tweet', first);
      await claim(ada, [shared], 'tweet', second);
      const deleted = (tweetId: string) => ({
        tweetId,
        authorId: ada,
        parentId: null,
        deletedAt: new Date().toISOString(),
      });
      await harness.publish('tweet.deleted', deleted(first));
      expect(await exists(shared)).toBe(true);
      await harness.publish('tweet.deleted', deleted(second));
      expect(await exists(shared)).toBe(false);
      // A claim on what is gone is refused.
      expect(await claim(ada, [shared], 'tweet', uuidv7())).toMatchObject({
        ok: false,
        reason: 'not-found',
      });
    });

    it("deletes a deleted community post's media", async () => {
      const postId = uuidv7();
      const media = await stored(grace);
      await claim(grace, [media], 'community-post', postId);
      await harness.publish('community.post.deleted', {
        postId,
        communityId: uuidv7(),
        authorId: grace,
        deletedBy: grace,
        deletedAt: new Date().toISOString(),
      });
      expect(await exists(media)).toBe(false);
    });

    it('deletes a replaced avatar and cover, keeps the current ones, and ignores an older update', async () => {
      const user = uuidv7();
      const firstAvatar = await stored(user);
      const cover = await stored(user);
      await claim(user, [firstAvatar], 'profile', user);
      await claim(user, [cover], 'cover', user);
      await userUpdated(user, 2, { profile: firstAvatar, cover });
      expect(await exists(firstAvatar)).toBe(true);
      expect(await exists(cover)).toBe(true);

      const secondAvatar = await stored(user);
      await claim(user, [secondAvatar], 'profile', user);
      await userUpdated(user, 3, { profile: secondAvatar, cover });
      expect(await exists(firstAvatar)).toBe(false);
      expect(await exists(secondAvatar)).toBe(true);
      expect(await exists(cover)).toBe(true);

      // Version 2 heard late would name the first avatar as current: it changes nothing.
      await userUpdated(user, 2, { profile: firstAvatar, cover: null });
      expect(await exists(secondAvatar)).toBe(true);
      expect(await exists(cover)).toBe(true);
    });

    it("deletes a community's replaced icon, and leaves an event without icon or version alone", async () => {
      const communityId = uuidv7();
      const updated = (version: number | undefined, iconUrl: string | null | undefined) =>
        harness.publish('community.updated', {
          communityId,
          name: 'Rustaceans',
          description: '',
          category: 'Technology',
          isPrivate: false,
          ...(version === undefined ? {} : { version }),
          ...(iconUrl === undefined ? {} : { iconUrl }),
          updatedAt: new Date().toISOString(),
        });
      const first = await stored(ada);
      const second = await stored(ada);
      await claim(ada, [first], 'community-icon', communityId);
      await claim(ada, [second], 'community-icon', communityId);
      await updated(undefined, undefined);
      expect(await exists(first)).toBe(true);
      await updated(3, second);
      expect(await exists(first)).toBe(false);
      expect(await exists(second)).toBe(true);
      await updated(2, null);
      expect(await exists(second)).toBe(true);
    });

    it('keeps an image claimed after the update it hears of (a change still in flight)', async () => {
      const user = uuidv7();
      const updatedAt = new Date();
      const avatar = await stored(user);
      await claim(user, [avatar], 'profile', user);
      // Version 4 was written before this claim, with no avatar; the claim's own update comes next.
      await userUpdated(user, 4, { profile: null }, new Date(updatedAt.getTime() - 60_000));
      expect(await exists(avatar)).toBe(true);
      await userUpdated(user, 5, { profile: null });
      expect(await exists(avatar)).toBe(false);
    });
  });
});
