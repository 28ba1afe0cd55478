import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunitySummary } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import type { FetchCall } from '../testing/community-test-utils';
import {
  deferred,
  json,
  makeCommunity,
  makeDetail,
  mockFetch,
  noContent,
  page,
  renderWithProviders,
  searchOf,
} from '../testing/community-test-utils';
import CommunitiesPage from './communities-page';

type Handler = (call: FetchCall) => Response | Promise<Response>;

const isList = (call: FetchCall) =>
  call.method === 'GET' && call.url.startsWith('/api/communities?');
const isMine = (call: FetchCall) =>
  call.method === 'GET' && call.url.startsWith('/api/communities/my-communities');

/** The list screen: Discover answers `communities`, My Communities `mine`; other calls `handler`. */
function renderList(
  communities: CommunitySummary[] | ((call: FetchCall) => Response | Promise<Response>),
  handler: Handler = () => json(404, { message: 'Not found' }),
  mine: CommunitySummary[] = [],
) {
  const fetch = mockFetch((call) => {
    if (isList(call)) {
      return typeof communities === 'function' ? communities(call) : json(200, page(communities));
    }
    if (isMine(call)) return json(200, page(mine));
    return handler(call);
  });
  const result = renderWithProviders(<CommunitiesPage />, {
    route: '/communities',
    path: '/communities',
  });
  const listCalls = () => fetch.calls.filter(isList);
  return { ...result, ...fetch, listCalls };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('CommunitiesPage', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tabs, the category chips, and each community with its details', async () => {
    renderList([
      makeCommunity({
        name: 'Rustaceans',
        description: 'Everything Rust.',
        memberCount: 1200,
        isMember: true,
        role: 'moderator',
      }),
      makeCommunity({
        name: 'Night Owls',
        category: 'Books',
        isPrivate: true,
        memberCount: 3,
        iconUrl: '/objects/uploads/owl',
      }),
    ]);

    expect(screen.getByRole('heading', { level: 1, name: 'Communities' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Discover',
      'My Communities',
      'Trending',
    ]);
    const chips = within(screen.getByRole('group', { name: 'Categories' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'All',
      'Technology',
      'Gaming',
      'Art & Design',
      'Music',
      'Sports',
      'Science',
      'Books',
      'Cooking',
      'Travel',
      'Business',
      'Health & Fitness',
    ]);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status', { name: 'Loading communities' })).toBeInTheDocument();

    const rust = await screen.findByRole('article', { name: 'Rustaceans' });
    expect(within(rust).getByText('Everything Rust.')).toBeInTheDocument();
    expect(within(rust).getByText('Technology')).toBeInTheDocument();
    expect(within(rust).getByText('1.2K members')).toBeInTheDocument();
    expect(within(rust).getByRole('img', { name: 'Public community' })).toBeInTheDocument();
    expect(within(rust).getByText('RU')).toBeInTheDocument();
    expect(within(rust).getByText('Moderator')).toBeInTheDocument();
    expect(within(rust).getByRole('button', { name: 'Leave Rustaceans' })).toBeInTheDocument();
    expect(within(rust).getByRole('link', { name: 'Rustaceans' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/community\//),
    );

    const owls = card('Night Owls');
    expect(within(owls).getByRole('img', { name: 'Private community' })).toBeInTheDocument();
    expect(within(owls).getByText('3 members')).toBeInTheDocument();
    expect(owls.querySelector('img[src="/objects/uploads/owl/display"]')).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(within(owls).queryByTestId('community-initials')).not.toBeInTheDocument();
    expect(
      within(owls).getByRole('button', { name: 'Request to join Night Owls' }),
    ).toBeInTheDocument();
  });

  it('sends the category lowercase (nothing for All) and the search once typing pauses', async () => {
    const user = userEvent.setup();
    const { listCalls } = renderList([makeCommunity()]);
    await screen.findByRole('article', { name: 'Rustaceans' });
    expect(searchOf(listCalls()[0]!.url)).toEqual({ limit: '20' });

    await user.click(screen.getByRole('button', { name: 'Art & Design' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(searchOf(listCalls()[1]!.url)).toEqual({ category: 'art & design', limit: '20' });
    expect(screen.getByRole('button', { name: 'Art & Design' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search communities' }), 'rust');
    await waitFor(() => expect(listCalls()).toHaveLength(3));
    // One call for the whole word: the search waited for typing to pause.
    expect(searchOf(listCalls()[2]!.url)).toEqual({
      category: 'art & design',
      search: 'rust',
      limit: '20',
    });

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(listCalls()).toHaveLength(4));
    expect(searchOf(listCalls()[3]!.url)).toEqual({ search: 'rust', limit: '20' });
  });

  it("says when nothing matches, and when the reader hasn't joined any community", async () => {
    const user = userEvent.setup();
    renderList([]);
    expect(await screen.findByText('No communities found')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'My Communities' }));
    expect(await screen.findByText('You have not joined any communities yet')).toBeInTheDocument();
  });

  it('lists My Communities from their own call', async () => {
    const user = userEvent.setup();
    const { calls } = renderList([], undefined, [
      makeCommunity({ name: 'Mine', isMember: true, role: 'owner' }),
    ]);
    await user.click(screen.getByRole('tab', { name: 'My Communities' }));
    const mine = await screen.findByRole('article', { name: 'Mine' });
    expect(within(mine).getByText('Owner')).toBeInTheDocument();
    expect(calls.find(isMine)?.url).toBe('/api/communities/my-communities?limit=20');
  });

  it('shows the first 5 communities as Trending, ranked', async () => {
    const user = userEvent.setup();
    const names = ['A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7'];
    renderList(names.map((name) => makeCommunity({ name })));
    await screen.findByRole('article', { name: 'G7' });
    await user.click(screen.getByRole('tab', { name: 'Trending' }));
    const trending = await screen.findByRole('region', { name: 'Trending communities' });
    expect(
      within(trending)
        .getAllByRole('article')
        .map((article) => within(article).getByRole('heading').textContent),
    ).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
    expect(within(trending).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads more over the cursor', async () => {
    const user = userEvent.setup();
    const { listCalls } = renderList((call) =>
      searchOf(call.url)['cursor'] === 'next'
        ? json(200, page([makeCommunity({ name: 'Second page' })]))
        : json(200, page([makeCommunity({ name: 'First page' })], 'next')),
    );
    await screen.findByRole('article', { name: 'First page' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Second page' })).toBeInTheDocument();
    expect(searchOf(listCalls().at(-1)!.url)).toEqual({ limit: '20', cursor: 'next' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('joins at once, then says so and reads the lists again', async () => {
    const user = userEvent.setup();
    const community = makeCommunity({ name: 'Rustaceans', memberCount: 10 });
    const joined = { ...community, isMember: true, role: 'member' as const, memberCount: 11 };
    let server = community;
    const answer = deferred<Response>();
    const { calls, listCalls } = renderList(
      () => json(200, page([server])),
      (call) =>
        call.method === 'POST' && call.url === `/api/communities/${community.id}/join`
          ? answer.promise
          : json(404),
    );
    await user.click(await screen.findByRole('button', { name: 'Join Rustaceans' }));

    expect(within(card('Rustaceans')).getByText('11 members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Rustaceans' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    server = joined;
    answer.resolve(json(200, { status: 'joined', community: joined }));
    expect(await screen.findByText('Joined community')).toBeInTheDocument();
    expect(screen.getByText("You're now a member of Rustaceans!")).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Leave Rustaceans' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('rolls a join back with the failure toast and the server message', async () => {
    const user = userEvent.setup();
    const community = makeCommunity({ name: 'Rustaceans', memberCount: 10 });
    const answer = deferred<Response>();
    renderList([community], () => answer.promise);
    await user.click(await screen.findByRole('button', { name: 'Join Rustaceans' }));
    expect(await screen.findByRole('button', { name: 'Leave Rustaceans' })).toBeInTheDocument();

    answer.resolve(json(409, { message: 'You are banned from this community' }));

    expect(await screen.findByText('Failed to join')).toBeInTheDocument();
    expect(screen.getByText('You are banned from this community')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Rustaceans' })).toBeInTheDocument();
    expect(within(card('Rustaceans')).getByText('10 members')).toBeInTheDocument();
  });

  it('leaves at once and rolls back when the server refuses', async () => {
    const user = userEvent.setup();
    const community = makeCommunity({
      name: 'Rustaceans',
      memberCount: 10,
      isMember: true,
      role: 'owner',
    });
    const answer = deferred<Response>();
    const { calls } = renderList([community], () => answer.promise);
    await user.click(await screen.findByRole('button', { name: 'Leave Rustaceans' }));

    expect(await screen.findByRole('button', { name: 'Join Rustaceans' })).toBeInTheDocument();
    expect(within(card('Rustaceans')).getByText('9 members')).toBeInTheDocument();
    expect(within(card('Rustaceans')).queryByText('Owner')).not.toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: 'DELETE',
      url: `/api/communities/${community.id}/leave`,
    });

    answer.resolve(json(400, { message: 'The owner cannot leave the community' }));

    expect(await screen.findByText('Failed to leave')).toBeInTheDocument();
    expect(screen.getByText('The owner cannot leave the community')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Rustaceans' })).toBeInTheDocument();
    expect(within(card('Rustaceans')).getByText('10 members')).toBeInTheDocument();
    expect(within(card('Rustaceans')).getByText('Owner')).toBeInTheDocument();
  });

  it("says 'Left community' after a leave", async () => {
    const user = userEvent.setup();
    const community = makeCommunity({ name: 'Rustaceans', isMember: true, role: 'member' });
    renderList([community], () => noContent());
    await user.click(await screen.findByRole('button', { name: 'Leave Rustaceans' }));
    expect(await screen.findByText('Left community')).toBeInTheDocument();
  });

  it('asks to join a private community: Request sent, and Requested', async () => {
    const user = userEvent.setup();
    const community = makeCommunity({ name: 'Night Owls', isPrivate: true, memberCount: 4 });
    const requested = { ...community, hasPendingRequest: true };
    let server = community;
    const answer = deferred<Response>();
    const { calls } = renderList(
      () => json(200, page([server])),
      () => {
        server = requested;
        return answer.promise;
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Request to join Night Owls' }));
    // At once, and unavailable until the server answers.
    const button = screen.getByRole('button', {
      name: 'Requested, cancel join request for Night Owls',
    });
    expect(button).toHaveTextContent('Requested');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(1);

    answer.resolve(json(200, { status: 'requested', community: requested }));
    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    expect(screen.getByText('An owner or moderator will review your request.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Requested, cancel join request for Night Owls' }),
      ).not.toHaveAttribute('aria-disabled'),
    );
    expect(within(card('Night Owls')).getByText('4 members')).toBeInTheDocument();
  });

  it('withdraws a pending request at once, then says so and reads the lists again', async () => {
    const user = userEvent.setup();
    const community = makeCommunity({
      name: 'Night Owls',
      isPrivate: true,
      memberCount: 4,
      hasPendingRequest: true,
    });
    let server = community;
    const answer = deferred<Response>();
    const { calls, listCalls } = renderList(
      () => json(200, page([server])),
      (call) =>
        call.method === 'DELETE' && call.url === `/api/communities/${community.id}/leave`
          ? answer.promise
          : json(404),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Requested, cancel join request for Night Owls' }),
    );

    expect(screen.getByRole('button', { name: 'Request to join Night Owls' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(card('Night Owls')).getByText('4 members')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      { method: 'DELETE', url: `/api/communities/${community.id}/leave`, body: undefined },
    ]);

    server = { ...community, hasPendingRequest: false };
    answer.resolve(noContent());
    expect(await screen.findByText('Request withdrawn')).toBeInTheDocument();
    expect(screen.queryByText('Left community')).not.toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Request to join Night Owls' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it("rolls a withdrawal back with 'Failed to leave' and the server message", async () => {
    const user = userEvent.setup();
    const community = makeCommunity({
      name: 'Night Owls',
      isPrivate: true,
      memberCount: 4,
      hasPendingRequest: true,
    });
    const answer = deferred<Response>();
    renderList([community], () => answer.promise);
    await user.click(
      await screen.findByRole('button', { name: 'Requested, cancel join request for Night Owls' }),
    );
    expect(
      await screen.findByRole('button', { name: 'Request to join Night Owls' }),
    ).toBeInTheDocument();

    answer.resolve(json(503, { message: 'Communities are unavailable' }));

    expect(await screen.findByText('Failed to leave')).toBeInTheDocument();
    expect(screen.getByText('Communities are unavailable')).toBeInTheDocument();
    const restored = screen.getByRole('button', {
      name: 'Requested, cancel join request for Night Owls',
    });
    expect(restored).toHaveTextContent('Requested');
    expect(restored).not.toHaveAttribute('aria-disabled');
    expect(within(card('Night Owls')).getByText('4 members')).toBeInTheDocument();
    expect(screen.queryByText('Request withdrawn')).not.toBeInTheDocument();
  });

  it('creates a community and opens it', async () => {
    const user = userEvent.setup();
    const created = makeDetail({ id: 'new-community', name: 'Bakers' });
    const { calls } = renderList([], (call) =>
      call.method === 'POST' && call.url === '/api/communities' ? json(201, created) : json(404),
    );
    await user.click(screen.getByRole('button', { name: 'Create community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create community' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Name'), '  Bakers ');
    await user.type(within(dialog).getByLabelText('Description'), 'Bread and more');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Cooking');
    await user.type(within(dialog).getByLabelText('Rules'), 'Be kind{Enter}{Enter}Share recipes');
    const privateSwitch = within(dialog).getByRole('switch', { name: 'Private community' });
    expect(privateSwitch).toHaveAttribute('aria-checked', 'false');
    await user.click(privateSwitch);
    expect(privateSwitch).toHaveAttribute('aria-checked', 'true');
    await user.click(create);

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/community/new-community'),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Bakers',
      description: 'Bread and more',
      category: 'Cooking',
      rules: ['Be kind', 'Share recipes'],
      isPrivate: true,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's validation message when creating fails", async () => {
    const user = userEvent.setup();
    renderList([], () => json(400, { message: 'A community with this name already exists' }));
    await user.click(screen.getByRole('button', { name: 'Create community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create community' });
    await user.type(within(dialog).getByLabelText('Name'), 'Bakers');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failed to create community')).toBeInTheDocument();
    expect(screen.getByText('A community with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create community' })).toBeInTheDocument();
  });
});
