import type {
  CommunityCommentResponse,
  CommunityDetailResponse,
  CommunityPostLikeResponse,
  CommunityPostResponse,
  CommunityPostShareResponse,
  Page,
} from '@wave/contracts';
import { RpcClient } from '@wave/rpc';
import { CommunitiesRpcServer } from '../src/rpc/communities-rpc.server';
import { CommunitiesHarness } from './communities-harness';

describe('community posts', () => {
  const sut = new CommunitiesHarness();
  let owner: string;
  let member: string;
  let outsider: string;
  let communityId: string;

  beforeAll(async () => {
    await sut.start('posts');
    [owner, member, outsider] = await Promise.all([sut.user(), sut.user(), sut.user()]);
    communityId = (await sut.community(owner)).id;
    await sut.join(member, communityId);
  });

  afterAll(() => sut.stop());

  describe('posting', () => {
    it('lets members post trimmed text, counts it and announces it', async () => {
      const post = await sut.post(member, communityId, '  First!  ');
      expect(post).toMatchObject({
        communityId,
        authorId: member,
        content: 'First!',
        mediaUrls: [],
        isLiked: false,
        likesCount: 0,
        commentsCount: 0,
        sharesCount: 0,
        canDelete: true,
      });
      expect(post.author.username).toMatch(/^user_/);
      const detail = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${communityId}`,
        outsider,
      );
      expect(detail.posts[0]).toMatchObject({ id: post.id, canDelete: false });
      expect(detail.postCount).toBeGreaterThanOrEqual(1);
      const events = await sut.outboxAbout('postId', post.id);
      expect(events.map((event) => event.name)).toEqual(['community.post.created']);
      expect(events[0]?.payload).toMatchObject({
        communityId,
        authorId: member,
        content: 'First!',
      });
    });

    it('refuses non-members with a 403 and missing communities with a 404', async () => {
      const response = await sut.call('POST', `/api/communities/${communityId}/posts`, {
        as: outsider,
        body: { content: 'Let me in' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Only members can post in this community' });
      const missing = await sut.call(
        'POST',
        '/api/communities/0190b1de-1111-7000-8000-000000000007/posts',
        {
          as: member,
          body: { content: 'Hello?' },
        },
      );
      expect(missing.statusCode).toBe(404);
    });

    it.each([
      [{ content: '   ' }, 'A post cannot be empty'],
      [{}, 'content is required'],
      [{ content: 'x'.repeat(2001) }, 'A post can be at most 2000 characters'],
      [
        { content: 'ok', mediaUrls: ['https://elsewhere/x.png'] },
        'mediaUrls must be an uploaded object path',
      ],
      [
        { content: 'ok', mediaUrls: Array(5).fill('/objects/uploads/a') },
        'A post can have at most 4 images',
      ],
    ])('refuses %p with a 400 and stores nothing', async (body, message) => {
      const before = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${communityId}`,
        member,
      );
      const response = await sut.call('POST', `/api/communities/${communityId}/posts`, {
        as: member,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
      const after = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${communityId}`,
        member,
      );
      expect(after.postCount).toBe(before.postCount);
    });

    it('counts 2,000 emoji as 2,000 characters', async () => {
      const post = await sut.post(member, communityId, '🌊'.repeat(2000));
      expect([...post.content]).toHaveLength(2000);
    });

    it("claims the media as the author's and refuses someone else's uploads", async () => {
      const mediaUrls = [
        '/objects/uploads/0190b1de-1111-7000-8000-0000000000a1',
        '/objects/uploads/0190b1de-1111-7000-8000-0000000000a2',
      ];
      const post = await sut.ok<CommunityPostResponse>(
        'POST',
        `/api/communities/${communityId}/posts`,
        member,
        {
          content: 'Two pictures',
          mediaUrls,
        },
      );
      expect(post.mediaUrls).toEqual(mediaUrls);
      expect(sut.claims).toContainEqual({
        ownerId: member,
        objectPaths: mediaUrls,
        purpose: 'community-post',
        subjectId: post.id,
      });
      const theirs = await sut.call('POST', `/api/communities/${communityId}/posts`, {
        as: member,
        body: { content: 'Not mine', mediaUrls: ['/objects/uploads/theirs'] },
      });
      expect(theirs.statusCode).toBe(403);
      const missing = await sut.call('POST', `/api/communities/${communityId}/posts`, {
        as: member,
        body: { content: 'Gone', mediaUrls: ['/objects/uploads/missing'] },
      });
      expect(missing.statusCode).toBe(400);
    });

    it('claims nothing for a non-member, and gives the media back when the author left meanwhile', async () => {
      const mediaUrls = ['/objects/uploads/0190b1de-1111-7000-8000-0000000000c1'];
      const outsiders = await sut.call('POST', `/api/communities/${communityId}/posts`, {
        as: outsider,
        body: { content: 'Let me in', mediaUrls },
      });
      expect(outsiders.statusCode).toBe(403);
      expect(sut.everClaimed(mediaUrls[0] ?? '')).toBe(false);

      const leaving = await sut.user();
      await sut.join(leaving, communityId);
      const paused = sut.pauseNextClaim();
      const posting = sut.call('POST', `/api/communities/${communityId}/posts`, {
        as: leaving,
        body: { content: 'Last words', mediaUrls },
      });
      expect((await paused.arrived).ownerId).toBe(leaving);
      await sut.ok('DELETE', `/api/communities/${communityId}/leave`, leaving, undefined, 204);
      paused.answer();

      expect((await posting).statusCode).toBe(403);
      expect(sut.holds(mediaUrls[0] ?? '')).toBe(false);
      // Posted as a member, the same media are claimed for good.
      await sut.join(leaving, communityId);
      const post = await sut.ok<CommunityPostResponse>(
        'POST',
        `/api/communities/${communityId}/posts`,
        leaving,
        { content: 'Back again', mediaUrls },
      );
      expect(sut.heldClaims()).toContainEqual({
        objectPath: mediaUrls[0],
        purpose: 'community-post',
        subjectId: post.id,
      });
    });

    it('pages the feed newest first', async () => {
      const community = (await sut.community(owner)).id;
      const ids: string[] = [];
      for (let index = 0; index < 5; index += 1)
        ids.push((await sut.post(owner, community, `post ${index}`)).id);
      const first = await sut.ok<Page<CommunityPostResponse>>(
        'GET',
        `/api/communities/${community}/posts?limit=3`,
        member,
      );
      const second = await sut.ok<Page<CommunityPostResponse>>(
        'GET',
        `/api/communities/${community}/posts?limit=3&cursor=${first.nextCursor ?? ''}`,
        member,
      );
      expect([...first.items, ...second.items].map((post) => post.id)).toEqual([...ids].reverse());
      expect(second.nextCursor).toBeNull();
      const detail = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${community}`,
        member,
      );
      expect(detail.posts.map((post) => post.id)).toEqual([...ids].reverse());
      expect(detail.postsNextCursor).toBeNull();
    });
  });

  describe('likes', () => {
    it('are idempotent and exact under concurrent clicks', async () => {
      const post = await sut.post(member, communityId);
      const users = await Promise.all(Array.from({ length: 6 }, () => sut.user()));
      await Promise.all(
        users.flatMap((user) => [
          sut.ok('POST', `/api/posts/${post.id}/like`, user, undefined, 200),
          sut.ok('POST', `/api/posts/${post.id}/like`, user, undefined, 200),
        ]),
      );
      const liked = await sut.ok<CommunityPostLikeResponse>(
        'POST',
        `/api/posts/${post.id}/like`,
        outsider,
        undefined,
        200,
      );
      expect(liked).toEqual({ postId: post.id, isLiked: true, likesCount: 7 });
      const unliked = await sut.ok<CommunityPostLikeResponse>(
        'DELETE',
        `/api/posts/${post.id}/like`,
        outsider,
      );
      expect(unliked).toEqual({ postId: post.id, isLiked: false, likesCount: 6 });
      const again = await sut.ok<CommunityPostLikeResponse>(
        'DELETE',
        `/api/posts/${post.id}/like`,
        outsider,
      );
      expect(again).toEqual({ postId: post.id, isLiked: false, likesCount: 6 });
      const seen = await sut.ok<CommunityPostResponse>(
        'GET',
        `/api/posts/${post.id}`,
        users[0] ?? null,
      );
      expect(seen).toMatchObject({ isLiked: true, likesCount: 6 });
      const events = await sut.outboxAbout('postId', post.id);
      expect(events.filter((event) => event.name === 'community.post.liked')).toHaveLength(7);
      expect(events.filter((event) => event.name === 'community.post.unliked')).toHaveLength(1);
    });

    it('answer 404 for a missing post and 400 for a bad id', async () => {
      expect(
        (
          await sut.call('POST', '/api/posts/0190b1de-1111-7000-8000-000000000006/like', {
            as: member,
          })
        ).statusCode,
      ).toBe(404);
      const bad = await sut.call('POST', '/api/posts/nope/like', { as: member });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Post id must be a valid id' });
    });
  });

  describe('comments and shares', () => {
    it('adds trimmed comments oldest first and counts them', async () => {
      const post = await sut.post(member, communityId);
      const first = await sut.ok<CommunityCommentResponse>(
        'POST',
        `/api/posts/${post.id}/comments`,
        outsider,
        {
          content: '  Nice one ',
        },
      );
      expect(first).toMatchObject({ postId: post.id, authorId: outsider, content: 'Nice one' });
      await sut.ok('POST', `/api/posts/${post.id}/comments`, owner, { content: 'Agreed' });
      const page = await sut.ok<Page<CommunityCommentResponse>>(
        'GET',
        `/api/posts/${post.id}/comments?limit=1`,
        member,
      );
      const rest = await sut.ok<Page<CommunityCommentResponse>>(
        'GET',
        `/api/posts/${post.id}/comments?limit=1&cursor=${page.nextCursor ?? ''}`,
        member,
      );
      expect([...page.items, ...rest.items].map((comment) => comment.content)).toEqual([
        'Nice one',
        'Agreed',
      ]);
      const seen = await sut.ok<CommunityPostResponse>('GET', `/api/posts/${post.id}`, member);
      expect(seen.commentsCount).toBe(2);
      const events = await sut.outboxAbout('postId', post.id);
      expect(events.filter((event) => event.name === 'community.comment.created')).toHaveLength(2);
    });

    it.each([
      [{ content: '  ' }, 'A comment cannot be empty'],
      [{ content: 'x'.repeat(1001) }, 'A comment can be at most 1000 characters'],
      [{ content: 42 }, 'content is required'],
      [['a list'], 'Request body must be a JSON object'],
    ])('refuses comment %p with a 400', async (body, message) => {
      const post = await sut.post(member, communityId);
      const response = await sut.call('POST', `/api/posts/${post.id}/comments`, {
        as: member,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    });

    it('counts shares, once per user', async () => {
      const post = await sut.post(member, communityId);
      const share = (userId: string) =>
        sut.ok<CommunityPostShareResponse>(
          'POST',
          `/api/posts/${post.id}/share`,
          userId,
          undefined,
          200,
        );
      expect(await share(outsider)).toEqual({ postId: post.id, sharesCount: 1 });
      expect(await share(member)).toEqual({ postId: post.id, sharesCount: 2 });
      // Sharing again (or many times at once) does not inflate the count.
      const again = await Promise.all([share(member), share(member), share(outsider)]);
      expect(again.map((answer) => answer.sharesCount)).toEqual([2, 2, 2]);
      expect(
        (await sut.ok<{ sharesCount: number }>('GET', `/api/posts/${post.id}`, member)).sharesCount,
      ).toBe(2);
    });
  });

  describe('deleting', () => {
    it('is for the author, or a moderator or owner of the community', async () => {
      const moderator = await sut.user();
      await sut.join(moderator, communityId);
      await sut.ok(
        'PUT',
        `/api/communities/${communityId}/members/${moderator}/role`,
        owner,
        { role: 'moderator' },
        200,
      );
      const byAuthor = await sut.post(member, communityId);
      const byModerator = await sut.post(member, communityId);
      const byOwner = await sut.post(member, communityId);
      await sut.ok('POST', `/api/posts/${byAuthor.id}/comments`, owner, { content: 'gone soon' });

      const refused = await sut.call('DELETE', `/api/posts/${byAuthor.id}`, { as: outsider });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: 'Only the author or a moderator of the community can delete this post',
      });
      const seenByModerator = await sut.ok<CommunityPostResponse>(
        'GET',
        `/api/posts/${byModerator.id}`,
        moderator,
      );
      expect(seenByModerator.canDelete).toBe(true);

      await sut.ok('DELETE', `/api/posts/${byAuthor.id}`, member, undefined, 204);
      await sut.ok('DELETE', `/api/posts/${byModerator.id}`, moderator, undefined, 204);
      await sut.ok('DELETE', `/api/posts/${byOwner.id}`, owner, undefined, 204);
      for (const id of [byAuthor.id, byModerator.id, byOwner.id])
        expect((await sut.call('GET', `/api/posts/${id}`, { as: member })).statusCode).toBe(404);
      expect(
        (await sut.call('DELETE', `/api/posts/${byAuthor.id}`, { as: member })).statusCode,
      ).toBe(404);
      const events = await sut.outboxAbout('postId', byModerator.id);
      expect(events.map((event) => event.name)).toEqual([
        'community.post.created',
        'community.post.deleted',
      ]);
      expect(events[1]?.payload).toMatchObject({ deletedBy: moderator, authorId: member });
    });
  });

  describe('in a private community', () => {
    it('hides posts and comments from non-members and refuses their likes, comments and shares', async () => {
      const community = (await sut.community(owner, { isPrivate: true })).id;
      const post = await sut.post(owner, community, 'Members only');
      for (const [method, url, body] of [
        ['GET', `/api/posts/${post.id}`, undefined],
        ['GET', `/api/posts/${post.id}/comments`, undefined],
        ['POST', `/api/posts/${post.id}/like`, undefined],
        ['POST', `/api/posts/${post.id}/share`, undefined],
        ['POST', `/api/posts/${post.id}/comments`, { content: 'peek' }],
      ] as const) {
        const response = await sut.call(method, url, { as: outsider, body });
        expect([url, response.statusCode]).toEqual([url, 403]);
      }
      const visitor = await sut.call('GET', `/api/posts/${post.id}`, { as: null });
      expect(visitor.statusCode).toBe(403);
      const seen = await sut.ok<CommunityPostResponse>('GET', `/api/posts/${post.id}`, owner);
      expect(seen.content).toBe('Members only');
    });
  });

  describe(CommunitiesRpcServer.name, () => {
    it('tells which posts exist, for the check of claims on their media', async () => {
      const rpc = new RpcClient({ url: sut.config.REDIS_URL, prefix: sut.config.REDIS_KEY_PREFIX });
      try {
        const kept = await sut.post(member, communityId, 'Still here');
        const gone = await sut.post(member, communityId, 'Gone soon');
        await sut.ok('DELETE', `/api/posts/${gone.id}`, member, undefined, 204);
        const unknown = '0190b1de-1111-7000-8000-00000000dead';

        const posts = await rpc.call('communities.posts-exist', {
          ids: [kept.id, gone.id, unknown, communityId],
        });

        expect(posts).toEqual({ existing: [kept.id] });
      } finally {
        await rpc.close();
      }
    });
  });
});
