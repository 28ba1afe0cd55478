import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CommunityDetailResponse,
  CommunityJoinRequestResponse,
  CommunityMemberResponse,
} from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import type { FetchCall } from '../testing/community-test-utils';
import {
  asMember,
  COMMUNITY_ID,
  deferred,
  json,
  makeDetail,
  makeJoinRequest,
  makeMember,
  makePerson,
  mockFetch,
  noContent,
  page,
  readerAsMember,
  renderWithProviders,
  searchOf,
} from '../testing/community-test-utils';
import CommunityManagePage from './community-manage-page';

const base = `/api/communities/${COMMUNITY_ID}`;
const pathOf = (call: FetchCall) => call.url.split('?')[0];

const linus = makePerson({
  id: '0190a1b2-0000-7000-8000-000000000003',
  username: 'linus',
  displayName: 'Linus Torvalds',
});
const margaret = makePerson({
  id: '0190a1b2-0000-7000-8000-000000000004',
  username: 'margaret',
  displayName: 'Margaret Hamilton',
});

/** What the fake server holds; the tests change it as the real one would. */
interface ServerState {
  detail: CommunityDetailResponse;
  members: CommunityMemberResponse[];
  requests: CommunityJoinRequestResponse[];
}

type Override = (call: FetchCall) => Response | Promise<Response> | undefined;

/**
 * The management screen at /community/{id}/manage over a fake server: the
 * community, its members and its requests from `state`; `override` answers
 * first (the changes under test).
 */
function renderManage(state: ServerState, override: Override = () => undefined) {
  const fetch = mockFetch((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.method === 'GET' && pathOf(call) === base) return json(200, state.detail);
    if (call.method === 'GET' && pathOf(call) === `${base}/members`) {
      return json(200, page(state.members));
    }
    if (call.method === 'GET' && pathOf(call) === `${base}/requests`) {
      return json(200, page(state.requests));
    }
    return json(404, { message: 'Not found' });
  });
  const result = renderWithProviders(<CommunityManagePage />, {
    route: `/community/${COMMUNITY_ID}/manage`,
    path: '/community/:communityId/manage',
  });
  const callsTo = (method: string, path: string) =>
    fetch.calls.filter((call) => call.method === method && pathOf(call) === path);
  return { ...result, ...fetch, callsTo };
}

const community = (
  role: 'owner' | 'moderator' | 'member' | null,
  overrides: Partial<CommunityDetailResponse> = {},
) => {
  const detail = makeDetail({ name: 'Rustaceans', memberCount: 4, ...overrides });
  return role ? asMember(detail, role) : detail;
};

/** Ada (the reader) with `role`, Grace a plain member, Linus a moderator, Margaret an owner. */
const membersWithReader = (role: 'owner' | 'moderator') => [
  readerAsMember(role),
  makeMember({ role: 'member' }),
  makeMember({ user: linus, role: 'moderator' }),
  makeMember({ user: margaret, role: 'owner' }),
];

const row = (name: string) => screen.getByRole('listitem', { name });

describe('CommunityManagePage', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('gives an owner the heading, the way back, the tabs, role selects and Remove for everyone else', async () => {
    const user = userEvent.setup();
    renderManage({
      detail: community('owner', { isPrivate: true }),
      members: membersWithReader('owner'),
      requests: [],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Rustaceans' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Manage Rustaceans · Wave'));
    expect(screen.getByRole('link', { name: 'Back to Rustaceans' })).toHaveAttribute(
      'href',
      `/community/${COMMUNITY_ID}`,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Members',
      'Requests',
      'Settings',
    ]);

    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(4);

    const own = row('Ada Lovelace');
    expect(within(own).getByText('(you)')).toBeInTheDocument();
    expect(within(own).getByText('Owner')).toBeInTheDocument();
    expect(within(own).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    const grace = row('Grace Hopper');
    expect(within(grace).getByText('@grace')).toBeInTheDocument();
    expect(within(grace).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/profile/grace',
    );
    const select = within(grace).getByRole('combobox', { name: 'Role for Grace Hopper' });
    expect(select).toHaveValue('member');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Owner', 'Moderator', 'Member']);
    expect(screen.getByRole('combobox', { name: 'Role for Linus Torvalds' })).toHaveValue(
      'moderator',
    );
    expect(screen.getByRole('combobox', { name: 'Role for Margaret Hamilton' })).toHaveValue(
      'owner',
    );
    for (const name of ['Grace Hopper', 'Linus Torvalds', 'Margaret Hamilton']) {
      expect(screen.getByRole('button', { name: `Remove ${name}` })).toHaveTextContent('Remove');
    }

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByRole('form', { name: 'Community settings' })).toBeInTheDocument();
  });

  it('gives a moderator Remove for plain members only, no role selects and no settings', async () => {
    renderManage({
      detail: community('moderator', { isPrivate: true }),
      members: membersWithReader('moderator'),
      requests: [],
    });
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Members',
      'Requests',
    ]);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('button', { name: /^Remove/ }).map((button) => button.textContent),
    ).toEqual(['Remove Grace Hopper']);
    expect(within(row('Linus Torvalds')).getByText('Moderator')).toBeInTheDocument();
    expect(within(row('Margaret Hamilton')).getByText('Owner')).toBeInTheDocument();
    expect(within(row('Ada Lovelace')).getByText('Moderator')).toBeInTheDocument();
  });

  it('shows no Requests tab for a public community', async () => {
    renderManage({ detail: community('owner'), members: membersWithReader('owner'), requests: [] });
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Members',
      'Settings',
    ]);
  });

  it.each([
    ['a member', 'member' as const],
    ['a non-member', null],
  ])('tells %s they cannot manage the community, with a link back', async (_who, role) => {
    const user = userEvent.setup();
    const { callsTo } = renderManage({ detail: community(role), members: [], requests: [] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You cannot manage this community' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(callsTo('GET', `${base}/members`)).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Back to Rustaceans' }));
    expect(await screen.findByRole('heading', { name: 'Community page' })).toBeInTheDocument();
  });

  it("says 'Community not found' for a missing community", async () => {
    renderManage({ detail: community('owner'), members: [], requests: [] }, (call) =>
      call.method === 'GET' && pathOf(call) === base
        ? json(404, { message: 'Not found' })
        : undefined,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Community not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Communities' })).toHaveAttribute(
      'href',
      '/communities',
    );
  });

  it('loads more members over the cursor', async () => {
    const user = userEvent.setup();
    const { calls } = renderManage(
      { detail: community('owner'), members: [], requests: [] },
      (call) => {
        if (call.method !== 'GET' || pathOf(call) !== `${base}/members`) return undefined;
        return searchOf(call.url)['cursor'] === 'after-grace'
          ? json(200, page([makeMember({ user: linus })]))
          : json(200, page([readerAsMember('owner'), makeMember()], 'after-grace'));
      },
    );
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Linus Torvalds' })).toBeInTheDocument();
    const memberCalls = calls.filter((call) => pathOf(call) === `${base}/members`);
    expect(searchOf(memberCalls[0]!.url)).toEqual({ limit: '20' });
    expect(searchOf(memberCalls[1]!.url)).toEqual({ limit: '20', cursor: 'after-grace' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  describe('roles', () => {
    it('changes a role at once, says so, and reads the members again', async () => {
      const user = userEvent.setup();
      const answer = deferred<Response>();
      const state: ServerState = {
        detail: community('owner'),
        members: membersWithReader('owner'),
        requests: [],
      };
      const { callsTo } = renderManage(state, (call) =>
        call.method === 'PUT' ? answer.promise : undefined,
      );
      const select = await screen.findByRole('combobox', { name: 'Role for Grace Hopper' });
      await user.selectOptions(select, 'Moderator');

      expect(select).toHaveValue('moderator');
      const put = callsTo('PUT', `${base}/members/${makePerson().id}/role`);
      expect(put).toHaveLength(1);
      expect(put[0]!.body).toEqual({ role: 'moderator' });

      const promoted = makeMember({ role: 'moderator' });
      state.members = state.members.map((member) =>
        member.user.id === promoted.user.id ? promoted : member,
      );
      answer.resolve(json(200, promoted));
      expect(await screen.findByText('Role updated')).toBeInTheDocument();
      expect(screen.getByText('Grace Hopper is now a moderator.')).toBeInTheDocument();
      await waitFor(() => expect(callsTo('GET', `${base}/members`)).toHaveLength(2));
      expect(select).toHaveValue('moderator');
    });

    it("puts the role back and shows the server's message when the change is refused", async () => {
      const user = userEvent.setup();
      renderManage(
        { detail: community('owner'), members: membersWithReader('owner'), requests: [] },
        (call) =>
          call.method === 'PUT'
            ? json(409, {
                message: 'A community needs an owner: make another member an owner first',
              })
            : undefined,
      );
      const select = await screen.findByRole('combobox', { name: 'Role for Margaret Hamilton' });
      await user.selectOptions(select, 'Member');

      expect(await screen.findByText('Failed to update role')).toBeInTheDocument();
      expect(
        screen.getByText('A community needs an owner: make another member an owner first'),
      ).toBeInTheDocument();
      expect(select).toHaveValue('owner');
    });
  });

  describe('removing members', () => {
    it('asks first, removes the row at once, says so, and reads the community again', async () => {
      const user = userEvent.setup();
      const answer = deferred<Response>();
      const state: ServerState = {
        detail: community('owner'),
        members: membersWithReader('owner'),
        requests: [],
      };
      const { callsTo } = renderManage(state, (call) =>
        call.method === 'DELETE' ? answer.promise : undefined,
      );
      const remove = await screen.findByRole('button', { name: 'Remove Grace Hopper' });
      await user.click(remove);

      const dialog = screen.getByRole('alertdialog', { name: 'Remove Grace Hopper?' });
      expect(
        within(dialog).getByText('They will no longer be a member of Rustaceans.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).not.toBeInTheDocument(),
      );
      expect(callsTo('DELETE', `${base}/members/${makePerson().id}`)).toHaveLength(1);
      // Focus moves on to the next member's Remove.
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Remove Linus Torvalds' })).toHaveFocus(),
      );

      state.members = state.members.filter((member) => member.user.id !== makePerson().id);
      state.detail = { ...state.detail, memberCount: 3 };
      answer.resolve(noContent());
      expect(await screen.findByText('Member removed')).toBeInTheDocument();
      expect(screen.getByText('Grace Hopper is no longer a member.')).toBeInTheDocument();
      await waitFor(() => expect(callsTo('GET', base)).toHaveLength(2));
      await waitFor(() => expect(callsTo('GET', `${base}/members`)).toHaveLength(2));
      expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    });

    it('keeps the member when the confirmation is cancelled, and gives focus back', async () => {
      const user = userEvent.setup();
      const { callsTo } = renderManage({
        detail: community('owner'),
        members: membersWithReader('owner'),
        requests: [],
      });
      const remove = await screen.findByRole('button', { name: 'Remove Grace Hopper' });
      await user.click(remove);
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await waitFor(() => expect(remove).toHaveFocus());
      expect(row('Grace Hopper')).toBeInTheDocument();
      expect(callsTo('DELETE', `${base}/members/${makePerson().id}`)).toHaveLength(0);
    });

    it("brings the member back with the server's message when the removal is refused", async () => {
      const user = userEvent.setup();
      const answer = deferred<Response>();
      renderManage(
        { detail: community('owner'), members: membersWithReader('owner'), requests: [] },
        (call) => (call.method === 'DELETE' ? answer.promise : undefined),
      );
      await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
      await user.click(screen.getByRole('button', { name: 'Remove' }));
      await waitFor(() =>
        expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).not.toBeInTheDocument(),
      );

      answer.resolve(json(403, { message: 'Moderators can only remove members' }));
      expect(await screen.findByText('Failed to remove member')).toBeInTheDocument();
      expect(screen.getByText('Moderators can only remove members')).toBeInTheDocument();
      const members = screen.getByRole('list', { name: 'Members' });
      expect(
        within(members)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('data-user-id')),
      ).toEqual(membersWithReader('owner').map((member) => member.user.id));
    });
  });

  describe('requests', () => {
    const privateState = (): ServerState => ({
      detail: community('moderator', { isPrivate: true }),
      members: membersWithReader('moderator'),
      requests: [makeJoinRequest(), makeJoinRequest({ user: linus })],
    });

    it('approves at once, says so, and reads the requests and members again', async () => {
      const user = userEvent.setup();
      const answer = deferred<Response>();
      const state = privateState();
      const { callsTo } = renderManage(state, (call) =>
        call.method === 'POST' ? answer.promise : undefined,
      );
      await user.click(await screen.findByRole('tab', { name: 'Requests' }));
      const requests = await screen.findByRole('list', { name: 'Join requests' });
      expect(within(requests).getAllByRole('listitem')).toHaveLength(2);
      expect(
        within(row('Grace Hopper')).getByText('about 1 hour ago').closest('p'),
      ).toHaveTextContent('Requested about 1 hour ago');

      await user.click(screen.getByRole('button', { name: 'Approve Grace Hopper' }));
      await waitFor(() =>
        expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('button', { name: 'Approve Linus Torvalds' })).toHaveFocus();
      expect(callsTo('POST', `${base}/requests/${makePerson().id}/approve`)).toHaveLength(1);

      state.requests = state.requests.slice(1);
      answer.resolve(noContent());
      expect(await screen.findByText('Request approved')).toBeInTheDocument();
      expect(screen.getByText('Grace Hopper is now a member.')).toBeInTheDocument();
      await waitFor(() => expect(callsTo('GET', `${base}/requests`)).toHaveLength(2));
      await waitFor(() => expect(callsTo('GET', base)).toHaveLength(2));
      expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    });

    it('reads the requests again only once the last of quick answers is in', async () => {
      const user = userEvent.setup();
      const answers = [deferred<Response>(), deferred<Response>()];
      const state = privateState();
      let posts = 0;
      const { callsTo } = renderManage(state, (call) =>
        call.method === 'POST' ? answers[posts++]!.promise : undefined,
      );
      await user.click(await screen.findByRole('tab', { name: 'Requests' }));
      await user.click(await screen.findByRole('button', { name: 'Approve Grace Hopper' }));
      await user.click(screen.getByRole('button', { name: 'Approve Linus Torvalds' }));
      expect(await screen.findByText('No pending requests')).toBeInTheDocument();

      answers[0]!.resolve(noContent());
      expect(await screen.findByText('Request approved')).toBeInTheDocument();
      expect(callsTo('GET', `${base}/requests`)).toHaveLength(1);
      expect(screen.queryByRole('listitem', { name: 'Linus Torvalds' })).not.toBeInTheDocument();

      state.requests = [];
      answers[1]!.resolve(noContent());
      expect(await screen.findByText('Linus Torvalds is now a member.')).toBeInTheDocument();
      await waitFor(() => expect(callsTo('GET', `${base}/requests`)).toHaveLength(2));
      expect(screen.getByText('No pending requests')).toBeInTheDocument();
    });

    it('declines at once, and says so', async () => {
      const user = userEvent.setup();
      const state = privateState();
      const { callsTo } = renderManage(state, (call) => {
        if (call.method !== 'DELETE') return undefined;
        state.requests = state.requests.filter((request) => request.user.id !== linus.id);
        return noContent();
      });
      await user.click(await screen.findByRole('tab', { name: 'Requests' }));
      await user.click(await screen.findByRole('button', { name: 'Decline Linus Torvalds' }));
      await waitFor(() =>
        expect(screen.queryByRole('listitem', { name: 'Linus Torvalds' })).not.toBeInTheDocument(),
      );
      expect(await screen.findByText('Request declined')).toBeInTheDocument();
      expect(callsTo('DELETE', `${base}/requests/${linus.id}`)).toHaveLength(1);
      expect(row('Grace Hopper')).toBeInTheDocument();
    });

    it("puts a declined request back with the server's message when refused", async () => {
      const user = userEvent.setup();
      const answer = deferred<Response>();
      renderManage(privateState(), (call) =>
        call.method === 'DELETE' ? answer.promise : undefined,
      );
      await user.click(await screen.findByRole('tab', { name: 'Requests' }));
      await user.click(await screen.findByRole('button', { name: 'Decline Grace Hopper' }));
      await waitFor(() =>
        expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).not.toBeInTheDocument(),
      );

      answer.resolve(json(404, { message: 'Join request not found' }));
      expect(await screen.findByText('Failed to update request')).toBeInTheDocument();
      expect(screen.getByText('Join request not found')).toBeInTheDocument();
      const requests = screen.getByRole('list', { name: 'Join requests' });
      expect(
        within(requests)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('data-user-id')),
      ).toEqual([makePerson().id, linus.id]);
    });

    it("says 'No pending requests' when there are none", async () => {
      const user = userEvent.setup();
      renderManage({ ...privateState(), requests: [] });
      await user.click(await screen.findByRole('tab', { name: 'Requests' }));
      expect(await screen.findByText('No pending requests')).toBeInTheDocument();
    });
  });

  describe('settings', () => {
    const ownerState = (): ServerState => ({
      detail: community('owner', {
        description: 'Everything Rust.',
        category: 'Technology',
        rules: ['Be kind'],
        isPrivate: true,
      }),
      members: membersWithReader('owner'),
      requests: [makeJoinRequest()],
    });

    it('shows the community as it is and saves what changed', async () => {
      const user = userEvent.setup();
      const answer = deferred<Response>();
      const state = ownerState();
      const { callsTo } = renderManage(state, (call) =>
        call.method === 'PUT' ? answer.promise : undefined,
      );
      await user.click(await screen.findByRole('tab', { name: 'Settings' }));
      const form = screen.getByRole('form', { name: 'Community settings' });
      const name = within(form).getByRole('textbox', { name: 'Name' });
      expect(name).toHaveValue('Rustaceans');
      expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue(
        'Everything Rust.',
      );
      expect(within(form).getByRole('combobox', { name: 'Category' })).toHaveValue('Technology');
      const rules = within(form).getByRole('textbox', { name: 'Rules' });
      expect(rules).toHaveValue('Be kind');
      const privacy = within(form).getByRole('switch', { name: 'Private community' });
      expect(privacy).toHaveAttribute('aria-checked', 'true');
      // Nothing to save until something changes.
      expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();

      await user.clear(name);
      await user.type(name, ' Crabs ');
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Category' }), 'Gaming');
      await user.type(rules, '{Enter}{Enter} No spam ');
      await user.click(privacy);
      const save = within(form).getByRole('button', { name: 'Save changes' });
      await user.click(save);

      expect(save).toHaveTextContent('Saving...');
      expect(save).toBeDisabled();
      const put = callsTo('PUT', base);
      expect(put).toHaveLength(1);
      expect(put[0]!.body).toEqual({
        name: 'Crabs',
        category: 'Gaming',
        rules: ['Be kind', 'No spam'],
        isPrivate: false,
      });

      state.detail = {
        ...state.detail,
        name: 'Crabs',
        category: 'Gaming',
        rules: ['Be kind', 'No spam'],
        isPrivate: false,
      };
      state.requests = [];
      answer.resolve(json(200, state.detail));
      expect(await screen.findByText('Community updated')).toBeInTheDocument();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Manage Crabs' }),
      ).toBeInTheDocument();
      // Public now: no more requests.
      expect(screen.queryByRole('tab', { name: 'Requests' })).not.toBeInTheDocument();
      expect(save).toHaveTextContent('Save changes');
      expect(name).toHaveValue('Crabs');
      expect(rules).toHaveValue('Be kind\nNo spam');
    });

    it("shows the server's message when the save is refused, keeping the form", async () => {
      const user = userEvent.setup();
      renderManage(ownerState(), (call) =>
        call.method === 'PUT'
          ? json(409, { message: 'A community with this name already exists' })
          : undefined,
      );
      await user.click(await screen.findByRole('tab', { name: 'Settings' }));
      const name = screen.getByRole('textbox', { name: 'Name' });
      await user.clear(name);
      await user.type(name, 'Gophers');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Failed to update community')).toBeInTheDocument();
      expect(screen.getByText('A community with this name already exists')).toBeInTheDocument();
      expect(name).toHaveValue('Gophers');
      expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    });

    it('keeps Save disabled while the name is too short', async () => {
      const user = userEvent.setup();
      renderManage(ownerState());
      await user.click(await screen.findByRole('tab', { name: 'Settings' }));
      const name = screen.getByRole('textbox', { name: 'Name' });
      await user.clear(name);
      await user.type(name, 'Rs');
      expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    });
  });
});
