import { screen, waitFor } from '@testing-library/react';
import { json, makeTweet, mockFetch, page, renderWithProviders } from '../testing/tweet-test-utils';
import { UserTweets } from './user-tweets';

describe('UserTweets', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the user's posts, marking the pinned one", async () => {
    const { calls } = mockFetch(() =>
      json(200, page([makeTweet({ content: 'Pinned one', isPinned: true }), makeTweet()])),
    );
    renderWithProviders(<UserTweets userId="grace-id" />);
    expect(await screen.findByText('Pinned one')).toBeInTheDocument();
    // A list draws its cards a step at a time.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getAllByText('Pinned')).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/users/grace-id/tweets?limit=20');
  });

  it('says when there are no posts', async () => {
    mockFetch(() => json(200, page([])));
    renderWithProviders(<UserTweets userId="grace-id" />);
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });
});
