import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityDetailResponse, CommunityPostResponse } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import type { FetchCall } from '../testing/community-test-utils';
import {
  asMember,
  COMMUNITY_ID,
  deferred,
  json,
  makeComment,
  makeDetail,
  makePost,
  mockFetch,
  noContent,
  page,
  renderWithProviders,
} from '../testing/community-test-utils';
import CommunityPage from './community-page';

type Handler = (call: FetchCall) => Response | Promise<Response>;

const detailUrl = `/api/communities/${COMMUNITY_ID}`;

/** A member's view of the community with these posts; other calls go to `handler`. */
function renderPosts(posts: CommunityPostResponse[], handler: Handler = () => json(404)) {
  let detail: CommunityDetailResponse = asMember(makeDetail({ name: 'Rustaceans', posts }));
  const fetch = mockFetch((call) =>
    call.method === 'GET' && call.url === detailUrl ? json(200, detail) : handler(call),
  );
  const result = renderWithProviders(<CommunityPage />, {
    route: `/community/${COMMUNITY_ID}`,
    path: '/community/:communityId',
  });
  /** What the server answers for the community from now on. */
  const setServerPosts = (next: CommunityPostResponse[]) => {
    detail = { ...detail, posts: next };
  };
  return { ...result, ...fetch, setServerPosts };
}

const likeButton = () => screen.getByRole('button', { name: 'Like' });

describe('CommunityPostCard', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('likes at once (aria-pressed, count), keeping the server count', async () => {
    const user = userEvent.setup();
    const post = makePost({ likesCount: 4 });
    const answer = deferred<Response>();
    const { calls, setServerPosts } = renderPosts([post], (call) =>
      call.url === `/api/posts/${post.id}/like` ? answer.promise : json(404),
    );
    await user.click(await screen.findByRole('button', { name: 'Like' }));

    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveAccessibleDescription('5');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: `/api/posts/${post.id}/like` });

    setServerPosts([{ ...post, isLiked: true, likesCount: 7 }]);
    answer.resolve(json(200, { postId: post.id, isLiked: true, likesCount: 7 }));
    await waitFor(() => expect(likeButton()).toHaveAccessibleDescription('7'));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it("unlikes with DELETE, and rolls back with 'Action failed' and the server message", async () => {
    const user = userEvent.setup();
    const post = makePost({ isLiked: true, likesCount: 3 });
    const answer = deferred<Response>();
    const { calls } = renderPosts([post], () => answer.promise);
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likeButton()).toHaveAccessibleDescription('2');
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/posts/${post.id}/like` });

    answer.resolve(json(500, { message: 'Likes are down' }));

    expect(await screen.findByText('Action failed')).toBeInTheDocument();
    expect(screen.getByText('Likes are down')).toBeInTheDocument();
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'true'));
    expect(likeButton()).toHaveAccessibleDescription('3');
  });

  it('serialises rapid toggles: one request at a time, then the last wish', async () => {
    const user = userEvent.setup();
    const post = makePost();
    const answers: ReturnType<typeof deferred<Response>>[] = [];
    const { calls } = renderPosts([post], () => {
      const answer = deferred<Response>();
      answers.push(answer);
      return answer.promise;
    });
    const likes = () => calls.filter((call) => call.url.endsWith('/like'));
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    await user.click(likeButton());
    await user.click(likeButton());
    await user.click(likeButton());
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(likes()).toHaveLength(1);

    answers[0]!.resolve(json(200, { postId: post.id, isLiked: true, likesCount: 1 }));
    await waitFor(() => expect(likes().map((call) => call.method)).toEqual(['POST', 'DELETE']));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    answers[1]!.resolve(json(200, { postId: post.id, isLiked: false, likesCount: 0 }));
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(likes()).toHaveLength(2);
  });

  it("opens the post's page from a click on its body, not from its buttons, links or dialog", async () => {
    const user = userEvent.setup();
    const post = makePost({ content: 'Click me through', commentsCount: 0 });
    renderPosts([post], (call) =>
      call.method === 'GET' && call.url.startsWith(`/api/posts/${post.id}/comments?`)
        ? json(200, page([]))
        : json(404),
    );
    const text = await screen.findByText('Click me through');
    const location = screen.getByTestId('location');
    const home = `/community/${COMMUNITY_ID}`;

    await user.click(screen.getByRole('button', { name: 'Comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a comment' });
    // The dialog is drawn in a portal, but its clicks bubble through the card in React.
    await user.click(within(dialog).getByRole('textbox', { name: 'Your comment' }));
    await user.click(within(dialog).getByText('Share your thoughts on this post.'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location).toHaveTextContent(home);

    await user.click(text);
    expect(location).toHaveTextContent(`${home}/post/${post.id}`);
  });

  it('adds a comment: the dialog, Posting..., the toast, and it closes cleared', async () => {
    const user = userEvent.setup();
    const post = makePost({ content: 'Comment on me', commentsCount: 1 });
    const answer = deferred<Response>();
    const { calls, setServerPosts } = renderPosts([post], (call) => {
      if (call.method === 'GET' && call.url.startsWith(`/api/posts/${post.id}/comments?`)) {
        return json(200, page([makeComment({ postId: post.id, content: 'First comment' })]));
      }
      if (call.method === 'POST' && call.url === `/api/posts/${post.id}/comments`) {
        setServerPosts([{ ...post, commentsCount: 2 }]);
        return answer.promise;
      }
      return json(404);
    });
    const opener = await screen.findByRole('button', { name: 'Comment' });
    expect(opener).toHaveAccessibleDescription('1');
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Add a comment' });
    expect(within(dialog).getByText('Share your thoughts on this post.')).toBeInTheDocument();
    expect(within(dialog).getByRole('figure', { name: 'Post by Grace Hopper' })).toHaveTextContent(
      'Comment on me',
    );
    expect(await within(dialog).findByText('First comment')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Your comment' });
    await waitFor(() => expect(field).toHaveFocus());
    const submit = within(dialog).getByRole('button', { name: 'Post Comment' });
    expect(submit).toBeDisabled();
    await user.type(field, '   ');
    expect(submit).toBeDisabled();
    await user.type(field, ' Well said ');
    await user.click(submit);

    expect(within(dialog).getByRole('button', { name: 'Posting...' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ content: 'Well said' });

    answer.resolve(json(201, makeComment({ postId: post.id, content: 'Well said' })));
    expect(await screen.findByText('Comment added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    // The count, then (focused, its tooltip is open) the tooltip's text, as Radix describes it.
    await waitFor(() => expect(opener).toHaveAccessibleDescription('2 Comment'));

    await user.click(opener);
    const reopened = await screen.findByRole('dialog', { name: 'Add a comment' });
    expect(within(reopened).getByRole('textbox', { name: 'Your comment' })).toHaveValue('');
  });

  it("keeps the dialog open with 'Failed to add comment' when the server refuses", async () => {
    const user = userEvent.setup();
    const post = makePost();
    renderPosts([post], (call) =>
      call.method === 'GET'
        ? json(200, page([]))
        : json(400, { message: 'A comment can be at most 1000 characters' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a comment' });
    expect(await within(dialog).findByText('No comments yet')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your comment' }), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Failed to add comment')).toBeInTheDocument();
    expect(screen.getByText('A comment can be at most 1000 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Your comment' })).toHaveValue('Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('copies the link without a native share sheet, then counts the share', async () => {
    const user = userEvent.setup();
    const post = makePost({ sharesCount: 2 });
    const { calls, setServerPosts } = renderPosts([post], (call) => {
      if (call.method !== 'POST' || call.url !== `/api/posts/${post.id}/share`) return json(404);
      setServerPosts([{ ...post, sharesCount: 3 }]);
      return json(200, { postId: post.id, sharesCount: 3 });
    });
    const share = await screen.findByRole('button', { name: 'Share' });
    expect(share).toHaveAccessibleDescription('2');
    await user.click(share);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        `${window.location.origin}/community/${COMMUNITY_ID}/post/${post.id}`,
      ),
    );
    await waitFor(() => expect(share).toHaveAccessibleDescription('3'));
    expect(calls.some((call) => call.url === `/api/posts/${post.id}/share`)).toBe(true);
  });

  it('ignores a failure to count a share', async () => {
    const user = userEvent.setup();
    const post = makePost();
    const { calls } = renderPosts([post], () => json(500, { message: 'No' }));
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/share'))).toBe(true));
    expect(screen.getByText('Link copied')).toBeInTheDocument();
    expect(screen.queryByText('No')).not.toBeInTheDocument();
  });

  it('uses the native share sheet when there is one, only logging a cancel', async () => {
    const user = userEvent.setup();
    const share = vi.fn(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    try {
      const post = makePost({ content: 'Share me' });
      const { calls } = renderPosts([post]);
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({
          text: 'Share me',
          url: `${window.location.origin}/community/${COMMUNITY_ID}/post/${post.id}`,
        }),
      );
      await waitFor(() => expect(debug).toHaveBeenCalled());
      expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
      expect(calls.some((call) => call.url.endsWith('/share'))).toBe(false);
    } finally {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      debug.mockRestore();
    }
  });

  it('counts a share made through the native sheet', async () => {
    const user = userEvent.setup();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const post = makePost();
      const { calls } = renderPosts([post], () => json(200, { postId: post.id, sharesCount: 1 }));
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      await waitFor(() =>
        expect(calls.some((call) => call.url === `/api/posts/${post.id}/share`)).toBe(true),
      );
    } finally {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    }
  });

  it('offers Share Post and Copy Text, and Delete Post only when the reader may delete', async () => {
    const user = userEvent.setup();
    const mine = makePost({ content: 'Mine', canDelete: true });
    const theirs = makePost({ content: 'Theirs' });
    renderPosts([mine, theirs]);
    const theirsCard = (await screen.findByText('Theirs')).closest('article')!;
    await user.click(within(theirsCard).getByRole('button', { name: 'More options' }));
    expect(
      (await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim()),
    ).toEqual(['Share Post', 'Copy Text']);
    await user.click(screen.getByRole('menuitem', { name: 'Copy Text' }));
    expect(await screen.findByText('Text copied')).toBeInTheDocument();
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('Theirs'));

    const mineCard = screen.getByText('Mine').closest('article')!;
    await user.click(within(mineCard).getByRole('button', { name: 'More options' }));
    expect(
      (await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim()),
    ).toEqual(['Share Post', 'Copy Text', 'Delete Post']);
  });

  it('deletes after a confirmation', async () => {
    const user = userEvent.setup();
    const post = makePost({ content: 'Bye', canDelete: true });
    const { calls, setServerPosts } = renderPosts([post], (call) =>
      call.method === 'DELETE' ? noContent() : json(404),
    );
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete post?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    setServerPosts([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/posts/${post.id}`);
    expect(await screen.findByText('No posts yet in this community')).toBeInTheDocument();
    expect(screen.queryByText('Bye')).not.toBeInTheDocument();
  });

  it("says 'Failed to delete post' with the server message, keeping the post", async () => {
    const user = userEvent.setup();
    const post = makePost({ content: 'Stay', canDelete: true });
    renderPosts([post], () => json(403, { message: 'Only the author can delete this post' }));
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete post')).toBeInTheDocument();
    expect(screen.getByText('Only the author can delete this post')).toBeInTheDocument();
    expect(screen.getByText('Stay')).toBeInTheDocument();
  });
});
