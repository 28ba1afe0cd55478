import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Recommendation } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import { useAuth } from '../../auth/api/current-user';
import {
  deferred,
  json,
  makePeople,
  makePerson,
  makeUser,
  mockFetch,
  renderWithProviders,
  RECOMMENDATIONS_PATH,
} from '../testing/recommendation-test-utils';
import type { FetchCall } from '../testing/recommendation-test-utils';
import { WhoToFollow } from './who-to-follow';

const FIRST_URL = `${RECOMMENDATIONS_PATH}?maxRecommendations=3&contentType=user`;
const MORE_URL = `${RECOMMENDATIONS_PATH}?maxRecommendations=10&contentType=user`;

const grace = makePerson('grace', 'Grace Hopper', {
  user: { displayName: 'Grace Hopper', profileImageUrl: null, verified: true },
});
const linus = makePerson('linus', 'Linus Torvalds');
const margaret = makePerson('margaret', 'Margaret Hamilton');
const THREE = [grace, linus, margaret];
const TEN = [...THREE, ...makePeople(7, 4)];

const followPath = (person: Recommendation) => `/api/users/${person.contentId}/follow`;
const followed = (userId: string, isFollowing = true) =>
  json(200, { userId, isFollowing, followersCount: isFollowing ? 1 : 0 });

type Answer = Response | Promise<Response>;

/** What the shell shows of the reader (it reads GET /api/user, as the app's shell does). */
function Me() {
  const { user } = useAuth();
  return <p data-testid="my-following">{user?.followingCount}</p>;
}

function renderWhoToFollow({
  list = (call) => json(200, call.url === MORE_URL ? TEN : THREE),
  follow = (call) => followed(call.url.split('/')[3]!, call.method === 'POST'),
  me = () => json(200, makeUser({ followingCount: 4 })),
}: {
  list?: (call: FetchCall) => Answer;
  follow?: (call: FetchCall) => Answer;
  me?: (call: FetchCall) => Answer;
} = {}) {
  const { calls } = mockFetch((call) => {
    if (call.url.startsWith(RECOMMENDATIONS_PATH)) return list(call);
    if (call.url.endsWith('/follow')) return follow(call);
    if (call.url === '/api/user') return me(call);
    return json(404, { message: `Unexpected ${call.method} ${call.url}` });
  });
  const result = renderWithProviders(
    <>
      <Me />
      <WhoToFollow />
    </>,
  );
  const requests = () => calls.map((call) => `${call.method} ${call.url}`);
  return { ...result, calls, requests };
}

const people = () => screen.getByRole('list', { name: 'Who to follow' });
const rows = () => within(people()).getAllByRole('listitem');
const findPeople = () => screen.findByRole('list', { name: 'Who to follow' });
const followButton = (name: string) => screen.getByRole('button', { name: `Follow ${name}` });

describe(WhoToFollow.name, () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('shows placeholders while the people load, and no Show more', async () => {
    const answer = deferred<Response>();
    renderWhoToFollow({ list: () => answer.promise });
    expect(screen.getByRole('heading', { level: 2, name: 'Who to follow' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Who to follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    answer.resolve(json(200, THREE));
    await findPeople();
    expect(rows()).toHaveLength(3);
  });

  it('asks for 3 people once and shows each with a link, @username and a Follow button', async () => {
    const { requests } = renderWhoToFollow();
    await findPeople();
    expect(requests()).toEqual([`GET ${FIRST_URL}`]);
    expect(rows()).toHaveLength(3);

    const first = within(rows()[0]!);
    expect(first.getByRole('link', { name: /Grace Hopper/ })).toHaveAttribute(
      'href',
      '/profile/grace',
    );
    expect(first.getByText('@grace')).toBeVisible();
    expect(first.getByLabelText('Verified account')).toBeInTheDocument();
    const follow = first.getByRole('button', { name: 'Follow Grace Hopper' });
    expect(follow).toHaveTextContent('Follow');
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    // No reason in the sidebar (the new member's welcome shows them).
    expect(screen.queryByText('Followed by people you follow')).not.toBeInTheDocument();

    expect(within(rows()[1]!).queryByLabelText('Verified account')).not.toBeInTheDocument();
    expect(followButton('Linus Torvalds')).toBeVisible();
    expect(followButton('Margaret Hamilton')).toBeVisible();
  });

  it('names a person by username when the server sends no display name', async () => {
    const bare = makePerson('hedy', 'unused', { user: undefined });
    renderWhoToFollow({ list: () => json(200, [bare]) });
    await findPeople();
    expect(followButton('hedy')).toBeVisible();
    expect(screen.getByRole('link', { name: /hedy/ })).toHaveAttribute('href', '/profile/hedy');
  });

  it('shows 10 with Show more (the 3 stay while they load), and 3 again with Show less', async () => {
    const user = userEvent.setup();
    const more = deferred<Response>();
    const { requests } = renderWhoToFollow({
      list: (call) => (call.url === MORE_URL ? more.promise : json(200, THREE)),
    });
    await findPeople();
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(requests()).toEqual([`GET ${FIRST_URL}`, `GET ${MORE_URL}`]);
    expect(rows()).toHaveLength(3);
    expect(people()).toHaveAttribute('aria-busy', 'true');

    more.resolve(json(200, TEN));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(people()).toHaveAttribute('aria-busy', 'false');
    expect(followButton('User 10')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');

    await user.click(less);

    expect(rows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeVisible();
    // The 3 are still fresh (5 minutes): not asked for again.
    expect(requests()).toEqual([`GET ${FIRST_URL}`, `GET ${MORE_URL}`]);
  });

  it('offers no Show more when there are fewer than 3 people', async () => {
    renderWhoToFollow({ list: () => json(200, [grace, linus]) });
    await findPeople();
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says there is nobody to suggest', async () => {
    renderWhoToFollow({ list: () => json(200, []) });
    expect(await screen.findByText('No suggestions right now.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Who to follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when the people cannot be read', async () => {
    renderWhoToFollow({ list: () => json(503, { message: 'Recommendations unavailable' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load recommendations.');
    expect(screen.queryByRole('list', { name: 'Who to follow' })).not.toBeInTheDocument();
  });

  it('switches to Following at once, before the server answers, and keeps it', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { calls, requests, queryClient } = renderWhoToFollow({ follow: () => answer.promise });
    await findPeople();

    await user.click(followButton('Grace Hopper'));

    const following = screen.getByRole('button', { name: 'Following Grace Hopper' });
    expect(following).toHaveTextContent('Following');
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(followButton('Linus Torvalds')).toHaveAttribute('aria-pressed', 'false');
    expect(requests()).toEqual([`GET ${FIRST_URL}`, `POST ${followPath(grace)}`]);
    expect(calls.at(-1)?.body).toBeUndefined();

    answer.resolve(followed(grace.contentId));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(screen.getByRole('button', { name: 'Following Grace Hopper' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByText('Follow failed')).not.toBeInTheDocument();
  });

  it('reads the current user again after a follow succeeds (their following count)', async () => {
    const user = userEvent.setup();
    const { requests } = renderWhoToFollow();
    await findPeople();
    expect(screen.getByTestId('my-following')).toHaveTextContent('3');

    await user.click(followButton('Linus Torvalds'));

    await waitFor(() => expect(screen.getByTestId('my-following')).toHaveTextContent('4'));
    expect(requests()).toEqual([`GET ${FIRST_URL}`, `POST ${followPath(linus)}`, 'GET /api/user']);
  });

  it('goes back to Follow with a toast when following fails, and reads nothing again', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { requests } = renderWhoToFollow({ follow: () => answer.promise });
    await findPeople();

    await user.click(followButton('Margaret Hamilton'));
    expect(screen.getByRole('button', { name: 'Following Margaret Hamilton' })).toBeVisible();

    answer.resolve(json(500, { message: 'Follow graph unavailable' }));

    expect(await screen.findByText('Follow failed')).toBeVisible();
    expect(screen.getByText('Follow graph unavailable')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Follow Margaret Hamilton' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(requests()).toEqual([`GET ${FIRST_URL}`, `POST ${followPath(margaret)}`]);
    expect(screen.getByTestId('my-following')).toHaveTextContent('3');
  });

  it('shows the fallback message when a failed follow comes with none', async () => {
    const user = userEvent.setup();
    renderWhoToFollow({ follow: () => new Response(null, { status: 502 }) });
    await findPeople();
    await user.click(followButton('Grace Hopper'));
    expect(await screen.findByText('Failed to follow user. Please try again.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Follow Grace Hopper' })).toBeVisible();
  });

  it('unfollows with a second press', async () => {
    const user = userEvent.setup();
    const { requests, queryClient } = renderWhoToFollow();
    await findPeople();
    await user.click(followButton('Grace Hopper'));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));

    await user.click(screen.getByRole('button', { name: 'Following Grace Hopper' }));

    expect(followButton('Grace Hopper')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(requests().filter((request) => request.includes('/follow'))).toEqual([
        `POST ${followPath(grace)}`,
        `DELETE ${followPath(grace)}`,
      ]),
    );
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(followButton('Grace Hopper')).toBeVisible();
  });

  it('keeps a followed person as Following when the list grows with Show more', async () => {
    const user = userEvent.setup();
    renderWhoToFollow();
    await findPeople();
    await user.click(followButton('Grace Hopper'));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByRole('button', { name: 'Following Grace Hopper' })).toBeVisible();
    expect(followButton('Linus Torvalds')).toBeVisible();
  });
});
