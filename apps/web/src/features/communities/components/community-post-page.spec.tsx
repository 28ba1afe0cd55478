import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CommunityCommentResponse,
  CommunityDetailResponse,
  CommunityPostResponse,
} from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import type { FetchCall } from '../testing/community-test-utils';
import {
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
  searchOf,
} from '../testing/community-test-utils';
import CommunityPostPage from './community-post-page';

type Handler = (call: FetchCall) => Response | Promise<Response>;
type Answer = () => Response | Promise<Response>;

const answerOf = <T,>(value: T | Answer): Answer =>
  typeof value === 'function' ? (value as Answer) : () => json(200, value);

/**
 * The post's page: `post` answers GET /api/posts/{id}, `comments` its comments
 * (by cursor), `community` GET /api/communities/{id}; `handler` the rest.
 */
function renderPostPage({
  post,
  postId = typeof post === 'function' ? 'missing-post' : post.id,
  comments = () => json(200, page([])),
  community = makeDetail({ name: 'Rustaceans' }),
  handler = () => json(404, { message: 'Not found' }),
}: {
  post: CommunityPostResponse | Answer;
  postId?: string;
  comments?: (cursor: string | undefined) => Response | Promise<Response>;
  community?: CommunityDetailResponse | Answer;
  handler?: Handler;
}) {
  const postUrl = `/api/posts/${postId}`;
  const isPost = (call: FetchCall) => call.method === 'GET' && call.url === postUrl;
  const isComments = (call: FetchCall) =>
    call.method === 'GET' && call.url.startsWith(`${postUrl}/comments?`);
  const fetch = mockFetch((call) => {
    if (isPost(call)) return answerOf(post)();
    if (isComments(call)) return comments(searchOf(call.url)['cursor']);
    if (call.method === 'GET' && call.url === `/api/communities/${COMMUNITY_ID}`) {
      return answerOf(community)();
    }
    return handler(call);
  });
  const result = renderWithProviders(<CommunityPostPage />, {
    route: `/community/${COMMUNITY_ID}/post/${postId}`,
    path: '/community/:communityId/post/:postId',
  });
  return {
    ...result,
    ...fetch,
    postCalls: () => fetch.calls.filter(isPost),
    commentCalls: () => fetch.calls.filter(isComments),
  };
}

const commentTexts = () =>
  within(screen.getByRole('region', { name: 'Comments' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p:last-child')?.textContent);

describe('CommunityPostPage', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the post, the way back to its community, and its comments oldest first', async () => {
    const post = makePost({ content: 'Shared post', commentsCount: 2, likesCount: 3 });
    const { commentCalls } = renderPostPage({
      post,
      comments: () =>
        json(
          200,
          page([
            makeComment({ postId: post.id, content: 'First' }),
            makeComment({ postId: post.id, content: 'Second' }),
          ]),
        ),
    });

    const article = await screen.findByRole('article', { name: 'Grace Hopper' });
    expect(within(article).getByText('Shared post')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Like' })).toHaveAccessibleDescription('3');
    expect(within(article).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'More options' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Rustaceans' })).toHaveAttribute(
      'href',
      `/community/${COMMUNITY_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Theme' })).toBeInTheDocument();

    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(commentTexts()).toEqual(['First', 'Second']);
    expect(searchOf(commentCalls()[0]!.url)).toEqual({ limit: '20' });
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Grace Hopper on Wave: "Shared post"'));
  });

  it("says 'No comments yet', and goes back to 'community' while its name is unknown", async () => {
    renderPostPage({
      post: makePost(),
      community: () => json(503, { message: 'Unavailable' }),
    });
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to community' })).toHaveAttribute(
      'href',
      `/community/${COMMUNITY_ID}`,
    );
  });

  it('loads more comments over the cursor', async () => {
    const user = userEvent.setup();
    const post = makePost();
    const { commentCalls } = renderPostPage({
      post,
      comments: (cursor) =>
        cursor === 'after-first'
          ? json(200, page([makeComment({ postId: post.id, content: 'Later' })]))
          : json(200, page([makeComment({ postId: post.id, content: 'Earlier' })], 'after-first')),
    });
    await screen.findByText('Earlier');
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByText('Later')).toBeInTheDocument();
    expect(commentTexts()).toEqual(['Earlier', 'Later']);
    expect(searchOf(commentCalls().at(-1)!.url)).toEqual({ limit: '20', cursor: 'after-first' });
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  });

  it('adds a comment: disabled while blank, Posting..., the toast, the list and the count', async () => {
    const user = userEvent.setup();
    let post = makePost({ commentsCount: 1 });
    let serverComments: CommunityCommentResponse[] = [
      makeComment({ postId: post.id, content: 'Earlier' }),
    ];
    const answer = deferred<Response>();
    const { calls } = renderPostPage({
      post: () => json(200, post),
      postId: post.id,
      comments: () => json(200, page(serverComments)),
      handler: (call) =>
        call.method === 'POST' && call.url === `/api/posts/${post.id}/comments`
          ? answer.promise
          : json(404),
    });
    await screen.findByText('Earlier');
    const commentButton = screen.getByRole('button', { name: 'Comment' });
    expect(commentButton).toHaveAccessibleDescription('1');
    const form = screen.getByRole('form', { name: 'Add a comment' });
    const field = within(form).getByRole('textbox', { name: 'Add a comment' });
    const submit = within(form).getByRole('button', { name: 'Post Comment' });
    expect(submit).toBeDisabled();
    await user.type(field, '   ');
    expect(submit).toBeDisabled();
    await user.type(field, ' Well said ');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(within(form).getByRole('button', { name: 'Posting...' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ content: 'Well said' });

    const created = makeComment({ postId: post.id, content: 'Well said' });
    serverComments = [...serverComments, created];
    post = { ...post, commentsCount: 2 };
    answer.resolve(json(201, created));
    expect(await screen.findByText('Comment added')).toBeInTheDocument();
    expect(await screen.findByText('Well said')).toBeInTheDocument();
    expect(commentTexts()).toEqual(['Earlier', 'Well said']);
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(within(form).getByRole('button', { name: 'Post Comment' })).toBeDisabled();
    await waitFor(() => expect(commentButton).toHaveAccessibleDescription('2'));
  });

  it("says 'Failed to add comment' with the server message, keeping the text", async () => {
    const user = userEvent.setup();
    const post = makePost();
    renderPostPage({
      post,
      handler: () => json(400, { message: 'A comment can be at most 1000 characters' }),
    });
    const field = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(field, 'Hi');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Failed to add comment')).toBeInTheDocument();
    expect(screen.getByText('A comment can be at most 1000 characters')).toBeInTheDocument();
    expect(field).toHaveValue('Hi');
    expect(screen.getByRole('button', { name: 'Post Comment' })).toBeEnabled();
  });

  it('focuses the comment box from the Comment button, without a dialog', async () => {
    const user = userEvent.setup();
    renderPostPage({ post: makePost() });
    await user.click(await screen.findByRole('button', { name: 'Comment' }));
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('likes the post at once', async () => {
    const user = userEvent.setup();
    const post = makePost({ likesCount: 1 });
    const answer = deferred<Response>();
    renderPostPage({ post, handler: () => answer.promise });
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveAccessibleDescription('2');
    answer.resolve(json(200, { postId: post.id, isLiked: true, likesCount: 2 }));
    await waitFor(() => expect(like).toHaveAccessibleDescription('2'));
  });

  it("says 'Post not found' for a 404, with a way back to the communities", async () => {
    const user = userEvent.setup();
    renderPostPage({ post: () => json(404, { message: 'Post not found' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Post not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText("This post doesn't exist or has been removed.")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Post not found · Wave'));
    await user.click(screen.getByRole('link', { name: 'Back to Communities' }));
    expect(await screen.findByRole('heading', { name: 'Communities list' })).toBeInTheDocument();
  });

  it('says a private community is private, with a link to the community', async () => {
    const user = userEvent.setup();
    const { commentCalls } = renderPostPage({
      post: () =>
        json(403, {
          message: 'This community is private: only its members can see and join in on its posts',
        }),
      community: makeDetail({ name: 'Night Owls', isPrivate: true, canViewPosts: false }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This community is private' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Join to see its posts')).toBeInTheDocument();
    expect(commentCalls()).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'View community' }));
    expect(await screen.findByRole('heading', { name: 'Community page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/community/${COMMUNITY_ID}`);
  });

  it('offers to try again after another failure', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPostPage({
      post: () =>
        fail ? json(503, { message: 'Unavailable' }) : json(200, makePost({ content: 'Back' })),
    });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back')).toBeInTheDocument();
  });

  it('deletes the post after a confirmation and goes back to the community', async () => {
    const user = userEvent.setup();
    const post = makePost({ content: 'Bye', canDelete: true });
    const { calls, postCalls, commentCalls } = renderPostPage({
      post,
      handler: (call) =>
        call.method === 'DELETE' && call.url === `/api/posts/${post.id}` ? noContent() : json(404),
    });
    await screen.findByText('No comments yet');
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Community page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/community/${COMMUNITY_ID}`);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    // Gone, not read again.
    expect(postCalls()).toHaveLength(1);
    expect(commentCalls()).toHaveLength(1);
  });

  it('opens the post under its own community when the link names another', async () => {
    const post = makePost({ communityId: 'another-community' });
    renderPostPage({ post });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/community/another-community/post/${post.id}`,
      ),
    );
  });
});
