import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserResponse } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import { userKeys } from '../../auth/api/current-user';
import {
  deferred,
  json,
  makeUser,
  mockFetch,
  renderWithProviders,
} from '../testing/profile-test-utils';
import ProfilePage from './profile-page';

const me = makeUser({ followingCount: 42 });
const grace = makeUser({
  id: '0190a1b2-0000-7000-8000-000000000002',
  username: 'grace',
  displayName: 'Grace Hopper',
  followersCount: 10,
  isFollowing: false,
});
const followPath = `/api/users/${grace.id}/follow`;

function renderGrace(profile: UserResponse, follow: (method: string) => Promise<Response>) {
  const { calls } = mockFetch(({ method, url }) => {
    if (url === '/api/user') return json(200, me);
    if (url === followPath) return follow(method);
    return json(200, profile);
  });
  const result = renderWithProviders(<ProfilePage renderPosts={() => null} />, {
    route: '/profile/grace',
    path: '/profile/:userIdentifier',
  });
  const myFollowing = () =>
    result.queryClient.getQueryData<UserResponse>(userKeys.current)?.followingCount;
  return { ...result, calls, myFollowing };
}

const followers = () => screen.getByTestId('followers-count');

describe('FollowButton', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('follows at once, before the server answers, and the counts follow', async () => {
    const answer = deferred<Response>();
    const { myFollowing } = renderGrace(grace, () => answer.promise);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('11 Followers');
    expect(myFollowing()).toBe(43);

    answer.resolve(json(200, { userId: grace.id, isFollowing: true, followersCount: 12 }));
    await waitFor(() => expect(followers()).toHaveTextContent('12 Followers'));
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
  });

  it('rolls back and shows the server message when following fails', async () => {
    const answer = deferred<Response>();
    const { myFollowing } = renderGrace(grace, () => answer.promise);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();

    answer.resolve(json(500, { message: 'Follow graph unavailable' }));

    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('10 Followers');
    expect(myFollowing()).toBe(42);
    expect(screen.getByText('Follow failed')).toBeInTheDocument();
    expect(screen.getByText('Follow graph unavailable')).toBeInTheDocument();
  });

  it('unfollows at once and rolls back with the fallback message', async () => {
    const { calls } = renderGrace({ ...grace, isFollowing: true, followersCount: 11 }, () =>
      Promise.resolve(json(502)),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Unfollow' }));

    expect(await screen.findByText('Unfollow failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to unfollow user. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('11 Followers');
    expect(calls.some((call) => call.method === 'DELETE' && call.url === followPath)).toBe(true);
  });

  it('runs rapid clicks in order and keeps the last answer', async () => {
    const followAnswer = deferred<Response>();
    const { calls } = renderGrace(grace, (method) =>
      method === 'POST'
        ? followAnswer.promise
        : Promise.resolve(json(200, { userId: grace.id, isFollowing: false, followersCount: 10 })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unfollow' }));

    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('10 Followers');
    const followCalls = () => calls.filter((call) => call.url === followPath);
    expect(followCalls().map((call) => call.method)).toEqual(['POST']);

    followAnswer.resolve(json(200, { userId: grace.id, isFollowing: true, followersCount: 11 }));
    await waitFor(() =>
      expect(followCalls().map((call) => call.method)).toEqual(['POST', 'DELETE']),
    );
    await waitFor(() => expect(followers()).toHaveTextContent('10 Followers'));
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });
});
