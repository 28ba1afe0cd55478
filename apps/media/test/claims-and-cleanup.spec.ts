import { v7 as uuidv7 } from 'uuid';
import type { ObjectClaimPurpose } from '@wave/contracts';
import { RpcClient, RpcServer } from '@wave/rpc';
import { CleanupWorker } from '../src/cleanup/cleanup.worker';
import { ObjectStorage } from '../src/storage/object-storage';
import { UploadsRepository } from '../src/uploads/uploads.repository';
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
      claimId: expect.any(String),
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
      expect(await claim(ada, images, 'tweet', tweetId)).toMatchObject({ ok: true });
      expect(await claim(ada, [other], 'tweet', uuidv7())).toMatchObject({ ok: true });
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

  describe('giving back the claims of a write that failed', () => {
    const minutes = (count: number) => count * 60_000;
    const uploadRow = async (objectPath: string) => {
      const rows = await harness.dataSource.query<
        { claimed_at: Date | null; released_at: Date | null }[]
      >(`SELECT claimed_at, released_at FROM media.uploads WHERE id = $1`, [
        objectPath.split('/').pop(),
      ]);
      return rows[0];
    };
    const claimsOn = (objectPath: string) =>
      harness.dataSource.query<{ purpose: string; subject_id: string }[]>(
        `SELECT purpose, subject_id FROM media.claims WHERE upload_id = $1 ORDER BY subject_id`,
        [objectPath.split('/').pop()],
      );
    const served = async (objectPath: string) =>
      (await harness.call('GET', objectPath, { as: null })).statusCode;
    /** Claims and returns the call's claim id. */
    const claim = async (
      ownerId: string,
      objectPath: string,
      purpose: ObjectClaimPurpose,
      subjectId: string,
    ) => {
      const answer = await rpc.call('media.claim-objects', {
        ownerId,
        objectPaths: [objectPath],
        purpose,
        subjectId,
      });
      if (!answer.ok) throw new Error(`claim refused: ${answer.reason}`);
      return answer.claimId;
    };
    const giveBack = (
      ownerId: string,
      purpose: ObjectClaimPurpose,
      subjectId: string,
      claimId: string,
    ) => rpc.call('media.release-claims', { ownerId, purpose, subjectId, claimId });

    it('keeps the upload, unclaimed again, for the user to retry with', async () => {
      const image = await stored(ada);
      const failedTweet = uuidv7();
      const claimId = await claim(ada, image, 'tweet', failedTweet);

      const sut = await giveBack(ada, 'tweet', failedTweet, claimId);

      expect(sut).toEqual({ released: 1 });
      expect(await claimsOn(image)).toEqual([]);
      expect(await uploadRow(image)).toEqual({ claimed_at: null, released_at: expect.any(Date) });
      expect(await served(image)).toBe(200);
      // Heard again: nothing more happens.
      expect(await giveBack(ada, 'tweet', failedTweet, claimId)).toEqual({ released: 0 });
      // The retry claims it as a new upload would be.
      const retry = uuidv7();
      await claim(ada, image, 'tweet', retry);
      expect(await claimsOn(image)).toEqual([{ purpose: 'tweet', subject_id: retry }]);
      expect(await claimedAt(image)).toBeInstanceOf(Date);
    });

    it('counts the unclaimed day from the give-back, not from the upload', async () => {
      const image = await stored(ada);
      await harness.dataSource.query(
        `UPDATE media.uploads SET created_at = now() - interval '23 hours 50 minutes' WHERE id = $1`,
        [image.split('/').pop()],
      );
      const tweetId = uuidv7();
      await giveBack(ada, 'tweet', tweetId, await claim(ada, image, 'tweet', tweetId));
      const cleanup = harness.app.get(CleanupWorker);

      await cleanup.deleteUnclaimed(new Date(Date.now() + minutes(60)));
      expect(await served(image)).toBe(200);
      await cleanup.deleteUnclaimed(new Date(Date.now() + minutes(24 * 60 + 1)));
      expect(await served(image)).toBe(404);
    });

    it("gives back only that call's own claims, on the owner's uploads", async () => {
      const shared = await stored(ada);
      const kept = uuidv7();
      await claim(ada, shared, 'tweet', kept);
      const failed = uuidv7();
      const claimId = await claim(ada, shared, 'community-post', failed);

      expect(await giveBack(grace, 'community-post', failed, claimId)).toEqual({ released: 0 });
      expect(await giveBack(ada, 'community-post', uuidv7(), claimId)).toEqual({ released: 0 });
      expect(await giveBack(ada, 'community-post', failed, uuidv7())).toEqual({ released: 0 });
      expect(await giveBack(ada, 'community-post', failed, claimId)).toEqual({ released: 1 });

      expect(await claimsOn(shared)).toEqual([{ purpose: 'tweet', subject_id: kept }]);
      expect(await uploadRow(shared)).toMatchObject({ claimed_at: expect.any(Date) });
    });

    it('never takes away the icon a community has, nor one another update claimed too', async () => {
      const communityId = uuidv7();
      const icon = await stored(ada);
      await claim(ada, icon, 'community-icon', communityId);
      // An update naming the current icon again, then failing.
      const again = await claim(ada, icon, 'community-icon', communityId);
      expect(await giveBack(ada, 'community-icon', communityId, again)).toEqual({ released: 0 });

      // Two updates naming one new icon at once: the first fails after the second claimed it.
      const next = await stored(ada);
      const first = await claim(ada, next, 'community-icon', communityId);
      await claim(ada, next, 'community-icon', communityId);
      expect(await giveBack(ada, 'community-icon', communityId, first)).toEqual({ released: 0 });

      for (const path of [icon, next]) {
        expect(await claimsOn(path)).toEqual([
          { purpose: 'community-icon', subject_id: communityId },
        ]);
      }
    });
  });

  describe("checking unverified claims with their subjects' owners", () => {
    const grace15 = 15 * 60_000;
    /** What the owners know: the tweets and posts that exist, and the users' and communities' images. */
    const tweets = new Set<string>();
    const users = new Map<string, { profile: string | null; cover: string | null }>();
    const communities = new Map<string, string | null>();
    const asked: { tweets: string[]; posts: string[]; users: string[]; communities: string[] } = {
      tweets: [],
      posts: [],
      users: [],
      communities: [],
    };
    const options = () => ({
      url: harness.config.REDIS_URL,
      prefix: harness.config.REDIS_KEY_PREFIX,
    });
    let timeline: RpcServer;
    let communitiesOwner: RpcServer | null = null;
    let identity: RpcServer | null = null;
    const answerForCommunities = async () => {
      communitiesOwner = new RpcServer(options());
      communitiesOwner.handle('communities.posts-exist', ({ ids }) => {
        asked.posts.push(...ids);
        // No post exists: the tests below only ever claim for posts never written.
        return Promise.resolve({ existing: [] });
      });
      communitiesOwner.handle('communities.community-icons', ({ ids }) => {
        asked.communities.push(...ids);
        return Promise.resolve({
          communities: ids.flatMap((id) =>
            communities.has(id) ? [{ id, iconUrl: communities.get(id) ?? null }] : [],
          ),
        });
      });
      await communitiesOwner.listen();
    };
    const answerForIdentity = async () => {
      identity = new RpcServer(options());
      identity.handle('identity.user-images', ({ ids }) => {
        asked.users.push(...ids);
        return Promise.resolve({
          users: ids.flatMap((id) => {
            const images = users.get(id);
            return images
              ? [{ id, profileImageUrl: images.profile, coverImageUrl: images.cover }]
              : [];
          }),
        });
      });
      await identity.listen();
    };
    const claimsOn = (objectPath: string) =>
      harness.dataSource.query<{ subject_id: string; verified: boolean }[]>(
        `SELECT subject_id, verified_at IS NOT NULL AS verified FROM media.claims
         WHERE upload_id = $1 ORDER BY subject_id`,
        [objectPath.split('/').pop()],
      );
    const claim = async (
      ownerId: string,
      objectPath: string,
      purpose: ObjectClaimPurpose,
      subjectId: string,
    ) =>
      expect(
        await rpc.call('media.claim-objects', {
          ownerId,
          objectPaths: [objectPath],
          purpose,
          subjectId,
        }),
      ).toMatchObject({ ok: true });
    /** Makes the claims on the upload look `ms` older (made before the test's clock). */
    const claimedAgo = (objectPath: string, ms: number) =>
      harness.dataSource.query(
        `UPDATE media.claims SET claimed_at = claimed_at - $2 * interval '1 millisecond'
         WHERE upload_id = $1`,
        [objectPath.split('/').pop(), ms],
      );
    const served = async (objectPath: string) =>
      (await harness.call('GET', objectPath, { as: null })).statusCode;
    const later = (ms: number) => new Date(Date.now() + ms);
    let sut: CleanupWorker;

    beforeAll(async () => {
      timeline = new RpcServer(options());
      timeline.handle('timeline.tweets-exist', ({ ids }) => {
        asked.tweets.push(...ids);
        return Promise.resolve({ existing: ids.filter((id) => tweets.has(id)) });
      });
      await timeline.listen();
      await answerForCommunities();
      await answerForIdentity();
      sut = harness.app.get(CleanupWorker);
      // Settles what the tests above left, so each test below sees only its own claims.
      await sut.run(later(grace15 + 60_000));
      for (const ids of Object.values(asked)) ids.length = 0;
    });
    afterAll(async () => {
      await timeline.close();
      await communitiesOwner?.close();
      await identity?.close();
    });

    it('keeps the claims of subjects that exist, verified, and gives back the others', async () => {
      const posted = uuidv7();
      const neverWritten = uuidv7();
      const orphanPost = uuidv7();
      const community = uuidv7();
      tweets.add(posted);
      const used = await stored(ada);
      const abandoned = await stored(ada);
      const sharedWithAFailure = await stored(ada);
      const postMedia = await stored(ada);
      const icon = await stored(ada);
      communities.set(community, icon);
      await claim(ada, used, 'tweet', posted);
      await claim(ada, abandoned, 'tweet', neverWritten);
      await claim(ada, sharedWithAFailure, 'tweet', posted);
      await claim(ada, sharedWithAFailure, 'tweet', neverWritten);
      await claim(ada, postMedia, 'community-post', orphanPost);
      await claim(ada, icon, 'community-icon', community);

      // Within the grace period nothing is asked: the writes may be under way.
      await sut.run(later(grace15 - 60_000));
      expect(asked).toEqual({ tweets: [], posts: [], users: [], communities: [] });

      await sut.run(later(grace15 + 60_000));

      expect(asked.tweets.sort()).toEqual([posted, neverWritten].sort());
      expect(asked.posts).toEqual([orphanPost]);
      expect(asked.communities).toEqual([community]);
      expect(await claimsOn(used)).toEqual([{ subject_id: posted, verified: true }]);
      expect(await claimsOn(sharedWithAFailure)).toEqual([{ subject_id: posted, verified: true }]);
      expect(await claimsOn(icon)).toEqual([{ subject_id: community, verified: true }]);
      expect(await claimsOn(abandoned)).toEqual([]);
      expect(await claimsOn(postMedia)).toEqual([]);
      // Given back, not deleted: unclaimed, for the unclaimed rule to delete a day later.
      for (const path of [abandoned, postMedia]) {
        expect(await claimedAt(path)).toBeNull();
        expect(await served(path)).toBe(200);
      }
      expect(await claimedAt(sharedWithAFailure)).toBeInstanceOf(Date);
    });

    it('keeps a profile, cover or icon claim only while it is the current image', async () => {
      const user = uuidv7();
      const community = uuidv7();
      const avatar = await stored(user);
      const failedAvatar = await stored(user);
      const firstCover = await stored(user);
      const cover = await stored(user);
      const icon = await stored(user);
      const failedIcon = await stored(user);
      // The avatar, stored as its full URL; an avatar whose update failed (its give-back
      // lost); a cover replaced since (its user.updated not heard yet); the current cover.
      users.set(user, { profile: `http://localhost:3000${avatar}?expires=1`, cover });
      await claim(user, avatar, 'profile', user);
      await claim(user, failedAvatar, 'profile', user);
      await claim(user, firstCover, 'cover', user);
      await claim(user, cover, 'cover', user);
      // A community's icon, and an icon whose update failed.
      communities.set(community, icon);
      await claim(user, icon, 'community-icon', community);
      await claim(user, failedIcon, 'community-icon', community);
      // The icon of a community whose creation failed, and the avatar of no user.
      const uncreated = await stored(user);
      await claim(user, uncreated, 'community-icon', uuidv7());
      const nobody = uuidv7();
      const nobodys = await stored(nobody);
      await claim(nobody, nobodys, 'profile', nobody);
      // The avatar used as the cover as well, which it is not.
      await claim(user, avatar, 'cover', user);

      await sut.run(later(grace15 + 60_000));

      expect(asked.users.sort()).toEqual([user, nobody].sort());
      expect(await claimsOn(avatar)).toEqual([{ subject_id: user, verified: true }]);
      expect(await claimsOn(cover)).toEqual([{ subject_id: user, verified: true }]);
      expect(await claimsOn(icon)).toEqual([{ subject_id: community, verified: true }]);
      const orphans = [failedAvatar, firstCover, failedIcon, uncreated, nobodys];
      for (const path of orphans) {
        expect(await claimsOn(path)).toEqual([]);
        expect(await claimedAt(path)).toBeNull();
      }
      // The unclaimed rule deletes them a day later, and keeps the current images.
      await sut.deleteUnclaimed(later(24 * 3600_000 + 60_000));
      for (const path of orphans) expect(await served(path)).toBe(404);
      for (const path of [avatar, cover, icon]) expect(await served(path)).toBe(200);
    });

    it('leaves an image named again by a newer update to that update', async () => {
      const user = uuidv7();
      const avatar = await stored(user);
      const replacement = await stored(user);
      // The avatar was set long ago, then replaced; that user.updated is not heard yet.
      await claim(user, avatar, 'profile', user);
      await claimedAgo(avatar, 3 * grace15);
      await claim(user, replacement, 'profile', user);
      await claimedAgo(replacement, 2 * grace15);
      users.set(user, { profile: replacement, cover: null });
      // Now an update sets the avatar back: claimed again, the update still in flight.
      await claim(user, avatar, 'profile', user);

      // The check leaves it to its own grace period,
      await sut.run(later(60_000));
      expect(await claimsOn(avatar)).toEqual([{ subject_id: user, verified: false }]);
      // and so does the late event of the replacement.
      await harness.publish('user.updated', {
        userId: user,
        username: 'ada',
        displayName: 'Ada',
        profileImageUrl: replacement,
        coverImageUrl: null,
        verified: false,
        version: 2,
        firstName: null,
        lastName: null,
        bio: null,
        updatedAt: new Date(Date.now() - grace15).toISOString(),
      });
      expect(await claimsOn(avatar)).toEqual([{ subject_id: user, verified: false }]);
      expect(await served(avatar)).toBe(200);

      // The update commits: the avatar is current, and the check keeps it.
      users.set(user, { profile: avatar, cover: null });
      await sut.run(later(grace15 + 60_000));
      expect(await claimsOn(avatar)).toEqual([{ subject_id: user, verified: true }]);
    });

    it('asks again about a verified image named again, and gives it back when that update failed', async () => {
      const community = uuidv7();
      const icon = await stored(ada);
      communities.set(community, icon);
      await claim(ada, icon, 'community-icon', community);
      await sut.run(later(grace15 + 60_000));
      expect(await claimsOn(icon)).toEqual([{ subject_id: community, verified: true }]);
      // The icon is removed; an update naming it again fails, and its give-back is lost.
      communities.set(community, null);
      await claim(ada, icon, 'community-icon', community);
      expect(await claimsOn(icon)).toEqual([{ subject_id: community, verified: false }]);

      await sut.run(later(grace15 + 60_000));

      expect(await claimsOn(icon)).toEqual([]);
      expect(await claimedAt(icon)).toBeNull();
    });

    it('writes its verdict only to a claim as it read it, not to one made anew since', async () => {
      const user = uuidv7();
      const avatar = await stored(user);
      const cover = await stored(user);
      await claim(user, avatar, 'profile', user);
      await claim(user, cover, 'cover', user);
      await claimedAgo(avatar, 2 * grace15);
      await claimedAgo(cover, 2 * grace15);
      const uploads = harness.app.get(UploadsRepository);
      const read = (
        await uploads.unverifiedClaims(new Date(Date.now() - grace15), null, 1000)
      ).filter((claim) => claim.subjectId === user);
      expect(read).toHaveLength(2);
      // Both named again by an update while the owner's answer was on its way.
      await claim(user, avatar, 'profile', user);
      await claim(user, cover, 'cover', user);

      await uploads.markVerified(read.filter((claim) => claim.purpose === 'profile'));
      expect(await uploads.unclaim(read.filter((claim) => claim.purpose === 'cover'))).toBe(0);

      expect(await claimsOn(avatar)).toEqual([{ subject_id: user, verified: false }]);
      expect(await claimsOn(cover)).toEqual([{ subject_id: user, verified: false }]);
    });

    it('never asks about a verified claim again', async () => {
      const tweetId = uuidv7();
      tweets.add(tweetId);
      const image = await stored(ada);
      await claim(ada, image, 'tweet', tweetId);
      await sut.run(later(grace15 + 60_000));
      expect(asked.tweets).toContain(tweetId);
      asked.tweets.length = 0;

      await sut.run(later(grace15 + 120_000));

      expect(asked.tweets).toEqual([]);
      expect(await claimsOn(image)).toEqual([{ subject_id: tweetId, verified: true }]);
    });

    // Media waits 5 s for each owner's answer.
    it('leaves the claims of an owner that does not answer for the next run', async () => {
      await identity?.close();
      identity = null;
      await communitiesOwner?.close();
      communitiesOwner = null;
      const user = uuidv7();
      const community = uuidv7();
      const avatar = await stored(user);
      const cover = await stored(user);
      const icon = await stored(user);
      await claim(user, avatar, 'profile', user);
      await claim(user, cover, 'cover', user);
      await claim(user, icon, 'community-icon', community);
      const tweetId = uuidv7();
      tweets.add(tweetId);
      const image = await stored(ada);
      await claim(ada, image, 'tweet', tweetId);

      await sut.run(later(grace15 + 60_000));

      // Neither the user nor the community is known (they would be given back): left alone.
      for (const [path, subject] of [
        [avatar, user],
        [cover, user],
        [icon, community],
      ] as const) {
        expect(await claimsOn(path)).toEqual([{ subject_id: subject, verified: false }]);
        expect(await claimedAt(path)).toBeInstanceOf(Date);
      }
      // The others are settled all the same.
      expect(await claimsOn(image)).toEqual([{ subject_id: tweetId, verified: true }]);

      // Back up: the next run asks again.
      users.set(user, { profile: avatar, cover });
      communities.set(community, icon);
      await answerForIdentity();
      await answerForCommunities();
      await sut.run(later(grace15 + 120_000));
      expect(await claimsOn(avatar)).toEqual([{ subject_id: user, verified: true }]);
      expect(await claimsOn(cover)).toEqual([{ subject_id: user, verified: true }]);
      expect(await claimsOn(icon)).toEqual([{ subject_id: community, verified: true }]);
    }, 30_000);
  });
});
