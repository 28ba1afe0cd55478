import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityDetailResponse } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import type { FetchCall } from '../testing/community-test-utils';
import {
  asMember,
  COMMUNITY_ID,
  deferred,
  json,
  makeDetail,
  makePost,
  mockFetch,
  noContent,
  page,
  renderWithProviders,
  searchOf,
} from '../testing/community-test-utils';
import CommunityPage from './community-page';

type Handler = (call: FetchCall) => Response | Promise<Response>;

const detailUrl = `/api/communities/${COMMUNITY_ID}`;
const isDetail = (call: FetchCall) => call.method === 'GET' && call.url === detailUrl;

/** The community's page; `detail` answers GET /api/communities/{id}, `handler` the rest. */
function renderCommunity(
  detail: CommunityDetailResponse | (() => Response | Promise<Response>),
  handler: Handler = () => json(404, { message: 'Not found' }),
) {
  const fetch = mockFetch((call) => {
    if (isDetail(call)) return typeof detail === 'function' ? detail() : json(200, detail);
    return handler(call);
  });
  const result = renderWithProviders(<CommunityPage />, {
    route: `/community/${COMMUNITY_ID}`,
    path: '/community/:communityId',
  });
  return { ...result, ...fetch, detailCalls: () => fetch.calls.filter(isDetail) };
}

describe('CommunityPage', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Community not found' for a 404, with a way back", async () => {
    const user = userEvent.setup();
    renderCommunity(() => json(404, { message: 'Community not found' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Community not found' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Communities' }));
    expect(await screen.findByRole('heading', { name: 'Communities list' })).toBeInTheDocument();
  });

  it('offers to try again after another failure', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderCommunity(() =>
      fail ? json(503, { message: 'Unavailable' }) : json(200, makeDetail({ name: 'Back' })),
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Back/ })).toBeInTheDocument();
  });

  it('shows the header, the card, the numbered rules, the back button and the theme toggle', async () => {
    renderCommunity(
      makeDetail({
        name: 'Rustaceans',
        description: 'Everything Rust.',
        category: 'Technology',
        memberCount: 2_500_000,
        rules: ['Be kind', 'No spam'],
      }),
    );
    const heading = await screen.findByRole('heading', { level: 1, name: /Rustaceans/ });
    expect(within(heading).getByRole('img', { name: 'Public community' })).toBeInTheDocument();
    expect(screen.getByText('Technology · 2.5M members')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to communities' })).toHaveAttribute(
      'href',
      '/communities',
    );
    expect(screen.getByRole('button', { name: 'Theme' })).toBeInTheDocument();

    const about = screen.getByRole('region', { name: 'About this community' });
    expect(within(about).getByText('RU')).toBeInTheDocument();
    expect(within(about).getByText('Everything Rust.')).toBeInTheDocument();
    expect(within(about).getByRole('button', { name: 'Join' })).toBeInTheDocument();

    const rules = screen.getByRole('region', { name: 'Community rules' });
    const list = within(rules).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Be kind', 'No spam']);
    await waitFor(() => expect(document.title).toBe('Rustaceans · Wave'));
  });

  it('shows no rules section when there are none', async () => {
    renderCommunity(makeDetail({ name: 'Plain' }));
    await screen.findByRole('heading', { level: 1, name: /Plain/ });
    expect(screen.queryByRole('region', { name: 'Community rules' })).not.toBeInTheDocument();
  });

  it('invites a member to post first on an empty feed, and shows them the composer', async () => {
    renderCommunity(asMember(makeDetail({ name: 'Rustaceans' }), 'owner'));
    expect(await screen.findByText('No posts yet in this community')).toBeInTheDocument();
    expect(screen.getByText('Be the first to share something!')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Post in Rustaceans' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
  });

  it.each(['owner', 'moderator'] as const)(
    "offers a community's %s its management screen",
    async (role) => {
      renderCommunity(asMember(makeDetail({ name: 'Rustaceans' }), role));
      expect(await screen.findByRole('link', { name: 'Manage community' })).toHaveAttribute(
        'href',
        `/community/${COMMUNITY_ID}/manage`,
      );
    },
  );

  it('offers no management screen to a plain member or a non-member', async () => {
    const { unmount } = renderCommunity(asMember(makeDetail({ name: 'Rustaceans' })));
    await screen.findByRole('button', { name: 'Leave' });
    expect(screen.queryByRole('link', { name: 'Manage community' })).not.toBeInTheDocument();
    unmount();
    renderCommunity(makeDetail({ name: 'Rustaceans' }));
    await screen.findByRole('button', { name: 'Join' });
    expect(screen.queryByRole('link', { name: 'Manage community' })).not.toBeInTheDocument();
  });

  it('shows a non-member the empty feed without the invitation or the composer', async () => {
    renderCommunity(makeDetail({ name: 'Rustaceans' }));
    expect(await screen.findByText('No posts yet in this community')).toBeInTheDocument();
    expect(screen.queryByText('Be the first to share something!')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /Post in/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('keeps the posts of a private community from a non-member, and says a request is pending', async () => {
    renderCommunity(
      makeDetail({
        name: 'Night Owls',
        isPrivate: true,
        canViewPosts: false,
        hasPendingRequest: true,
      }),
    );
    expect(await screen.findByText('This community is private')).toBeInTheDocument();
    expect(
      screen.getByText('Your request to join is waiting for an owner or moderator.'),
    ).toBeInTheDocument();
    const requested = screen.getByRole('button', { name: 'Requested, cancel join request' });
    expect(requested).toHaveTextContent('Requested');
    expect(requested).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('img', { name: 'Private community' })).toBeInTheDocument();
  });

  it("withdraws a pending request at once: 'Request to join' again, and the notice says to join", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    let detail = makeDetail({
      name: 'Night Owls',
      isPrivate: true,
      canViewPosts: false,
      hasPendingRequest: true,
      memberCount: 4,
    });
    const { calls, detailCalls } = renderCommunity(
      () => json(200, detail),
      (call) =>
        call.method === 'DELETE' && call.url === `${detailUrl}/leave` ? answer.promise : json(404),
    );
    await user.click(await screen.findByRole('button', { name: 'Requested, cancel join request' }));

    expect(screen.getByRole('button', { name: 'Request to join' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText('Join to see its posts')).toBeInTheDocument();
    expect(screen.getByText('Technology · 4 members')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);

    detail = { ...detail, hasPendingRequest: false };
    answer.resolve(noContent());
    expect(await screen.findByText('Request withdrawn')).toBeInTheDocument();
    expect(screen.queryByText('Left community')).not.toBeInTheDocument();
    await waitFor(() => expect(detailCalls()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Request to join' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('tells a non-member of a private community to join to see its posts', async () => {
    renderCommunity(makeDetail({ isPrivate: true, canViewPosts: false }));
    expect(await screen.findByText('This community is private')).toBeInTheDocument();
    expect(screen.getByText('Join to see its posts')).toBeInTheDocument();
    // It sends a request, and says so: not 'Join'.
    expect(screen.getByRole('button', { name: 'Request to join' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('disables Post while the text is blank, posts the trimmed text, clears and says so', async () => {
    const user = userEvent.setup();
    const created = makePost({ content: 'First!', authorId: 'me' });
    const answer = deferred<Response>();
    let detail = asMember(makeDetail({ name: 'Rustaceans' }));
    const { calls, detailCalls } = renderCommunity(
      () => json(200, detail),
      (call) =>
        call.method === 'POST' && call.url === `${detailUrl}/posts` ? answer.promise : json(404),
    );
    const form = await screen.findByRole('form', { name: 'Post in Rustaceans' });
    const field = within(form).getByRole('textbox', { name: 'Share something with Rustaceans' });
    const post = within(form).getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    await user.type(field, '   ');
    expect(post).toBeDisabled();
    await user.type(field, ' First! ');
    expect(post).toBeEnabled();
    await user.click(post);
    expect(post).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ content: 'First!' });

    detail = { ...detail, posts: [created] };
    answer.resolve(json(201, created));
    expect(await screen.findByText('Post created')).toBeInTheDocument();
    expect(screen.getByText('Your post has been shared with the community.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(await screen.findByText('First!')).toBeInTheDocument();
    await waitFor(() => expect(detailCalls()).toHaveLength(2));
  });

  it("says 'Failed to create post' with the server message, keeping the text", async () => {
    const user = userEvent.setup();
    renderCommunity(asMember(makeDetail({ name: 'Rustaceans' })), () =>
      json(403, { message: 'Only members can post in this community' }),
    );
    const field = await screen.findByRole('textbox', { name: 'Share something with Rustaceans' });
    await user.type(field, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed to create post')).toBeInTheDocument();
    expect(screen.getByText('Only members can post in this community')).toBeInTheDocument();
    expect(field).toHaveValue('Hello');
  });

  it('shows each post with its author, time, text and images in two columns', async () => {
    renderCommunity(
      makeDetail({
        posts: [
          makePost({
            content: 'Look at these',
            mediaUrls: ['/objects/uploads/one', '/objects/uploads/two'],
          }),
          makePost({
            author: { id: 'x', username: 'linus', displayName: '', profileImageUrl: null },
            content: 'No display name',
          }),
        ],
      }),
    );
    const grace = await screen.findByRole('article', { name: 'Grace Hopper' });
    expect(within(grace).getByText('@grace')).toBeInTheDocument();
    expect(within(grace).getByText('about 2 hours ago')).toBeInTheDocument();
    expect(within(grace).getByText('G')).toBeInTheDocument();
    const image = within(grace).getByAltText('Image 1 of 2 in the post by @grace');
    expect(image).toHaveAttribute('src', '/objects/uploads/one/display');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '540');
    expect(image.closest('div')).toHaveClass('grid-cols-2');
    const linus = screen.getByRole('article', { name: 'linus' });
    expect(within(linus).getByText('@linus')).toBeInTheDocument();
  });

  it('loads more posts over the cursor the community came with', async () => {
    const user = userEvent.setup();
    const { calls } = renderCommunity(
      makeDetail({ posts: [makePost({ content: 'Newest' })], postsNextCursor: 'after-first' }),
      (call) =>
        call.url.startsWith(`${detailUrl}/posts?`)
          ? json(200, page([makePost({ content: 'Older' })]))
          : json(404),
    );
    await screen.findByText('Newest');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older')).toBeInTheDocument();
    const postsCall = calls.find((call) => call.url.startsWith(`${detailUrl}/posts?`));
    expect(searchOf(postsCall!.url)).toEqual({ limit: '20', cursor: 'after-first' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('joins from the page, then reads the community again', async () => {
    const user = userEvent.setup();
    let detail = makeDetail({ name: 'Rustaceans', memberCount: 1 });
    const { detailCalls } = renderCommunity(
      () => json(200, detail),
      (call) => {
        if (call.method !== 'POST') return json(404);
        detail = asMember({ ...detail, memberCount: 2 });
        return json(200, { status: 'joined', community: { ...detail, posts: undefined } });
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Joined community')).toBeInTheDocument();
    expect(screen.getByText("You're now a member of Rustaceans!")).toBeInTheDocument();
    expect(screen.getByText('Technology · 2 members')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Post in Rustaceans' })).toBeInTheDocument();
    await waitFor(() => expect(detailCalls()).toHaveLength(2));
  });
});
