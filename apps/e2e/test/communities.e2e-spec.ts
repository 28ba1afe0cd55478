import sharp from 'sharp';
import type {
  CommunityCommentResponse,
  CommunityDetailResponse,
  CommunityPostLikeResponse,
  CommunityPostResponse,
  CommunitySummary,
  JoinCommunityResponse,
  Page,
} from '@wave/contracts';
import { ApiClient, newAccount } from './support/api-client';
import { eventually } from '@wave/testing';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

interface User {
  id: string;
  username: string;
}

describe('communities through the gateway', () => {
  let stack: Stack;
  let ada: ApiClient;
  let grace: ApiClient;
  let visitor: ApiClient;
  let adaUser: User;
  let graceUser: User;

  const register = async (client: ApiClient, prefix: string): Promise<User> => {
    const response = await client.post<User>('/api/register', newAccount(prefix));
    expect(response.status).toBe(201);
    return response.body;
  };

  const create = async (client: ApiClient, body: Record<string, unknown>) => {
    const response = await client.post<CommunityDetailResponse>('/api/communities', {
      description: 'A place to talk',
      category: 'Science',
      ...body,
    });
    expect(response.status).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    stack = await startStack('communities');
    ada = new ApiClient(stack.gateway.url);
    grace = new ApiClient(stack.gateway.url);
    visitor = new ApiClient(stack.gateway.url);
    adaUser = await register(ada, 'ada');
    graceUser = await register(grace, 'grace');
  });
  afterAll(() => stack?.stop());

  it('finds, joins, posts in, comments in and leaves a community', async () => {
    const community = await create(ada, {
      name: 'Orbital Mechanics',
      description: 'Trajectories and launch windows',
      rules: ['Show your working'],
    });
    expect(community).toMatchObject({
      memberCount: 1,
      role: 'owner',
      memberInfo: { role: 'owner' },
    });

    const found = await grace.get<Page<CommunitySummary>>(
      '/api/communities?category=science&search=LAUNCH',
    );
    expect(found.status).toBe(200);
    expect(found.body.items.map((item) => item.id)).toEqual([community.id]);
    expect(found.body.items[0]).toMatchObject({ isMember: false, role: null });

    const joined = await grace.post<JoinCommunityResponse>(`/api/communities/${community.id}/join`);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      status: 'joined',
      community: { memberCount: 2, isMember: true, role: 'member' },
    });
    const mine = await grace.get<Page<CommunitySummary>>('/api/communities/my-communities');
    expect(mine.body.items.map((item) => item.id)).toEqual([community.id]);

    const ticket = await grace.post<{ uploadURL: string }>('/api/objects/upload');
    const image = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const put = await grace.request<{ objectPath: string }>('PUT', ticket.body.uploadURL, {
      rawBody: image,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);

    const posted = await grace.post<CommunityPostResponse>(
      `/api/communities/${community.id}/posts`,
      { content: '  Launch window opens Friday  ', mediaUrls: [put.body.objectPath] },
    );
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      content: 'Launch window opens Friday',
      mediaUrls: [put.body.objectPath],
      authorId: graceUser.id,
      author: { id: graceUser.id, username: graceUser.username },
      canDelete: true,
    });
    const postId = posted.body.id;

    const liked = await ada.post<CommunityPostLikeResponse>(`/api/posts/${postId}/like`);
    expect(liked.body).toEqual({ postId, isLiked: true, likesCount: 1 });
    const comment = await ada.post<CommunityCommentResponse>(`/api/posts/${postId}/comments`, {
      content: 'Bring a towel',
    });
    expect(comment.status).toBe(201);
    expect(comment.body).toMatchObject({ content: 'Bring a towel', author: { id: adaUser.id } });
    const comments = await grace.get<Page<CommunityCommentResponse>>(
      `/api/posts/${postId}/comments`,
    );
    expect(comments.body.items.map((item) => item.content)).toEqual(['Bring a towel']);
    const shared = await ada.post<{ sharesCount: number }>(`/api/posts/${postId}/share`);
    expect(shared.body.sharesCount).toBe(1);

    const detail = await grace.get<CommunityDetailResponse>(`/api/communities/${community.id}`);
    expect(detail.body).toMatchObject({
      rules: ['Show your working'],
      postCount: 1,
      memberInfo: { role: 'member' },
    });
    expect(detail.body.posts[0]).toMatchObject({
      id: postId,
      likesCount: 1,
      commentsCount: 1,
      sharesCount: 1,
      isLiked: false,
    });

    const unliked = await ada.delete<CommunityPostLikeResponse>(`/api/posts/${postId}/like`);
    expect(unliked.body).toEqual({ postId, isLiked: false, likesCount: 0 });

    const left = await grace.delete(`/api/communities/${community.id}/leave`);
    expect(left.status).toBe(204);
    const after = await grace.get<CommunityDetailResponse>(`/api/communities/${community.id}`);
    expect(after.body).toMatchObject({ memberCount: 1, isMember: false, memberInfo: null });
    const notMember = await grace.post(`/api/communities/${community.id}/posts`, {
      content: 'Still here?',
    });
    expect(notMember.status).toBe(403);
    expect(notMember.body).toEqual({ message: 'Only members can post in this community' });
  });

  it('answers every failure with a clear 4xx', async () => {
    const community = await create(ada, { name: 'Failure Modes' });
    const post = await ada.post<CommunityPostResponse>(`/api/communities/${community.id}/posts`, {
      content: 'Mine',
    });
    const cases: [Promise<{ status: number; body: unknown }>, number, string][] = [
      [grace.delete(`/api/posts/${post.body.id}`), 403, 'Only the author or a moderator'],
      [
        ada.post(`/api/communities/${community.id}/posts`, { content: '   ' }),
        400,
        'A post cannot be empty',
      ],
      [
        ada.post(`/api/communities/${community.id}/posts`, { content: 'x'.repeat(2001) }),
        400,
        'A post can be at most 2000 characters',
      ],
      [
        ada.post('/api/communities', { name: 'Knitters', category: 'Knitting' }),
        400,
        'category must be one of',
      ],
      [ada.get('/api/communities?category=knitting'), 400, 'category must be all or one of'],
      [
        ada.get('/api/communities/0190b1de-1111-7000-8000-000000000001'),
        404,
        'Community not found',
      ],
      [ada.post('/api/posts/0190b1de-1111-7000-8000-000000000001/like'), 404, 'Post not found'],
      [
        ada.post(`/api/posts/${post.body.id}/comments`, { content: ' ' }),
        400,
        'A comment cannot be empty',
      ],
      [ada.delete(`/api/communities/${community.id}/leave`), 409, 'A community needs an owner'],
      [
        ada.post('/api/communities', { name: 'failure modes', category: 'Books' }),
        409,
        'already exists',
      ],
      [visitor.post(`/api/communities/${community.id}/join`), 401, ''],
    ];
    for (const [call, status, message] of cases) {
      const response = await call;
      expect({
        status: response.status,
        message: (response.body as { message?: string }).message,
      }).toEqual({
        status,
        message: expect.stringContaining(message) as string,
      });
    }
    expect((await ada.delete(`/api/posts/${post.body.id}`)).status).toBe(204);
  });

  it('lets visitors browse public communities, and keeps private ones to members', async () => {
    const open = await create(ada, { name: 'Open Door' });
    const closed = await create(ada, { name: 'Closed Door', isPrivate: true });
    await ada.post(`/api/communities/${closed.id}/posts`, { content: 'Members only' });

    const list = await visitor.get<Page<CommunitySummary>>('/api/communities?search=door');
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.id).sort()).toEqual([open.id, closed.id].sort());
    const hidden = await visitor.get<CommunityDetailResponse>(`/api/communities/${closed.id}`);
    expect(hidden.body).toMatchObject({ canViewPosts: false, posts: [], isPrivate: true });

    const asked = await grace.post<JoinCommunityResponse>(`/api/communities/${closed.id}/join`);
    expect(asked.body).toMatchObject({
      status: 'requested',
      community: { hasPendingRequest: true },
    });
    expect((await grace.get(`/api/communities/${closed.id}/posts`)).status).toBe(403);
    const approved = await ada.post(
      `/api/communities/${closed.id}/requests/${graceUser.id}/approve`,
    );
    expect(approved.status).toBe(204);
    const seen = await grace.get<CommunityDetailResponse>(`/api/communities/${closed.id}`);
    expect(seen.body).toMatchObject({ isMember: true, canViewPosts: true, memberCount: 2 });
    expect(seen.body.posts.map((post) => post.content)).toEqual(['Members only']);
  });

  it('lets a moderator remove posts, and shows authors as identity last described them', async () => {
    const community = await create(ada, { name: 'Moderated' });
    await grace.post(`/api/communities/${community.id}/join`);
    const post = await grace.post<CommunityPostResponse>(`/api/communities/${community.id}/posts`, {
      content: 'Off topic',
    });
    const profile = await grace.put('/api/users/profile', { displayName: 'Grace Hopper' });
    expect(profile.status).toBe(200);
    await eventually(
      () => ada.get<CommunityPostResponse>(`/api/posts/${post.body.id}`),
      (response) => response.body.author?.displayName === 'Grace Hopper',
    );

    const moderator = new ApiClient(stack.gateway.url);
    const moderatorUser = await register(moderator, 'mod');
    await moderator.post(`/api/communities/${community.id}/join`);
    const promoted = await ada.put(
      `/api/communities/${community.id}/members/${moderatorUser.id}/role`,
      {
        role: 'moderator',
      },
    );
    expect(promoted.status).toBe(200);
    const view = await moderator.get<CommunityPostResponse>(`/api/posts/${post.body.id}`);
    expect(view.body.canDelete).toBe(true);
    expect((await moderator.delete(`/api/posts/${post.body.id}`)).status).toBe(204);
    expect((await grace.get(`/api/posts/${post.body.id}`)).status).toBe(404);

    const edited = await ada.put<CommunityDetailResponse>(`/api/communities/${community.id}`, {
      rules: ['Stay on topic'],
    });
    expect(edited.body.rules).toEqual(['Stay on topic']);
    expect((await moderator.put(`/api/communities/${community.id}`, { rules: [] })).status).toBe(
      403,
    );
    const removed = await moderator.delete(
      `/api/communities/${community.id}/members/${graceUser.id}`,
    );
    expect(removed.status).toBe(204);
    const members = await ada.get<Page<{ user: User }>>(`/api/communities/${community.id}/members`);
    expect(members.body.items.map((member) => member.user.id)).toEqual([
      adaUser.id,
      moderatorUser.id,
    ]);
  });
});
