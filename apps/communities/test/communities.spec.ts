import { v7 as uuidv7 } from 'uuid';
import type {
  CommunityDetailResponse,
  CommunityJoinRequestResponse,
  CommunityMemberResponse,
  CommunitySummary,
  JoinCommunityResponse,
  Page,
} from '@wave/contracts';
import { RpcClient } from '@wave/rpc';
import { CommunitiesRpcServer } from '../src/rpc/communities-rpc.server';
import { CommunitiesHarness, uniqueUsername } from './communities-harness';

describe('communities', () => {
  const sut = new CommunitiesHarness();
  let owner: string;
  let reader: string;

  beforeAll(async () => {
    await sut.start('communities');
    owner = await sut.user();
    reader = await sut.user();
  });

  afterAll(() => sut.stop());

  describe('creating', () => {
    it('makes the creator its owner and the only member, and announces it', async () => {
      const created = await sut.community(owner, {
        name: '  Rustaceans  ',
        description: 'Systems programming without fear',
        category: 'technology',
        rules: ['Be kind', ' Stay on topic '],
      });
      expect(created).toMatchObject({
        name: 'Rustaceans',
        category: 'Technology',
        isPrivate: false,
        memberCount: 1,
        postCount: 0,
        rules: ['Be kind', 'Stay on topic'],
        isMember: true,
        role: 'owner',
        memberInfo: { role: 'owner' },
        canViewPosts: true,
        posts: [],
        postsNextCursor: null,
      });
      const events = await sut.outboxAbout('communityId', created.id);
      expect(events.map((event) => event.name)).toEqual(['community.created', 'community.joined']);
      expect(events[1]?.payload).toMatchObject({ userId: owner, role: 'owner' });
    });

    it('refuses a name taken in any case with a 409', async () => {
      const name = uniqueUsername('Taken');
      await sut.community(owner, { name });
      const again = await sut.call('POST', '/api/communities', {
        as: reader,
        body: { name: name.toUpperCase(), category: 'Books' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'A community with this name already exists' });
    });

    it.each([
      [{ category: 'Technology' }, 'name is required'],
      [{ name: 'ab', category: 'Technology' }, 'name must be at least 3 characters'],
      [{ name: 'x'.repeat(51), category: 'Technology' }, 'name must be at most 50 characters'],
      [{ name: 'Fine name', category: 'Knitting' }, 'category must be one of:'],
      [{ name: 'Fine name', category: 'Books', rules: [''] }, 'a rule cannot be empty'],
      [{ name: 'Fine name', category: 'Books', rules: Array(11).fill('r') }, 'at most 10 rules'],
      [
        { name: 'Fine name', category: 'Books', isPrivate: 'yes' },
        'isPrivate must be true or false',
      ],
      [{ name: 'Fine name', category: 'Books', iconUrl: 'http://evil/x.png' }, 'iconUrl must be'],
    ])('refuses %p with a 400', async (body, message) => {
      const response = await sut.call('POST', '/api/communities', { as: owner, body });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    });

    it('needs a signed-in user', async () => {
      const response = await sut.call('POST', '/api/communities', {
        as: null,
        body: { name: 'Visitors', category: 'Books' },
      });
      expect(response.statusCode).toBe(401);
    });

    it('claims the icon from media as the creator', async () => {
      const iconUrl = '/objects/uploads/0190b1de-1111-7000-8000-00000000icon';
      const created = await sut.community(owner, { iconUrl });
      expect(created.iconUrl).toBe(iconUrl);
      expect(sut.claims).toContainEqual({
        ownerId: owner,
        objectPaths: [iconUrl],
        purpose: 'community-icon',
        subjectId: created.id,
      });
      const theirs = await sut.call('POST', '/api/communities', {
        as: owner,
        body: {
          name: uniqueUsername('Icon'),
          category: 'Books',
          iconUrl: '/objects/uploads/theirs',
        },
      });
      expect(theirs.statusCode).toBe(403);
    });
  });

  describe('listing', () => {
    it('filters by category (any case), searches name and description, and pages by members', async () => {
      const tag = uniqueUsername('zq').toLowerCase();
      const a = await sut.community(owner, { name: `${tag} Alpha`, category: 'Cooking' });
      const b = await sut.community(owner, {
        name: uniqueUsername('Beta'),
        description: `All about ${tag.toUpperCase()} bread`,
        category: 'Cooking',
      });
      const c = await sut.community(owner, { name: `${tag} Gamma`, category: 'Travel' });
      await sut.join(reader, b.id);

      const found = await sut.ok<Page<CommunitySummary>>(
        'GET',
        `/api/communities?search=${tag.toUpperCase()}`,
        reader,
      );
      // Most members first, then the newest (ids are time-ordered).
      expect(found.items.map((item) => item.id)).toEqual([b.id, c.id, a.id]);
      expect(found.items[0]).toMatchObject({
        id: b.id,
        memberCount: 2,
        isMember: true,
        role: 'member',
      });
      expect(found.items[1]).toMatchObject({ isMember: false, role: null });

      const cooking = await sut.ok<Page<CommunitySummary>>(
        'GET',
        `/api/communities?category=cooking&search=${tag}`,
        reader,
      );
      expect(cooking.items.map((item) => item.id).sort()).toEqual([a.id, b.id].sort());
      const all = await sut.ok<Page<CommunitySummary>>(
        'GET',
        `/api/communities?category=all&search=${tag}`,
        reader,
      );
      expect(all.items).toHaveLength(3);

      const first = await sut.ok<Page<CommunitySummary>>(
        'GET',
        `/api/communities?search=${tag}&limit=2`,
        reader,
      );
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).not.toBeNull();
      const second = await sut.ok<Page<CommunitySummary>>(
        'GET',
        `/api/communities?search=${tag}&limit=2&cursor=${first.nextCursor ?? ''}`,
        reader,
      );
      expect(second.items).toHaveLength(1);
      expect(second.nextCursor).toBeNull();
      expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(3);
    });

    it('takes LIKE wildcards in the search literally', async () => {
      const page = await sut.ok<Page<CommunitySummary>>(
        'GET',
        '/api/communities?search=%25_%25',
        reader,
      );
      expect(page.items).toEqual([]);
    });

    it.each([
      ['category=Knitting', 'category must be all or one of:'],
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['cursor=bogus!', 'Invalid cursor'],
      [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    ])('refuses ?%s with a 400', async (query, message) => {
      const response = await sut.call('GET', `/api/communities?${query}`, { as: reader });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    });

    it("lists the reader's communities, the latest joined first", async () => {
      const joiner = await sut.user();
      const first = await sut.community(owner);
      const second = await sut.community(owner);
      await sut.join(joiner, first.id);
      await sut.join(joiner, second.id);
      const mine = await sut.ok<Page<CommunitySummary>>(
        'GET',
        '/api/communities/my-communities',
        joiner,
      );
      expect(mine.items.map((item) => item.id)).toEqual([second.id, first.id]);
      expect(mine.items.every((item) => item.isMember && item.role === 'member')).toBe(true);
      const paged = await sut.ok<Page<CommunitySummary>>(
        'GET',
        '/api/communities/my-communities?limit=1',
        joiner,
      );
      const rest = await sut.ok<Page<CommunitySummary>>(
        'GET',
        `/api/communities/my-communities?limit=1&cursor=${paged.nextCursor ?? ''}`,
        joiner,
      );
      expect([...paged.items, ...rest.items].map((item) => item.id)).toEqual([second.id, first.id]);
      expect(
        (await sut.call('GET', '/api/communities/my-communities', { as: null })).statusCode,
      ).toBe(401);
    });
  });

  describe('detail', () => {
    it('shows memberInfo only to members', async () => {
      const community = await sut.community(owner);
      const asReader = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${community.id}`,
        reader,
      );
      expect(asReader).toMatchObject({ isMember: false, memberInfo: null, canViewPosts: true });
      await sut.join(reader, community.id);
      const asMember = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${community.id}`,
        reader,
      );
      expect(asMember.memberInfo).toMatchObject({ role: 'member' });
      expect(Date.parse(asMember.memberInfo?.joinedAt ?? '')).not.toBeNaN();
    });

    it('answers 404 for a missing community and 400 for a bad id', async () => {
      const missing = await sut.call(
        'GET',
        '/api/communities/0190b1de-1111-7000-8000-000000000009',
        { as: reader },
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Community not found' });
      const bad = await sut.call('GET', '/api/communities/not-an-id', { as: reader });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Community id must be a valid id' });
    });
  });

  describe('joining and leaving', () => {
    it('is idempotent and keeps memberCount exact, also under concurrent clicks', async () => {
      const community = await sut.community(owner);
      const users = await Promise.all(Array.from({ length: 8 }, () => sut.user()));
      await Promise.all(
        users.flatMap((user) => [sut.join(user, community.id), sut.join(user, community.id)]),
      );
      expect(await sut.memberCount(community.id)).toEqual({ counted: 9, stored: 9 });

      const joinedAgain = await sut.ok<JoinCommunityResponse>(
        'POST',
        `/api/communities/${community.id}/join`,
        users[0] ?? null,
        undefined,
        200,
      );
      expect(joinedAgain).toMatchObject({
        status: 'joined',
        community: { memberCount: 9, isMember: true },
      });

      await Promise.all(
        users
          .slice(0, 4)
          .flatMap((user) => [
            sut.ok('DELETE', `/api/communities/${community.id}/leave`, user, undefined, 204),
            sut.ok('DELETE', `/api/communities/${community.id}/leave`, user, undefined, 204),
          ]),
      );
      expect(await sut.memberCount(community.id)).toEqual({ counted: 5, stored: 5 });
      const events = await sut.outboxAbout('communityId', community.id);
      expect(events.filter((event) => event.name === 'community.joined')).toHaveLength(9);
      expect(events.filter((event) => event.name === 'community.left')).toHaveLength(4);
    });

    it('does not let the last owner leave until they hand over', async () => {
      const community = await sut.community(owner);
      const refused = await sut.call('DELETE', `/api/communities/${community.id}/leave`, {
        as: owner,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: 'A community needs an owner: make another member an owner first',
      });
      await sut.join(reader, community.id);
      const demoteSelf = await sut.call(
        'PUT',
        `/api/communities/${community.id}/members/${owner}/role`,
        {
          as: owner,
          body: { role: 'member' },
        },
      );
      expect(demoteSelf.statusCode).toBe(409);
      await sut.ok(
        'PUT',
        `/api/communities/${community.id}/members/${reader}/role`,
        owner,
        { role: 'owner' },
        200,
      );
      await sut.ok('DELETE', `/api/communities/${community.id}/leave`, owner, undefined, 204);
      const detail = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${community.id}`,
        reader,
      );
      expect(detail).toMatchObject({ memberCount: 1, role: 'owner' });
    });

    it('answers 404 when the community does not exist', async () => {
      const id = '0190b1de-1111-7000-8000-000000000008';
      expect(
        (await sut.call('POST', `/api/communities/${id}/join`, { as: reader })).statusCode,
      ).toBe(404);
      expect(
        (await sut.call('DELETE', `/api/communities/${id}/leave`, { as: reader })).statusCode,
      ).toBe(404);
    });
  });

  describe('roles', () => {
    it('lets only owners change roles, and only of members', async () => {
      const community = await sut.community(owner);
      const moderator = await sut.user();
      await sut.join(moderator, community.id);
      await sut.join(reader, community.id);
      const made = await sut.ok<CommunityMemberResponse>(
        'PUT',
        `/api/communities/${community.id}/members/${moderator}/role`,
        owner,
        { role: 'moderator' },
        200,
      );
      expect(made).toMatchObject({ user: { id: moderator }, role: 'moderator' });
      const byModerator = await sut.call(
        'PUT',
        `/api/communities/${community.id}/members/${reader}/role`,
        {
          as: moderator,
          body: { role: 'moderator' },
        },
      );
      expect(byModerator.statusCode).toBe(403);
      const stranger = await sut.user();
      const notMember = await sut.call(
        'PUT',
        `/api/communities/${community.id}/members/${stranger}/role`,
        {
          as: owner,
          body: { role: 'moderator' },
        },
      );
      expect(notMember.statusCode).toBe(404);
      const badRole = await sut.call(
        'PUT',
        `/api/communities/${community.id}/members/${reader}/role`,
        {
          as: owner,
          body: { role: 'king' },
        },
      );
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json<{ message: string }>().message).toBe(
        'role must be one of: owner, moderator, member',
      );

      const members = await sut.ok<Page<CommunityMemberResponse>>(
        'GET',
        `/api/communities/${community.id}/members`,
        reader,
      );
      expect(members.items.map((member) => [member.user.id, member.role])).toEqual([
        [owner, 'owner'],
        [moderator, 'moderator'],
        [reader, 'member'],
      ]);
      expect(members.items[0]?.user.username).toMatch(/^user_/);
      // The one change made, and none for the refused ones.
      const changes = (await sut.outboxAbout('communityId', community.id)).filter(
        (event) => event.name === 'community.role.changed',
      );
      expect(changes.map((event) => event.payload)).toEqual([
        { communityId: community.id, userId: moderator, role: 'moderator', at: expect.any(String) },
      ]);
    });
  });

  describe('editing and removing members', () => {
    it('lets owners edit, keeps names unique, and opens a private community to all', async () => {
      const community = await sut.community(owner, { isPrivate: true });
      const asker = await sut.user();
      await sut.join(asker, community.id);
      const moderator = await sut.user();
      await sut.ok(
        'POST',
        `/api/communities/${community.id}/requests/${asker}/approve`,
        owner,
        undefined,
        204,
      );
      await sut.join(moderator, community.id);
      await sut.ok(
        'POST',
        `/api/communities/${community.id}/requests/${moderator}/approve`,
        owner,
        undefined,
        204,
      );
      await sut.ok(
        'PUT',
        `/api/communities/${community.id}/members/${moderator}/role`,
        owner,
        { role: 'moderator' },
        200,
      );
      const waiting = await sut.user();
      await sut.join(waiting, community.id);

      const byModerator = await sut.call('PUT', `/api/communities/${community.id}`, {
        as: moderator,
        body: { description: 'Hijacked' },
      });
      expect(byModerator.statusCode).toBe(403);
      expect(byModerator.json()).toEqual({ message: 'Only an owner of the community can do this' });
      const nothing = await sut.call('PUT', `/api/communities/${community.id}`, {
        as: owner,
        body: {},
      });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json()).toEqual({ message: 'Nothing to change' });
      const taken = await sut.community(owner);
      const clash = await sut.call('PUT', `/api/communities/${community.id}`, {
        as: owner,
        body: { name: taken.name.toLowerCase() },
      });
      expect(clash.statusCode).toBe(409);

      const updated = await sut.ok<CommunityDetailResponse>(
        'PUT',
        `/api/communities/${community.id}`,
        owner,
        { description: ' Now open ', rules: ['One rule'], isPrivate: false, category: 'music' },
        200,
      );
      expect(updated).toMatchObject({
        description: 'Now open',
        rules: ['One rule'],
        isPrivate: false,
        category: 'Music',
      });
      const requests = await sut.ok<Page<CommunityJoinRequestResponse>>(
        'GET',
        `/api/communities/${community.id}/requests`,
        owner,
      );
      expect(requests.items).toEqual([]);
      const events = await sut.outboxAbout('communityId', community.id);
      // With the icon and a version that grows (media releases a replaced icon by them).
      expect(events.filter((event) => event.name === 'community.updated')).toEqual([
        {
          name: 'community.updated',
          payload: expect.objectContaining({ iconUrl: null, version: 2, isPrivate: false }),
        },
      ]);
      const iconUrl = '/objects/uploads/0190b1de-1111-7000-8000-0000000icon2';
      await sut.ok('PUT', `/api/communities/${community.id}`, owner, { iconUrl }, 200);
      expect(
        (await sut.outboxAbout('communityId', community.id))
          .filter((event) => event.name === 'community.updated')
          .map((event) => event.payload),
      ).toEqual([
        expect.objectContaining({ version: 2 }),
        expect.objectContaining({ iconUrl, version: 3 }),
      ]);

      // Moderators remove plain members only; owners remove anyone but themselves.
      const kickOwner = await sut.call(
        'DELETE',
        `/api/communities/${community.id}/members/${owner}`,
        { as: moderator },
      );
      expect(kickOwner.statusCode).toBe(403);
      await sut.ok(
        'DELETE',
        `/api/communities/${community.id}/members/${asker}`,
        moderator,
        undefined,
        204,
      );
      expect(
        (
          await sut.call('DELETE', `/api/communities/${community.id}/members/${asker}`, {
            as: moderator,
          })
        ).statusCode,
      ).toBe(404);
      const self = await sut.call('DELETE', `/api/communities/${community.id}/members/${owner}`, {
        as: owner,
      });
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ message: 'To remove yourself, leave the community' });
      await sut.ok(
        'DELETE',
        `/api/communities/${community.id}/members/${moderator}`,
        owner,
        undefined,
        204,
      );
      expect(await sut.memberCount(community.id)).toEqual({ counted: 1, stored: 1 });
      const byMember = await sut.call(
        'DELETE',
        `/api/communities/${community.id}/members/${owner}`,
        { as: reader },
      );
      expect(byMember.statusCode).toBe(403);
    });
  });

  describe('private communities', () => {
    it('turns a join into a request that an owner or moderator approves or declines', async () => {
      const community = await sut.community(owner, { isPrivate: true });
      const asker = await sut.user();
      const declined = await sut.user();
      const asked = await sut.ok<JoinCommunityResponse>(
        'POST',
        `/api/communities/${community.id}/join`,
        asker,
        undefined,
        200,
      );
      expect(asked).toMatchObject({
        status: 'requested',
        community: { isMember: false, hasPendingRequest: true, memberCount: 1 },
      });
      await sut.ok('POST', `/api/communities/${community.id}/join`, asker, undefined, 200);
      await sut.join(declined, community.id);

      const hidden = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${community.id}`,
        asker,
      );
      expect(hidden).toMatchObject({
        canViewPosts: false,
        posts: [],
        memberInfo: null,
        hasPendingRequest: true,
      });
      expect(
        (await sut.call('GET', `/api/communities/${community.id}/posts`, { as: asker })).statusCode,
      ).toBe(403);
      expect(
        (await sut.call('GET', `/api/communities/${community.id}/members`, { as: asker }))
          .statusCode,
      ).toBe(403);
      expect(
        (await sut.call('GET', `/api/communities/${community.id}/requests`, { as: asker }))
          .statusCode,
      ).toBe(403);

      const requests = await sut.ok<Page<CommunityJoinRequestResponse>>(
        'GET',
        `/api/communities/${community.id}/requests`,
        owner,
      );
      expect(requests.items.map((request) => request.user.id)).toEqual([asker, declined]);

      expect(
        (
          await sut.call('POST', `/api/communities/${community.id}/requests/${asker}/approve`, {
            as: declined,
          })
        ).statusCode,
      ).toBe(403);
      await sut.ok(
        'POST',
        `/api/communities/${community.id}/requests/${asker}/approve`,
        owner,
        undefined,
        204,
      );
      await sut.ok(
        'DELETE',
        `/api/communities/${community.id}/requests/${declined}`,
        owner,
        undefined,
        204,
      );
      expect(
        (
          await sut.call('POST', `/api/communities/${community.id}/requests/${declined}/approve`, {
            as: owner,
          })
        ).statusCode,
      ).toBe(404);

      const member = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${community.id}`,
        asker,
      );
      expect(member).toMatchObject({
        isMember: true,
        canViewPosts: true,
        memberCount: 2,
        hasPendingRequest: false,
      });
      const outsider = await sut.ok<CommunityDetailResponse>(
        'GET',
        `/api/communities/${community.id}`,
        declined,
      );
      expect(outsider).toMatchObject({ isMember: false, hasPendingRequest: false });
    });

    it('withdraws a pending request on leave', async () => {
      const community = await sut.community(owner, { isPrivate: true });
      const asker = await sut.user();
      await sut.join(asker, community.id);
      await sut.ok('DELETE', `/api/communities/${community.id}/leave`, asker, undefined, 204);
      const requests = await sut.ok<Page<CommunityJoinRequestResponse>>(
        'GET',
        `/api/communities/${community.id}/requests`,
        owner,
      );
      expect(requests.items).toEqual([]);
    });
  });

  describe('authors projection', () => {
    it('keeps the newest version of a user', async () => {
      const userId = await sut.user('projected');
      const base = {
        userId,
        username: 'projected',
        profileImageUrl: null,
        verified: false,
        firstName: null,
        lastName: null,
        bio: null,
        coverImageUrl: null,
        updatedAt: new Date().toISOString(),
      };
      await sut.publish('user.updated', { ...base, displayName: 'Newest', version: 3 });
      await sut.publish('user.updated', { ...base, displayName: 'Older', version: 2 });
      const community = await sut.community(userId);
      const members = await sut.ok<Page<CommunityMemberResponse>>(
        'GET',
        `/api/communities/${community.id}/members`,
        userId,
      );
      expect(members.items[0]?.user).toEqual({
        id: userId,
        username: 'projected',
        displayName: 'Newest',
        profileImageUrl: null,
      });
    });
  });

  describe('icons are claimed only once the request can succeed', () => {
    const upload = () => `/objects/uploads/${uuidv7()}`;

    it('refuses a taken name with a 409 before claiming the icon', async () => {
      const name = uniqueUsername('Claimed');
      await sut.community(owner, { name });
      const iconUrl = upload();
      const again = await sut.call('POST', '/api/communities', {
        as: reader,
        body: { name: name.toLowerCase(), category: 'Books', iconUrl },
      });
      expect(again.statusCode).toBe(409);
      expect(sut.everClaimed(iconUrl)).toBe(false);
    });

    it('gives the icon back when the name is taken while the claim is in flight', async () => {
      const name = uniqueUsername('Race');
      const iconUrl = upload();
      const paused = sut.pauseNextClaim();
      const creating = sut.call('POST', '/api/communities', {
        as: reader,
        body: { name, category: 'Books', iconUrl },
      });
      expect((await paused.arrived).objectPaths).toEqual([iconUrl]);
      await sut.community(owner, { name });
      paused.answer();

      expect((await creating).statusCode).toBe(409);
      expect(sut.holds(iconUrl)).toBe(false);
      // The same icon works for the next attempt.
      const retried = await sut.community(reader, { iconUrl });
      expect(retried.iconUrl).toBe(iconUrl);
      expect(sut.heldClaims()).toContainEqual({
        objectPath: iconUrl,
        purpose: 'community-icon',
        subjectId: retried.id,
      });
    });

    it('claims nothing for an icon media refuses', async () => {
      const refused = await sut.call('POST', '/api/communities', {
        as: owner,
        body: {
          name: uniqueUsername('Theirs'),
          category: 'Books',
          iconUrl: '/objects/uploads/theirs',
        },
      });
      expect(refused.statusCode).toBe(403);
      expect(sut.holds('/objects/uploads/theirs')).toBe(false);
    });

    it('refuses an update by a non-owner, to a taken name or of a missing community before claiming', async () => {
      const community = await sut.community(owner);
      const other = await sut.community(owner);
      await sut.join(reader, community.id);
      const iconUrl = upload();
      const update = (as: string, id: string, body: Record<string, unknown>) =>
        sut.call('PUT', `/api/communities/${id}`, { as, body: { ...body, iconUrl } });

      expect((await update(reader, community.id, {})).statusCode).toBe(403);
      expect((await update(owner, community.id, { name: other.name })).statusCode).toBe(409);
      expect((await update(owner, uuidv7(), {})).statusCode).toBe(404);
      expect(sut.everClaimed(iconUrl)).toBe(false);
      // Its own name in another case is not taken.
      const renamed = await update(owner, community.id, { name: community.name.toUpperCase() });
      expect(renamed.statusCode).toBe(200);
      expect(sut.holds(iconUrl)).toBe(true);
    });

    it('keeps the current icon when an update naming it again fails', async () => {
      const iconUrl = upload();
      const community = await sut.community(owner, { iconUrl });
      const taken = uniqueUsername('Taken');
      const paused = sut.pauseNextClaim();
      const updating = sut.call('PUT', `/api/communities/${community.id}`, {
        as: owner,
        body: { name: taken, iconUrl },
      });
      await paused.arrived;
      await sut.community(owner, { name: taken });
      paused.answer();

      expect((await updating).statusCode).toBe(409);
      expect(sut.heldClaims()).toContainEqual({
        objectPath: iconUrl,
        purpose: 'community-icon',
        subjectId: community.id,
      });
    });
  });

  describe(CommunitiesRpcServer.name, () => {
    it('tells which of some communities a member is in, for recommendations', async () => {
      const rpc = new RpcClient({ url: sut.config.REDIS_URL, prefix: sut.config.REDIS_KEY_PREFIX });
      try {
        const joined = await sut.community(owner);
        const other = await sut.community(owner);
        const member = uuidv7();
        expect(
          (await sut.call('POST', `/api/communities/${joined.id}/join`, { as: member })).statusCode,
        ).toBe(200);

        const answer = await rpc.call('communities.joined-among', {
          userId: member,
          ids: [joined.id, other.id, uuidv7()],
        });
        expect(answer.joined).toEqual([joined.id]);
        expect(
          (
            await rpc.call('communities.joined-among', {
              userId: owner,
              ids: [joined.id, other.id],
            })
          ).joined.sort(),
        ).toEqual([joined.id, other.id].sort());
      } finally {
        await rpc.close();
      }
    });

    it("tells each community's current icon, for the check of claims on icons", async () => {
      const rpc = new RpcClient({ url: sut.config.REDIS_URL, prefix: sut.config.REDIS_KEY_PREFIX });
      try {
        const first = `/objects/uploads/${uuidv7()}`;
        const second = `/objects/uploads/${uuidv7()}`;
        const changed = await sut.community(owner, { iconUrl: first });
        await sut.ok('PUT', `/api/communities/${changed.id}`, owner, { iconUrl: second }, 200);
        const plain = await sut.community(owner);
        const unknown = uuidv7();

        const answer = await rpc.call('communities.community-icons', {
          ids: [changed.id, unknown, plain.id],
        });

        const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
        expect(answer.communities.sort(byId)).toEqual(
          [
            { id: changed.id, iconUrl: second },
            { id: plain.id, iconUrl: null },
          ].sort(byId),
        );
        await expect(
          rpc.call('communities.community-icons', { ids: Array<string>(501).fill(unknown) }),
        ).rejects.toThrow();
      } finally {
        await rpc.close();
      }
    });
  });
});
