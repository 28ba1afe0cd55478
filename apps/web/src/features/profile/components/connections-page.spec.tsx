import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../components/ui/use-toast';
import type { FetchCall } from '../testing/profile-test-utils';
import { json, makeUser, mockFetch, renderWithProviders } from '../testing/profile-test-utils';
import ConnectionsPage from './connections-page';

const ada = makeUser();
const grace = makeUser({
  id: '0190a1b2-0000-7000-8000-000000000002',
  username: 'grace',
  displayName: 'Grace Hopper',
  isFollowing: true,
});
const alan = makeUser({
  id: '0190a1b2-0000-7000-8000-000000000003',
  username: 'alan',
  displayName: 'Alan Turing',
  bio: 'Machines that think',
  isFollowing: false,
});
const bob = makeUser({
  id: '0190a1b2-0000-7000-8000-000000000004',
  username: 'bob',
  displayName: 'Bob',
  isFollowing: true,
});

function renderConnections(
  connection: 'followers' | 'following',
  reader: typeof ada | null,
  extra: (call: FetchCall) => Response | undefined = () => undefined,
) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/user') {
      return reader ? json(200, reader) : json(401, { message: 'Not signed in' });
    }
    if (call.url === '/api/users/grace') return json(200, grace);
    if (call.url === '/api/users/grace/followers?limit=20') {
      return json(200, { items: [alan, { ...ada, isFollowing: undefined }], nextCursor: 'c2' });
    }
    if (call.url === '/api/users/grace/followers?limit=20&cursor=c2') {
      return json(200, { items: [bob, alan], nextCursor: null });
    }
    if (call.url === '/api/users/grace/following?limit=20') {
      return json(200, { items: [], nextCursor: null });
    }
    return json(404, { message: 'Not found' });
  });
}

const render = (connection: 'followers' | 'following') =>
  renderWithProviders(<ConnectionsPage connection={connection} />, {
    route: `/profile/grace/${connection}`,
    path: `/profile/:userIdentifier/${connection}`,
  });

describe('ConnectionsPage', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it("lists a profile's followers, page after page, each once, with Follow for others", async () => {
    const user = userEvent.setup();
    const { calls } = renderConnections('followers', ada, (call) =>
      call.method === 'POST' && call.url === `/api/users/${alan.id}/follow`
        ? json(200, { userId: alan.id, isFollowing: true, followersCount: 1 })
        : undefined,
    );
    render('followers');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'People following Grace Hopper' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Machines that think')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Alan Turing/ })).toHaveAttribute(
      'href',
      '/profile/alan',
    );
    // The reader themself has no button.
    expect(within(list).getAllByRole('button')).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Follow Alan Turing' }));
    expect(
      await within(list).findByRole('button', { name: 'Unfollow Alan Turing' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/users/${alan.id}/follow`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Bob')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('button', { name: 'Unfollow Bob' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(document.title).toBe('People following Grace Hopper (@grace) · Wave');
  });

  it('says so when the list is empty, and links the two lists', async () => {
    renderConnections('following', null);
    render('following');
    expect(await screen.findByText("Grace Hopper isn't following anyone yet")).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Connections' });
    expect(within(tabs).getByRole('link', { name: 'Followers' })).toHaveAttribute(
      'href',
      '/profile/grace/followers',
    );
    expect(within(tabs).getByRole('link', { name: 'Following' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('gives a visitor the list without Follow buttons', async () => {
    renderConnections('followers', null);
    render('followers');
    const list = await screen.findByRole('list', { name: 'People following Grace Hopper' });
    expect(within(list).queryAllByRole('button')).toEqual([]);
  });
});
