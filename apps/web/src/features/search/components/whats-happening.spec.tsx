import { screen, waitFor, within } from '@testing-library/react';
import { SAMPLE_TRENDS } from '../sample-trends';
import {
  deferred,
  json,
  makeTrend,
  mockFetch,
  renderWithProviders,
  searchApi,
} from '../testing/search-test-utils';
import { WhatsHappening } from './whats-happening';

const trendList = () => screen.getByRole('list', { name: "What's happening" });

describe(WhatsHappening.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the last 24 hours' trends when there are some", async () => {
    const { calls } = mockFetch(
      searchApi({ trends: [makeTrend('wave', 1234), makeTrend('nx', 1)] }),
    );
    renderWithProviders(<WhatsHappening />);
    expect(await screen.findByText('#wave')).toBeInTheDocument();
    const items = within(trendList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Trending#wave1.2K posts');
    expect(items[1]).toHaveTextContent('Trending#nx1 post');
    expect(screen.queryByText('#TypeScript')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/trends?limit=5']);
  });

  it('shows the sample while there are no trends', async () => {
    mockFetch(searchApi({ trends: [] }));
    renderWithProviders(<WhatsHappening />);
    expect(await screen.findByText('#TypeScript')).toBeInTheDocument();
    const items = within(trendList()).getAllByRole('listitem');
    expect(items).toHaveLength(SAMPLE_TRENDS.length);
    expect(items[0]).toHaveTextContent('Technology#TypeScript12.4K posts');
    expect(items[2]).toHaveTextContent('#Photography5,302 posts');
    expect(screen.getByRole('link', { name: 'Show more' })).toHaveAttribute(
      'href',
      '/explore#trending',
    );
  });

  it('shows the sample when the trends cannot be read, and skeletons while they load', async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    renderWithProviders(<WhatsHappening />);
    expect(screen.getByRole('status', { name: 'Loading trends' })).toBeInTheDocument();
    answer.resolve(json(500, { message: 'Internal server error' }));
    await waitFor(() =>
      expect(within(trendList()).getAllByRole('listitem')).toHaveLength(SAMPLE_TRENDS.length),
    );
    expect(screen.queryByRole('status', { name: 'Loading trends' })).not.toBeInTheDocument();
  });
});
