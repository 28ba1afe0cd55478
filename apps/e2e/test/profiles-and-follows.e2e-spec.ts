import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

interface User {
  id: string;
  username: string;
  displayName: string;
  bio: string | null;
  email?: string;
  followersCount: number;
  followingCount: number;
  isFollowing?: boolean;
  profileImageUrl: string | null;
  coverImageUrl: string | null;
}
interface Page {
  items: User[];
  nextCursor: string | null;
}

describe('profiles and follows through the gateway', () => {
  let stack: Stack;
  let ada: ApiClient;
  let grace: ApiClient;
  let adaUser: User;
  let graceUser: User;

  beforeAll(async () => {
    stack = await startStack('profiles');
    ada = new ApiClient(stack.gateway.url);
    grace = new ApiClient(stack.gateway.url);
    adaUser = (await ada.post<User>('/api/register', newAccount('ada'))).body;
    graceUser = (await grace.post<User>('/api/register', newAccount('grace'))).body;
  });
  afterAll(() => stack?.stop());

  it('shows a profile by id or username; the email only to its owner', async () => {
    const byName = await grace.get<User>(`/api/users/${adaUser.username.toUpperCase()}`);
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ id: adaUser.id, isFollowing: false });
    expect(byName.body).not.toHaveProperty('email');
    const own = await ada.get<User>(`/api/users/${adaUser.id}`);
    expect(own.body.email).toBe(adaUser.email);
    const visitor = await new ApiClient(stack.gateway.url).get<User>(`/api/users/${adaUser.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).not.toHaveProperty('email');
  });

  it('answers 404 for a missing profile and 400 for a malformed reference', async () => {
    expect((await ada.get('/api/users/0190b1de-1111-7000-8000-00000000dead')).status).toBe(404);
    const malformed = await ada.get('/api/users/bad%20name');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'User must be given by a valid id or username' });
  });

  it('lets only the signed-in owner edit the profile, and validates it', async () => {
    const updated = await ada.put<User>('/api/users/profile', {
      displayName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Poetical science',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ displayName: 'Ada Lovelace', bio: 'Poetical science' });

    const visitor = await new ApiClient(stack.gateway.url).put('/api/users/profile', {
      bio: 'defaced',
    });
    expect(visitor.status).toBe(401);
    const sneaky = await grace.put('/api/users/profile', { username: adaUser.username });
    expect(sneaky.status).toBe(400);
    const tooLong = await ada.put('/api/users/profile', { bio: 'x'.repeat(161) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: 'Bio must be at most 160 characters' });
    expect((await ada.get<User>('/api/user')).body.bio).toBe('Poetical science');
  });

  it('refuses an avatar that is not an upload of the user (uploads.e2e-spec covers real ones)', async () => {
    for (const imageUrl of [
      '/objects/uploads/0190b1de-1111-7000-8000-00000000dead',
      '/objects/uploads/ada-avatar',
      'https://tracker.example/pixel.gif',
    ]) {
      const response = await ada.put('/api/users/profile/images', {
        imageUrl,
        imageType: 'profile',
      });
      expect(response.status).toBe(400);
    }
    expect((await ada.get<User>('/api/user')).body.profileImageUrl).toBeNull();
  });

  it('follows and unfollows idempotently with the counts always right', async () => {
    const follow = await ada.post(`/api/users/${graceUser.id}/follow`);
    expect(follow.status).toBe(200);
    expect(follow.body).toEqual({ userId: graceUser.id, isFollowing: true, followersCount: 1 });
    await Promise.all(
      Array.from({ length: 8 }, () => ada.post(`/api/users/${graceUser.id}/follow`)),
    );
    const profile = await ada.get<User>(`/api/users/${graceUser.id}`);
    expect(profile.body).toMatchObject({ followersCount: 1, isFollowing: true });
    expect((await ada.get<User>('/api/user')).body.followingCount).toBe(1);

    const followers = await grace.get<Page>(`/api/users/${graceUser.id}/followers`);
    expect(followers.body.items.map((user) => user.id)).toEqual([adaUser.id]);
    expect(followers.body.nextCursor).toBeNull();
    const following = await grace.get<Page>(`/api/users/${adaUser.username}/following`);
    expect(following.body.items.map((user) => user.id)).toEqual([graceUser.id]);

    const unfollow = await ada.delete(`/api/users/${graceUser.id}/follow`);
    expect(unfollow.body).toEqual({ userId: graceUser.id, isFollowing: false, followersCount: 0 });
    expect((await ada.delete(`/api/users/${graceUser.id}/follow`)).status).toBe(200);
    expect((await ada.get<User>('/api/user')).body.followingCount).toBe(0);
  });

  it('refuses self-follows, visitors and bad pages', async () => {
    const self = await ada.post(`/api/users/${adaUser.id}/follow`);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: 'You cannot follow yourself' });
    expect(
      (await new ApiClient(stack.gateway.url).post(`/api/users/${adaUser.id}/follow`)).status,
    ).toBe(401);
    const page = await ada.get(`/api/users/${adaUser.id}/followers?limit=500`);
    expect(page.status).toBe(400);
    expect(page.body).toEqual({ message: 'limit must be at most 100' });
  });
});
