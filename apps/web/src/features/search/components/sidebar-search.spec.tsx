import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_DEBOUNCE_MS } from '../search-limits';
import {
  deferred,
  json,
  makeHashtagResult,
  makePostResult,
  makeUserResult,
  mockFetch,
  renderWithProviders,
  searchApi,
} from '../testing/search-test-utils';
import { SidebarSearch } from './sidebar-search';

const grace = makeUserResult({ verified: true });
const post = makePostResult({ content: 'Hello, Wave!' });
const hashtag = makeHashtagResult('wave', 1234);
const RESULTS = [grace, post, hashtag];

function renderSidebarSearch() {
  const view = renderWithProviders(
    <>
      <SidebarSearch />
      <button type="button">Outside</button>
    </>,
  );
  return { ...view, box: () => screen.getByRole('combobox', { name: 'Search Wave' }) };
}

/** Types `text` and waits for the results (or the empty texts) of the settled query. */
async function searchFor(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.type(box, text);
  await waitFor(() => expect(screen.queryByText('Searching...')).not.toBeInTheDocument());
}

describe(SidebarSearch.name, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the query once typing has paused for 300 ms, and only once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = mockFetch(searchApi({ results: [grace] }));
    const { box } = renderSidebarSearch();

    fireEvent.change(box(), { target: { value: 'w' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(box(), { target: { value: 'wave ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(api.searches()).toHaveLength(0);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.searches()).toEqual([
      { q: 'wave', type: 'all', dateRange: 'all', verified: 'all', limit: '20' },
    ]);

    // The answer's updates may already wait on a (fake) timer: run them, then go on in real time.
    await act(() => vi.runOnlyPendingTimersAsync());
    vi.useRealTimers();
    expect(
      await screen.findByRole('option', { name: 'Grace Hopper Verified account @grace' }),
    ).toBeInTheDocument();
    expect(api.searches()).toHaveLength(1);
  });

  it('sends nothing for blank text', async () => {
    const user = userEvent.setup();
    const api = mockFetch(searchApi());
    const { box } = renderSidebarSearch();
    await user.type(box(), '   ');
    await act(() => new Promise((done) => setTimeout(done, SEARCH_DEBOUNCE_MS + 50)));
    expect(api.searches()).toHaveLength(0);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows 'Searching...' while the results load, then users, posts and hashtags", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    mockFetch(searchApi({ search: () => answer.promise }));
    const { box } = renderSidebarSearch();

    await user.type(box(), 'wave');
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    answer.resolve(json(200, RESULTS));

    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(box()).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.queryByText('Searching...')).not.toBeInTheDocument();
    const options = within(listbox).getAllByRole('option');
    // Options are named by what they show (the avatar's letter is hidden from the name).
    expect(options).toHaveLength(3);
    expect(
      within(listbox).getByRole('option', { name: 'Grace Hopper Verified account @grace' }),
    ).toBe(options[0]);
    expect(
      within(listbox).getByRole('option', { name: /^Grace Hopper .*@grace Hello, Wave!$/ }),
    ).toBe(options[1]);
    expect(within(listbox).getByRole('option', { name: '#wave 1.2K posts' })).toBe(options[2]);
    const [userOption, , hashtagOption] = options;
    expect(within(userOption!).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(userOption!).getByText('@grace')).toBeInTheDocument();
    expect(within(userOption!).getByRole('img', { name: 'Verified account' })).toBeInTheDocument();
    expect(within(userOption!).getByText('G')).toBeInTheDocument();
    expect(within(hashtagOption!).getByText('#wave')).toBeInTheDocument();
    expect(within(hashtagOption!).getByText('1.2K posts')).toBeInTheDocument();
  });

  it('opens Explore with the text on Enter when no result is picked', async () => {
    const user = userEvent.setup();
    mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'deep space');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Explore deep space' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    mockFetch(searchApi({ results: [] }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'zzz');
    expect(screen.getByText('No results found for "zzz"')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it("shows the server's message when the search fails", async () => {
    const user = userEvent.setup();
    mockFetch(
      searchApi({ search: () => json(400, { message: 'q must be at most 200 characters' }) }),
    );
    const { box } = renderSidebarSearch();
    await user.type(box(), 'wave');
    expect(await screen.findByRole('alert')).toHaveTextContent('q must be at most 200 characters');
  });

  it('previews a post with its first 60 characters and an ellipsis', async () => {
    const user = userEvent.setup();
    const long = `${'a'.repeat(60)}bcdefgh`;
    mockFetch(searchApi({ results: [makePostResult({ content: long })] }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'aaa');
    const option = screen.getByRole('option');
    expect(within(option).getByText(`${'a'.repeat(60)}...`)).toBeInTheDocument();
    expect(within(option).queryByText(long)).not.toBeInTheDocument();
  });

  it('closes on a press outside, and opens again on focus while there is text', async () => {
    const user = userEvent.setup();
    mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    expect(screen.getByRole('listbox')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('wave');

    await user.click(box());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');

    // Tabbing out of the box closes it too.
    await user.tab(); // the clear button, still inside
    await user.tab(); // the filter button, still inside
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Outside' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes on Escape and keeps the text', async () => {
    const user = userEvent.setup();
    mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveValue('wave');
    expect(box()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('clears the text and the query, closes, and puts the focus back in the box', async () => {
    const user = userEvent.setup();
    const api = mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    // The cleared query is not searched again; the next text is.
    await searchFor(user, box(), 'grace');
    expect(api.searches().map((params) => params['q'])).toEqual(['wave', 'grace']);
  });

  it("opens a user's profile and sends the click", async () => {
    const user = userEvent.setup();
    const api = mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    await user.click(screen.getByRole('option', { name: 'Grace Hopper Verified account @grace' }));

    expect(await screen.findByRole('heading', { name: 'Profile of grace' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.analytics()).toEqual([
        {
          method: 'POST',
          url: '/api/search/analytics',
          body: { query: 'wave', resultId: grace.id, resultType: 'user' },
        },
      ]),
    );
  });

  it("opens a post's page and sends the click", async () => {
    const user = userEvent.setup();
    const api = mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    await user.click(screen.getByRole('option', { name: /Hello, Wave!$/ }));

    expect(await screen.findByRole('heading', { name: `Post ${post.id}` })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.analytics().map((call) => call.body)).toEqual([
        { query: 'wave', resultId: post.id, resultType: 'post' },
      ]),
    );
  });

  it('only closes the dropdown for a hashtag, and sends the click', async () => {
    const user = userEvent.setup();
    const api = mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    await user.click(screen.getByRole('option', { name: '#wave 1.2K posts' }));

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveValue('wave');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.analytics().map((call) => call.body)).toEqual([
        { query: 'wave', resultId: 'wave', resultType: 'hashtag' },
      ]),
    );
  });

  it('only logs a failed analytics call', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(searchApi({ results: RESULTS, analyticsStatus: 500 }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    await user.click(screen.getByRole('option', { name: 'Grace Hopper Verified account @grace' }));

    expect(await screen.findByRole('heading', { name: 'Profile of grace' })).toBeInTheDocument();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Search click not tracked', expect.any(Error)),
    );
    expect(screen.queryByText(/Analytics unavailable/)).not.toBeInTheDocument();
  });

  it('moves through the results with the arrow keys and chooses with Enter', async () => {
    const user = userEvent.setup();
    mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    const options = () => screen.getAllByRole('option');
    const active = () =>
      options().filter((option) => option.getAttribute('aria-selected') === 'true');
    expect(active()).toHaveLength(0);
    expect(box()).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(active()).toEqual([options()[0]]);
    expect(box()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toEqual([options()[2]]);
    await user.keyboard('{ArrowDown}');
    expect(active()).toEqual([options()[0]]);
    await user.keyboard('{ArrowUp}');
    expect(active()).toEqual([options()[2]]);
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    expect(box()).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: `Post ${post.id}` })).toBeInTheDocument();
  });

  it('toggles the filter panel, sends the filters, and closes the panel on a press outside', async () => {
    const user = userEvent.setup();
    const api = mockFetch(
      searchApi({
        search: (params) => json(200, params.get('type') === 'users' ? [grace] : RESULTS),
      }),
    );
    const { box } = renderSidebarSearch();
    const filterButton = screen.getByRole('button', { name: 'Search filters' });
    expect(filterButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();

    await user.click(filterButton);
    expect(filterButton).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('group', { name: 'Filters' });
    expect(filterButton).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('All');
    expect(within(panel).getByRole('combobox', { name: 'Date range' })).toHaveDisplayValue(
      'All Time',
    );
    expect(within(panel).getByRole('combobox', { name: 'Verification' })).toHaveDisplayValue(
      'All Users',
    );
    await user.click(filterButton);
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();

    await searchFor(user, box(), 'wave');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(3);
    await user.click(filterButton);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Users');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'This Week');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Verification' }),
      'Verified Only',
    );

    await waitFor(() =>
      expect(api.searches().at(-1)).toEqual({
        q: 'wave',
        type: 'users',
        dateRange: 'week',
        verified: 'verified',
        limit: '20',
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1),
    );

    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(filterButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('chooses a result pressed while the filter panel is open, then closes the panel', async () => {
    const user = userEvent.setup();
    const api = mockFetch(
      searchApi({
        search: (params) => json(200, params.get('type') === 'users' ? [grace] : RESULTS),
      }),
    );
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    await user.click(screen.getByRole('button', { name: 'Search filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Users');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1),
    );
    const option = screen.getByRole('option', { name: 'Grace Hopper Verified account @grace' });

    // Nothing above the results may move while the pointer is down on one (the panel pushes
    // them down: closing it then would put another element under the pointer for the click).
    await user.pointer({ keys: '[MouseLeft>]', target: option });
    expect(screen.getByRole('group', { name: 'Filters' })).toBeInTheDocument();
    expect(option).toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: option });

    expect(await screen.findByRole('heading', { name: 'Profile of grace' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.analytics().map((call) => call.body)).toEqual([
        { query: 'wave', resultId: grace.id, resultType: 'user' },
      ]),
    );
  });

  it('chooses a hashtag with the filter panel open: closes the dropdown and the panel', async () => {
    const user = userEvent.setup();
    const api = mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    const filterButton = screen.getByRole('button', { name: 'Search filters' });
    await user.click(filterButton);
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(screen.getByRole('option', { name: '#wave 1.2K posts' }));

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(filterButton).toHaveAttribute('aria-expanded', 'false');
    // The focus was on a field of the closed panel: it goes back to the panel's button.
    expect(filterButton).toHaveFocus();
    expect(box()).toHaveValue('wave');
    await waitFor(() =>
      expect(api.analytics().map((call) => call.body)).toEqual([
        { query: 'wave', resultId: 'wave', resultType: 'hashtag' },
      ]),
    );
  });

  it('closes the filter panel, not the dropdown, on a press in the box', async () => {
    const user = userEvent.setup();
    mockFetch(searchApi({ results: RESULTS }));
    const { box } = renderSidebarSearch();
    await searchFor(user, box(), 'wave');
    await user.click(screen.getByRole('button', { name: 'Search filters' }));
    await user.click(box());
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the filter panel on Escape, back on its button', async () => {
    const user = userEvent.setup();
    mockFetch(searchApi());
    renderSidebarSearch();
    const filterButton = screen.getByRole('button', { name: 'Search filters' });
    await user.click(filterButton);
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(filterButton).toHaveFocus();
  });
});
