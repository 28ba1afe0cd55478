import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRENDING_TOPICS } from '../sample-trends';
import {
  deferred,
  json,
  makeHashtagResult,
  makePostResult,
  makeTrend,
  makeUserResult,
  mockFetch,
  renderWithProviders,
  searchApi,
} from '../testing/search-test-utils';
import ExplorePage from './explore-page';

const grace = makeUserResult();
const first = makePostResult({ content: `A first post about #wave ${'and more '.repeat(10)}` });
const second = makePostResult({
  content: 'Second post',
  username: 'alan',
  displayName: 'Alan Turing',
  verified: true,
});
const hashtag = makeHashtagResult('wave', 42);
const RESULTS = [grace, first, second, hashtag];

const searchBox = () => screen.getByRole('combobox', { name: 'Search posts, people and hashtags' });
const feed = () => screen.getByRole('region', { name: 'Filtered posts' });
const topics = () => screen.getByRole('list', { name: 'Trending topics' });

describe('ExplorePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a visitor to log in', () => {
    mockFetch(searchApi());
    renderWithProviders(<ExplorePage />, { user: null });
    expect(screen.getByText('Please log in to explore posts.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('searches with the filters in view, results inline and their posts in the feed', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = mockFetch(searchApi({ search: () => answer.promise }));
    renderWithProviders(<ExplorePage />);
    await waitFor(() => expect(document.title).toBe('Explore · Wave'));
    expect(
      within(feed()).getByText('Search for something or pick a trending topic to filter posts.'),
    ).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'Filters' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Type' }), 'Posts');
    await user.selectOptions(
      within(filters).getByRole('combobox', { name: 'Date range' }),
      'Today',
    );

    await user.type(searchBox(), 'wave');
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    expect(
      await within(feed()).findByRole('status', { name: 'Loading posts' }),
    ).toBeInTheDocument();
    answer.resolve(json(200, RESULTS));

    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(searchBox()).toHaveAttribute('aria-expanded', 'true');
    expect(within(listbox).getAllByRole('option')).toHaveLength(4);
    expect(
      within(listbox).getByRole('option', {
        name: `Grace Hopper @grace ${first.content!.slice(0, 60)}...`,
      }),
    ).toBeInTheDocument();
    expect(api.searches()).toEqual([
      { q: 'wave', type: 'posts', dateRange: 'today', verified: 'all', limit: '20' },
    ]);

    const links = within(feed()).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', `/tweet/${first.id}`);
    expect(links[0]).toHaveTextContent(first.content!.trim());
    expect(links[1]).toHaveAttribute('href', `/tweet/${second.id}`);
    expect(within(links[1]!).getByText('Alan Turing')).toBeInTheDocument();
    expect(within(links[1]!).getByText('@alan')).toBeInTheDocument();
    expect(within(links[1]!).getByRole('img', { name: 'Verified account' })).toBeInTheDocument();
    expect(within(links[1]!).getByText('about 2 hours ago')).toBeInTheDocument();

    await user.click(links[1]!);
    expect(await screen.findByRole('heading', { name: `Post ${second.id}` })).toBeInTheDocument();
  });

  it('searches for ?q= at once, with the results first and the topics after them', async () => {
    const api = mockFetch(searchApi({ search: () => json(200, RESULTS) }));
    renderWithProviders(<ExplorePage />, { route: '/?q=wave' });
    expect(searchBox()).toHaveValue('wave');
    await within(feed()).findAllByRole('link');
    expect(api.searches()).toEqual([
      { q: 'wave', type: 'all', dateRange: 'all', verified: 'all', limit: '20' },
    ]);
    // The feed of results, then the topics: nothing in between.
    expect(
      feed().compareDocumentPosition(topics()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says so when nothing matches, or no post does', async () => {
    const user = userEvent.setup();
    mockFetch(
      searchApi({ search: (params) => json(200, params.get('q') === 'grace' ? [grace] : []) }),
    );
    renderWithProviders(<ExplorePage />);
    await user.type(searchBox(), 'zzz');
    expect(await screen.findByText('No results found for "zzz"')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
    // One empty state: the feed does not say it again.
    expect(screen.queryByText('No posts match "zzz"')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Filtered posts' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(searchBox()).toHaveFocus();
    expect(
      within(feed()).getByText('Search for something or pick a trending topic to filter posts.'),
    ).toBeInTheDocument();

    await user.type(searchBox(), 'grace');
    expect(await screen.findByRole('option', { name: 'Grace Hopper @grace' })).toBeInTheDocument();
    expect(within(feed()).getByText('No posts match "grace"')).toBeInTheDocument();
  });

  it('searches for a sample topic when there are no trends, and a second click clears it', async () => {
    const user = userEvent.setup();
    const api = mockFetch(
      searchApi({
        trends: [],
        search: (params) => json(200, params.get('q') === '#OpenSource' ? [first] : []),
      }),
    );
    renderWithProviders(<ExplorePage />);
    const list = await screen.findByRole('list', { name: 'Trending topics' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons).toHaveLength(TRENDING_TOPICS.length);
    expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual(
      Array(5).fill('false'),
    );
    expect(buttons[3]).toHaveTextContent('4 · Trending#ClimateAction3,847 posts');

    await user.click(screen.getByRole('button', { name: /#OpenSource/ }));
    expect(searchBox()).toHaveValue('#OpenSource');
    expect(screen.getByRole('button', { name: /#OpenSource/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await within(feed()).findByRole('link')).toHaveAttribute('href', `/tweet/${first.id}`);
    expect(api.searches().map((params) => params['q'])).toEqual(['#OpenSource']);
    // A topic searches at once; its results wait for the box rather than drop in.
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /#OpenSource/ }));
    expect(searchBox()).toHaveValue('');
    expect(
      within(feed()).getByText('Search for something or pick a trending topic to filter posts.'),
    ).toBeInTheDocument();
  });

  it('lists the live trends as topics when there are some', async () => {
    const user = userEvent.setup();
    const api = mockFetch(
      searchApi({ trends: [makeTrend('nx', 1200), makeTrend('vite', 3)], results: [first] }),
    );
    renderWithProviders(<ExplorePage />);
    await waitFor(() => expect(within(topics()).getAllByRole('button')).toHaveLength(2));
    expect(within(topics()).getAllByRole('button')[0]).toHaveTextContent(
      '1 · Trending#nx1.2K posts',
    );
    expect(screen.queryByText('#TypeScript')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /#vite/ }));
    expect(searchBox()).toHaveValue('#vite');
    await waitFor(() => expect(api.searches().map((params) => params['q'])).toEqual(['#vite']));
  });

  it('searches for a hashtag chosen from the results', async () => {
    const user = userEvent.setup();
    const api = mockFetch(searchApi({ results: RESULTS }));
    renderWithProviders(<ExplorePage />);
    await user.type(searchBox(), 'wav');
    await user.click(await screen.findByRole('option', { name: '#wave 42 posts' }));
    expect(searchBox()).toHaveValue('#wave');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.searches().map((params) => params['q'])).toEqual(['wav', '#wave']),
    );
    expect(api.analytics().map((call) => call.body)).toEqual([
      { query: 'wav', resultId: 'wave', resultType: 'hashtag' },
    ]);
  });
});
