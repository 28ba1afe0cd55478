import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserAnalyticsResponse } from '@wave/contracts';
import type { FetchCall } from '../../../testing/test-utils';
import {
  ADA_ID,
  deferred,
  json,
  mockFetch,
  renderWithProviders,
} from '../../../testing/test-utils';
import { USER_ANALYTICS_REFRESH_MS } from '../api/analytics-keys';
import { emptyAnalytics, makeAnalytics, makeTopPost } from '../testing/analytics-test-utils';
import AnalyticsPage from './analytics-page';

const isAnalytics = (call: FetchCall) => call.url.startsWith('/api/analytics/user/');

/** The page, with each range answered by `answer` (a lively range by default). */
function renderPage(
  answer: (range: string, call: FetchCall) => Response | Promise<Response> = (range) =>
    json(200, makeAnalytics(range as '7d')),
  options: Parameters<typeof renderWithProviders>[1] = {},
) {
  const fetch = mockFetch((call) => {
    if (isAnalytics(call)) {
      const range = /\/(7d|30d|90d)\?/.exec(call.url)?.[1] ?? '';
      return answer(range, call);
    }
    return json(404, { message: 'Not found' });
  });
  const result = renderWithProviders(<AnalyticsPage />, { route: '/analytics', ...options });
  return { ...result, ...fetch, analyticsCalls: () => fetch.calls.filter(isAnalytics) };
}

/** jsdom lays nothing out: give the charts a phone-sized box (and their legends a line). */
const layOut = () =>
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const legend = this.classList.contains('recharts-legend-wrapper');
    return DOMRect.fromRect({ x: 0, y: 0, width: 328, height: legend ? 20 : 220 });
  });

const card = (label: string) =>
  within(screen.getByRole('list', { name: 'Overview' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(label))!;

describe('AnalyticsPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the last 30 days by default, in the reader’s time zone', async () => {
    const { analyticsCalls } = renderPage();
    expect(await screen.findByRole('list', { name: 'Overview' })).toBeInTheDocument();
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(analyticsCalls().map((call) => call.url)).toEqual([
      `/api/analytics/user/${ADA_ID}/30d?tz=${encodeURIComponent(timeZone)}`,
    ]);
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue('30d');
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
  });

  it('asks again for the range chosen', async () => {
    const user = userEvent.setup();
    const { analyticsCalls } = renderPage((range) =>
      json(
        200,
        makeAnalytics(range as '7d', {
          overview: {
            ...makeAnalytics().overview,
            totalViews: { '7d': 700, '30d': 3_000, '90d': 9_000 }[range] ?? 0,
          },
        }),
      ),
    );
    expect(await screen.findByText('3K')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Time range' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['7 days', '30 days', '90 days']);

    await user.selectOptions(select, '7 days');
    expect(await screen.findByText('700')).toBeInTheDocument();
    await user.selectOptions(select, '90 days');
    expect(await screen.findByText('9K')).toBeInTheDocument();
    expect(analyticsCalls().map((call) => call.url.split('?')[0]!.split('/').at(-1))).toEqual([
      '30d',
      '7d',
      '90d',
    ]);
    expect(screen.getByText('Last 90 days')).toBeInTheDocument();
  });

  it('shows the four metric cards, abbreviated, with positive, negative and zero growth badges', async () => {
    renderPage();
    await screen.findByRole('list', { name: 'Overview' });
    expect(card('Views')).toHaveTextContent(/^Views12\.3K\+12\.5% against the previous 30 days$/);
    expect(card('Likes')).toHaveTextContent(/^Likes1\.5M−4% against the previous 30 days$/);
    expect(card('Replies')).toHaveTextContent(/^Replies3210% against the previous 30 days$/);
    expect(card('Followers')).toHaveTextContent(/^Followers42\+100%/);
    const badge = (label: string) => card(label).querySelector('[data-growth]');
    expect(badge('Views')).toHaveAttribute('data-growth', 'positive');
    expect(badge('Likes')).toHaveAttribute('data-growth', 'negative');
    expect(badge('Replies')).toHaveAttribute('data-growth', 'zero');
  });

  it('ranks the top posts with views, likes, replies and age, each linking to the post', async () => {
    const best = makeTopPost({
      content: 'My best post',
      views: 5_400,
      likes: 320,
      replies: 12,
      createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    });
    const second = makeTopPost({ content: 'Second best', views: 900, likes: 40, replies: 3 });
    renderPage(() => json(200, makeAnalytics('30d', { topPosts: [best, second] })));

    const tabs = await screen.findByRole('tablist', { name: 'Analytics' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Top Posts', 'Trends', 'Audience']);
    expect(screen.getByRole('tab', { name: 'Top Posts' })).toHaveAttribute('aria-selected', 'true');
    const items = within(screen.getByRole('list', { name: 'Top posts' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      /^1My best post5\.4K views320 likes12 replies(about )?2 hours ago$/,
    );
    expect(within(items[0]!).getByRole('link', { name: 'My best post' })).toHaveAttribute(
      'href',
      `/tweet/${best.id}`,
    );
    expect(items[1]).toHaveTextContent(/^2Second best900 views40 likes3 replies/);
  });

  it('shows the last 7 daily stats and the top 5 engagement hours on 12-hour labels, relative to the busiest', async () => {
    const user = userEvent.setup();
    layOut();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Trends' }));

    const daily = screen.getByRole('region', { name: 'Daily stats' });
    const rows = within(within(daily).getByRole('table')).getAllByRole('row').slice(1);
    // The fixture's 30 days end on Mar 31; day i has 10·i views, i likes, i % 3 replies.
    expect(rows.map((row) => row.textContent)).toEqual([
      'Mar 25240240',
      'Mar 26250251',
      'Mar 27260262',
      'Mar 28270270',
      'Mar 29280281',
      'Mar 30290292',
      'Mar 31300300',
    ]);
    // The chart pictures the same numbers for the eye; assistive technology reads the table.
    const chart = within(daily).getByTestId('chart');
    expect(chart).toHaveAttribute('aria-hidden', 'true');
    expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(7);
    expect(chart.querySelectorAll('.recharts-line')).toHaveLength(2);
    // Nothing in it takes focus (no accessibility layer: it is hidden from assistive technology).
    const focusable = [...chart.querySelectorAll<HTMLElement>('a, button, [tabindex]')];
    expect(focusable.filter((element) => element.tabIndex >= 0)).toEqual([]);

    const peaks = within(screen.getByRole('region', { name: 'Peak engagement hours' })).getByRole(
      'list',
      { name: 'Top 5 engagement hours' },
    );
    const hours = within(peaks).getAllByRole('listitem');
    expect(hours.map((hour) => hour.textContent)).toEqual([
      '1 PM80 engagements',
      '9 AM40 engagements',
      '6 PM30 engagements',
      '9 PM20 engagements',
      '12 AM10 engagements',
    ]);
    const bar = (index: number) =>
      hours[index]!.querySelector<HTMLElement>('[aria-hidden="true"] > span');
    expect(bar(0)?.style.width).toBe('100%');
    expect(bar(1)?.style.width).toBe('50%');
    expect(bar(4)?.style.width).toBe('13%');
  });

  it('shows popular hashtags with their uses and the last 7 follower growth points', async () => {
    const user = userEvent.setup();
    layOut();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Audience' }));

    const hashtags = within(screen.getByRole('list', { name: 'Popular hashtags' })).getAllByRole(
      'listitem',
    );
    expect(hashtags.map((item) => item.textContent)).toEqual(['#wave12 uses', '#typescript4 uses']);

    const growth = screen.getByRole('region', { name: 'Follower growth' });
    expect(within(growth).getByTestId('chart').querySelector('.recharts-area')).not.toBeNull();
    const rows = within(within(growth).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Mar 2533',
      'Mar 2634',
      'Mar 2735',
      'Mar 2836',
      'Mar 2937',
      'Mar 3038',
      'Mar 3139',
    ]);
  });

  it('says so, verbatim, when there is nothing to show', async () => {
    renderPage((range) => json(200, emptyAnalytics(range as '7d')));
    const empty = 'No analytics data available - Start posting to see your analytics here';
    expect(
      await screen.findByText((_, element) => element?.textContent === empty, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Overview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    // Another range may have something.
    expect(screen.getByRole('combobox', { name: 'Time range' })).toBeEnabled();
  });

  it('shows a loading state, then an error with the server’s message and a way to try again', async () => {
    const user = userEvent.setup();
    const first = deferred<Response>();
    let answer: () => Response | Promise<Response> = () => first.promise;
    renderPage(() => answer());
    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();

    first.resolve(json(503, { message: 'Analytics are unavailable' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load analytics.');
    expect(alert).toHaveTextContent('503: {"message":"Analytics are unavailable"}');

    answer = () => json(200, makeAnalytics());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Overview' })).toBeInTheDocument();
  });

  it('reads the dashboard again every 5 minutes', async () => {
    // Only the refresh interval runs on the fake clock; answers arrive in real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let views = 100;
    const { analyticsCalls } = renderPage(() =>
      json(200, {
        ...makeAnalytics(),
        overview: { ...makeAnalytics().overview, totalViews: views },
      } satisfies UserAnalyticsResponse),
    );
    expect(await screen.findByText('100')).toBeInTheDocument();
    expect(analyticsCalls()).toHaveLength(1);

    views = 2_500;
    await act(() => vi.advanceTimersByTimeAsync(USER_ANALYTICS_REFRESH_MS - 1));
    expect(analyticsCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(analyticsCalls()).toHaveLength(2);
    expect(await screen.findByText('2.5K')).toBeInTheDocument();
  });

  it('sends a visitor to /auth', async () => {
    const { analyticsCalls } = renderPage(undefined, { user: null });
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(analyticsCalls()).toHaveLength(0);
  });
});
