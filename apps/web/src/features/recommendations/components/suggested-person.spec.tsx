import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserResponse } from '@wave/contracts';
import type { ReactElement } from 'react';
import { resetToasts } from '../../../components/ui/use-toast';
import { createQueryClient } from '../../../lib/query-client';
import { profileKeys } from '../../profile/api/profile-cache';
import ProfilePage from '../../profile/components/profile-page';
import {
  deferred,
  json,
  makePerson,
  makeUser,
  mockFetch,
  renderWithProviders,
  RECOMMENDATIONS_PATH,
} from '../testing/recommendation-test-utils';
import type { FetchCall } from '../testing/recommendation-test-utils';
import { NewMemberWelcome } from './new-member-welcome';
import { RecommendationsWidget } from './recommendations-widget';
import { WhoToFollow } from './who-to-follow';

const GRACE_ID = '0190a1b2-0000-7000-8000-0000000000a2';
const grace = makePerson('grace', 'Grace Hopper', { contentId: GRACE_ID });
const linus = makePerson('linus', 'Linus Torvalds');
const margaret = makePerson('margaret', 'Margaret Hamilton');
const graceProfile = makeUser({
  id: GRACE_ID,
  username: 'grace',
  displayName: 'Grace Hopper',
  followersCount: 10,
  followingCount: 5,
  isFollowing: false,
});
const followPath = `/api/users/${GRACE_ID}/follow`;

type Answer = Response | Promise<Response>;

/**
 * Renders `ui` (by default the welcome and Who to follow, which both suggest Grace: the welcome
 * asks for 5 people, Who to follow for 3) for a member who follows nobody.
 */
function renderBoth({
  ui = (
    <>
      <NewMemberWelcome />
      <WhoToFollow />
    </>
  ),
  follow = (call) =>
    json(200, {
      userId: GRACE_ID,
      isFollowing: call.method === 'POST',
      followersCount: call.method === 'POST' ? 11 : 10,
    }),
  profile = () => json(200, graceProfile),
  route = '/',
  path = '*',
  queryClient,
}: {
  ui?: ReactElement;
  follow?: (call: FetchCall) => Answer;
  profile?: () => Answer;
  route?: string;
  path?: string;
  queryClient?: QueryClient;
} = {}) {
  const { calls } = mockFetch((call) => {
    if (call.url.startsWith(RECOMMENDATIONS_PATH)) {
      return json(
        200,
        call.url.includes('maxRecommendations=5') ? [grace, margaret] : [linus, grace],
      );
    }
    if (call.url === followPath) return follow(call);
    if (call.url === '/api/user') return json(200, makeUser({ followingCount: 1 }));
    if (call.url === '/api/users/grace') return profile();
    return json(200, { items: [], nextCursor: null });
  });
  const result = renderWithProviders(ui, {
    user: makeUser({ followingCount: 0 }),
    route,
    path,
    ...(queryClient ? { queryClient } : {}),
  });
  const followCalls = () =>
    calls.filter((call) => call.url === followPath).map((call) => call.method);
  return { ...result, calls, followCalls };
}

const welcome = () => screen.getByRole('region', { name: 'Welcome to Wave' });
const sidebar = () => screen.getByRole('region', { name: 'Who to follow' });
/** Grace's button in a list, whichever its state. */
const graceIn = (list: HTMLElement) => within(list).getByRole('button', { name: /Grace Hopper$/ });

async function findBothLists() {
  await within(await screen.findByRole('region', { name: 'Welcome to Wave' })).findByRole('list');
  await within(screen.getByRole('region', { name: 'Who to follow' })).findByRole('list');
}

function expectGrace(list: HTMLElement, following: boolean) {
  const button = graceIn(list);
  expect(button).toHaveAccessibleName(following ? 'Following Grace Hopper' : 'Follow Grace Hopper');
  expect(button).toHaveAttribute('aria-pressed', String(following));
  expect(button).toHaveTextContent(following ? /^Following$/ : /^Follow$/);
}

describe('SuggestedPerson', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('shows Following in the welcome and in Who to follow at once when followed in either', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { followCalls, queryClient } = renderBoth({ follow: () => answer.promise });
    await findBothLists();
    expectGrace(welcome(), false);
    expectGrace(sidebar(), false);

    await user.click(graceIn(welcome()));

    // Before the server answers, both rows show Grace followed; the others are untouched.
    await waitFor(() => expectGrace(sidebar(), true));
    expectGrace(welcome(), true);
    expect(within(sidebar()).getByRole('button', { name: 'Follow Linus Torvalds' })).toBeVisible();
    expect(
      within(welcome()).getByRole('button', { name: 'Follow Margaret Hamilton' }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(followCalls()).toEqual(['POST']);

    answer.resolve(json(200, { userId: GRACE_ID, isFollowing: true, followersCount: 11 }));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expectGrace(welcome(), true);
    expectGrace(sidebar(), true);
    expect(screen.queryByText('Follow failed')).not.toBeInTheDocument();
  });

  it('leaves Who to follow when dismissed in the AI recommendations, and marks every list stale once followed', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderBoth({
      ui: (
        <>
          <RecommendationsWidget />
          <WhoToFollow />
        </>
      ),
    });
    const widget = await screen.findByRole('list', { name: 'AI Recommendations' });
    await within(sidebar()).findByRole('button', { name: 'Follow Grace Hopper' });

    await user.click(within(widget).getByRole('button', { name: 'Dismiss @grace' }));
    await waitFor(() =>
      expect(within(sidebar()).queryByText('Grace Hopper')).not.toBeInTheDocument(),
    );
    expect(within(sidebar()).getByText('Linus Torvalds')).toBeVisible();

    await user.click(within(sidebar()).getByRole('button', { name: 'Follow Linus Torvalds' }));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    const states = queryClient.getQueryCache().findAll({ queryKey: ['recommendations'] });
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((query) => query.state.isInvalidated)).toBe(true);
  });

  it('shows Follow in both again when unfollowed in the other list', async () => {
    const user = userEvent.setup();
    const { followCalls, queryClient } = renderBoth();
    await findBothLists();
    await user.click(graceIn(sidebar()));
    await waitFor(() => expectGrace(welcome(), true));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));

    await user.click(graceIn(welcome()));

    await waitFor(() => expectGrace(sidebar(), false));
    expectGrace(welcome(), false);
    await waitFor(() => expect(followCalls()).toEqual(['POST', 'DELETE']));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expectGrace(welcome(), false);
    expectGrace(sidebar(), false);
  });

  it('turns both back to Follow, with one toast, when the follow fails', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { followCalls } = renderBoth({ follow: () => answer.promise });
    await findBothLists();

    await user.click(graceIn(sidebar()));
    await waitFor(() => expectGrace(welcome(), true));
    expectGrace(sidebar(), true);

    answer.resolve(json(500, { message: 'Follow graph unavailable' }));

    expect(await screen.findByText('Follow failed')).toBeVisible();
    expect(screen.getAllByText('Follow failed')).toHaveLength(1);
    expect(screen.getByText('Follow graph unavailable')).toBeVisible();
    await waitFor(() => expectGrace(welcome(), false));
    expectGrace(sidebar(), false);
    expect(followCalls()).toEqual(['POST']);
  });

  it("agrees with the profile's Follow button, both ways", async () => {
    const user = userEvent.setup();
    const { followCalls, queryClient } = renderBoth({
      ui: (
        <>
          <ProfilePage renderPosts={() => null} />
          <WhoToFollow />
        </>
      ),
      route: '/profile/grace',
      path: '/profile/:userIdentifier',
    });
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeVisible();
    await within(sidebar()).findByRole('list');
    expectGrace(sidebar(), false);

    // Followed from the suggestions: the profile shows it (and the count moves).
    await user.click(graceIn(sidebar()));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeVisible();
    expect(screen.getByTestId('followers-count')).toHaveTextContent('11 Followers');
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));

    // Unfollowed from the profile: the suggestion shows Follow again.
    await user.click(screen.getByRole('button', { name: 'Unfollow' }));
    await waitFor(() => expectGrace(sidebar(), false));
    expect(screen.getByRole('button', { name: 'Follow' })).toBeVisible();
    await waitFor(() => expect(followCalls()).toEqual(['POST', 'DELETE']));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expectGrace(sidebar(), false);
    expect(screen.getByTestId('followers-count')).toHaveTextContent('10 Followers');
  });

  it('shows Following in the suggestions once their profile, read later, says so', async () => {
    const answer = deferred<Response>();
    renderBoth({
      ui: (
        <>
          <ProfilePage renderPosts={() => null} />
          <WhoToFollow />
        </>
      ),
      profile: () => answer.promise,
      route: '/profile/grace',
      path: '/profile/:userIdentifier',
    });
    await within(sidebar()).findByRole('list');
    expectGrace(sidebar(), false);

    // Followed meanwhile (elsewhere): the profile read tells, and both buttons agree.
    answer.resolve(json(200, { ...graceProfile, isFollowing: true, followersCount: 11 }));

    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeVisible();
    await waitFor(() => expectGrace(sidebar(), true));
  });

  it('shows Following for a person whose cached profile says the reader follows them', async () => {
    // A list read before the follow may still hold someone the reader follows.
    const queryClient = createQueryClient();
    queryClient.setQueryData<UserResponse>(profileKeys.detail('grace'), {
      ...graceProfile,
      isFollowing: true,
    });
    renderBoth({ ui: <WhoToFollow />, queryClient });
    await within(sidebar()).findByRole('list');
    expectGrace(sidebar(), true);
    expect(within(sidebar()).getByRole('button', { name: 'Follow Linus Torvalds' })).toBeVisible();
  });
});
