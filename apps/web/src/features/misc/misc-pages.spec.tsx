import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserResponse } from '@wave/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { userKeys } from '../auth/api/current-user';
import { ThemeProvider } from '../theme/theme';
import BookmarksPage, { filterBookmarks, SAMPLE_BOOKMARKS } from './bookmarks-page';
import LandingPage from './landing-page';
import MessagesPage from './messages-page';
import NotificationsPage from './notifications-page';

const member: UserResponse = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  username: 'ada',
  displayName: 'Ada Lovelace',
  firstName: null,
  lastName: null,
  bio: null,
  profileImageUrl: null,
  coverImageUrl: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  followersCount: 0,
  followingCount: 0,
  pinnedTweetId: null,
  verified: false,
};

/** Renders as a member (the current user cached) or as a visitor (null). */
function renderAs(ui: ReactElement, user: UserResponse | null = member) {
  const fetchMock = vi.fn(() => Promise.reject(new Error('no calls expected')));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.current, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('LandingPage', () => {
  it("offers 'Join now' (the Sign Up tab) and, beside it, Sign in", () => {
    renderAs(
      <ThemeProvider>
        <LandingPage />
      </ThemeProvider>,
      null,
    );
    expect(screen.getByRole('link', { name: 'Join now' })).toHaveAttribute(
      'href',
      '/auth?tab=signup',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });
});

describe('NotificationsPage', () => {
  it('lists likes, follows and comments with their icons, and empties', async () => {
    renderAs(<NotificationsPage />);
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('img', { name: 'like' }).length).toBeGreaterThan(0);
    expect(within(list).getAllByRole('img', { name: 'follow' }).length).toBeGreaterThan(0);
    expect(within(list).getAllByRole('img', { name: 'comment' }).length).toBeGreaterThan(0);
    expect(screen.getByText('2 unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(screen.getByText('All caught up')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByText('No notifications yet')).toBeInTheDocument();
  });
});

describe('MessagesPage', () => {
  it('switches conversations, and sending only clears the input', async () => {
    const { fetchMock } = renderAs(<MessagesPage />);
    expect(
      screen.getByRole('region', { name: 'Conversation with Grace Hopper' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Alan Turing/ }));
    const pane = screen.getByRole('region', { name: 'Conversation with Alan Turing' });
    const before = within(pane).getAllByRole('listitem').length;

    const input = within(pane).getByLabelText('Message');
    expect(within(pane).getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(input, 'Hello there{Enter}');
    expect(input).toHaveValue('');
    expect(within(pane).getAllByRole('listitem')).toHaveLength(before);
    expect(within(pane).queryByText('Hello there')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('BookmarksPage', () => {
  it('searches the sample bookmarks by text, name or @username', async () => {
    renderAs(<BookmarksPage />);
    const list = () => screen.getByRole('list', { name: 'Bookmarks' });
    expect(within(list()).getAllByRole('listitem')).toHaveLength(SAMPLE_BOOKMARKS.length);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search bookmarks' }), 'opensource');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(/Release notes are up/)).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('No bookmarks match "zzz"')).toBeInTheDocument();
  });

  it('filters on authors too', () => {
    expect(filterBookmarks(SAMPLE_BOOKMARKS, '@grace').map((b) => b.id)).toEqual(['b1']);
    expect(filterBookmarks(SAMPLE_BOOKMARKS, 'MARGARET').map((b) => b.id)).toEqual(['b2']);
    expect(filterBookmarks(SAMPLE_BOOKMARKS, '  ')).toHaveLength(SAMPLE_BOOKMARKS.length);
  });
});
