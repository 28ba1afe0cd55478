import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FetchCall, FetchHandler } from '../../../testing/test-utils';
import { deferred, json, mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { SEO_ANALYTICS_REFRESH_MS, SEO_RECOMMENDATIONS_REFRESH_MS } from '../api/seo-keys';
import {
  makeAnalysisResult,
  makeOptimizeResult,
  makePage,
  makeRecommendations,
  makeSeoAnalytics,
} from '../testing/seo-test-utils';
import SeoDashboardPage from './seo-dashboard-page';

const notFound = () => json(404, { message: 'Not found' });

/** The dashboard, with the SEO calls answered by `handlers` (404 for anything else). */
function renderDashboard(
  handlers: Partial<Record<'analytics' | 'recommendations' | 'analyze' | 'optimize', FetchHandler>>,
  options: Parameters<typeof renderWithProviders>[1] = {},
) {
  const fetch = mockFetch((call) => {
    const byCall: Record<string, FetchHandler | undefined> = {
      'GET /api/seo/analytics': handlers.analytics,
      'GET /api/seo/recommendations': handlers.recommendations,
      'POST /api/seo/analyze': handlers.analyze,
      'POST /api/seo/optimize': handlers.optimize,
    };
    return (byCall[`${call.method} ${call.url}`] ?? notFound)(call);
  });
  const result = renderWithProviders(<SeoDashboardPage />, {
    route: '/seo-dashboard',
    ...options,
  });
  const callsTo = (url: string) => fetch.calls.filter((call: FetchCall) => call.url === url);
  return { ...result, ...fetch, callsTo };
}

const emptyAnalytics = () => json(200, makeSeoAnalytics());

/** The element matching `selector` whose whole text is `text`. */
const withText = (selector: string, text: string) =>
  screen.findByText((_, element) => element?.textContent === text, { selector });

describe('SeoDashboardPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("tells a visitor 'Access Denied', verbatim, and asks for nothing", () => {
    const { calls } = renderDashboard({}, { user: null });
    const denied = 'Access Denied - Please log in to access the SEO Dashboard.';
    expect(
      screen.getByText((_, element) => element?.textContent === denied, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByText('Auto-SEO Active')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows a member the 'Auto-SEO Active' badge and the four tabs, Analytics first", async () => {
    renderDashboard({ analytics: emptyAnalytics });
    expect(screen.getByRole('heading', { level: 1, name: 'SEO Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Auto-SEO Active')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'SEO dashboard' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Analytics',
      'Content Analysis',
      'Optimization',
      'Recommendations',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/^No pages analyzed yet/)).toBeInTheDocument();
  });

  it('sums up the pages: views, the average score on a bar out of 100, pages and issues', async () => {
    renderDashboard({
      analytics: () =>
        json(
          200,
          makeSeoAnalytics(
            [
              makePage({ url: '/profile/ada', seoScore: 92, issues: ['One'] }),
              makePage({ url: '/tweet/1', title: 'A post', seoScore: 64.4, issues: ['A', 'B'] }),
            ],
            // The issues of every analysed page, not only of the two listed.
            { totalPageViews: 12_345, avgSEOScore: 78.2, totalIssues: 41 },
          ),
        ),
    });
    const summary = await screen.findByRole('list', { name: 'SEO summary' });
    const stats = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(stats).toEqual([
      'Total page views12.3K',
      'Average SEO score78',
      'Pages analyzed2',
      'Issues found41',
    ]);
    const bar = within(summary).getByRole('progressbar', { name: 'Average SEO score' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '78');
  });

  it('bands each page’s score at 80 and 60, and shows its first 3 issues then how many more', async () => {
    renderDashboard({
      analytics: () =>
        json(
          200,
          makeSeoAnalytics([
            makePage({ title: 'Good page', url: '/profile/ada', seoScore: 80 }),
            makePage({
              title: 'Middling page',
              url: '/tweet/0190a1b2-1111-7000-8000-000000000001',
              seoScore: 79,
              issues: ['First', 'Second', 'Third', 'Fourth', 'Fifth'],
            }),
            makePage({
              title: 'Poor page',
              url: '/community/0190a1b2-2222-7000-8000-000000000001',
              seoScore: 59,
              issues: ['Only', 'Two'],
            }),
            makePage({
              title: 'Fair page',
              url: '/tweet/0190a1b2-1111-7000-8000-000000000002',
              seoScore: 60,
              issues: ['a', 'b', 'c', 'd'],
            }),
          ]),
        ),
    });
    await screen.findByRole('list', { name: 'Pages' });
    const page = (title: string) =>
      screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
    // The lowest scores first: what needs work comes up top.
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Poor page', 'Fair page', 'Middling page', 'Good page']);

    const band = (title: string) => page(title).querySelector('[data-band]');
    expect(band('Good page')).toHaveAttribute('data-band', 'good');
    expect(band('Good page')).toHaveTextContent('80·Good');
    expect(band('Middling page')).toHaveAttribute('data-band', 'fair');
    expect(band('Fair page')).toHaveAttribute('data-band', 'fair');
    expect(band('Poor page')).toHaveAttribute('data-band', 'poor');
    expect(band('Poor page')).toHaveTextContent('59·Poor');

    const middling = page('Middling page');
    expect(
      within(within(middling).getByRole('list', { name: 'Issues' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['First', 'Second', 'Third']);
    expect(within(middling).getByText('+2 more issues')).toBeInTheDocument();
    expect(within(page('Fair page')).getByText('+1 more issues')).toBeInTheDocument();
    expect(within(page('Poor page')).queryByText(/more issue/)).not.toBeInTheDocument();
    expect(within(page('Good page')).getByText('No issues found.')).toBeInTheDocument();
    expect(within(middling).getByRole('link', { name: /^\/tweet\// })).toHaveAttribute(
      'href',
      '/tweet/0190a1b2-1111-7000-8000-000000000001',
    );
  });

  it('reads the analytics again every 30 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let views = 10;
    const { callsTo } = renderDashboard({
      analytics: () => json(200, makeSeoAnalytics([], { totalPageViews: views })),
    });
    expect(await withText('li', 'Total page views10')).toBeInTheDocument();
    views = 20;
    await act(() => vi.advanceTimersByTimeAsync(SEO_ANALYTICS_REFRESH_MS - 1));
    expect(callsTo('/api/seo/analytics')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo('/api/seo/analytics')).toHaveLength(2);
    expect(await withText('li', 'Total page views20')).toBeInTheDocument();
  });

  it('shows a failed read in the spec’s message format, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderDashboard({
      analytics: () => (fail ? json(500, { message: 'Boom' }) : emptyAnalytics()),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load SEO analytics.');
    expect(alert).toHaveTextContent('500: {"message":"Boom"}');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^No pages analyzed yet/)).toBeInTheDocument();
  });

  it('needs a title and content before it analyzes anything', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDashboard({ analytics: emptyAnalytics });
    await user.click(screen.getByRole('tab', { name: 'Content Analysis' }));
    const button = screen.getByRole('button', { name: 'Analyze Content' });

    await user.click(button);
    const title = screen.getByRole('textbox', { name: 'Title' });
    const content = screen.getByRole('textbox', { name: 'Content' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(content).toHaveAccessibleDescription(
      'Plain text, Markdown or HTML. Content is required',
    );
    expect(title).toHaveFocus();

    await user.type(title, '   ');
    await user.type(content, 'Some content');
    await user.click(button);
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(content).not.toHaveAttribute('aria-invalid');
    expect(callsTo('/api/seo/analyze')).toHaveLength(0);
  });

  it('analyzes the content and shows the result: score, readability, length, images, links, issues, recommendations', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { callsTo } = renderDashboard({
      analytics: emptyAnalytics,
      analyze: () => answer.promise,
    });
    await user.click(screen.getByRole('tab', { name: 'Content Analysis' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Riding the Wave  ');
    await user.type(screen.getByRole('textbox', { name: 'Content' }), '# Wave\n\nShort posts.');
    await user.click(screen.getByRole('button', { name: 'Analyze Content' }));

    expect(screen.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    // No description typed: none sent.
    expect(callsTo('/api/seo/analyze').map((call) => call.body)).toEqual([
      { title: 'Riding the Wave', content: '# Wave\n\nShort posts.' },
    ]);

    answer.resolve(json(200, makeAnalysisResult()));
    const result = await screen.findByRole('region', { name: 'SEO analysis' });
    expect(within(result).getByText('SEO score').parentElement).toHaveTextContent(
      'SEO score72·Needs work',
    );
    expect(within(result).getByRole('progressbar', { name: 'SEO score' })).toHaveAttribute(
      'aria-valuenow',
      '72',
    );
    expect(within(result).getByRole('progressbar', { name: 'Readability score' })).toHaveAttribute(
      'aria-valuenow',
      '65',
    );
    expect(within(result).getByText('65 / 100')).toBeInTheDocument();
    const fact = (term: string) => within(result).getByText(term).nextElementSibling;
    expect(fact('Content length')).toHaveTextContent('1.2K characters');
    expect(fact('Images')).toHaveTextContent('2 (1 without alt text)');
    expect(fact('Links')).toHaveTextContent('3');
    expect(
      within(within(result).getByRole('list', { name: 'Issues' })).getByRole('listitem'),
    ).toHaveTextContent('The title is 24 characters; about 50 to 60 is best.');
    expect(
      within(within(result).getByRole('list', { name: 'Recommendations' })).getByRole('listitem'),
    ).toHaveTextContent('Lengthen the title to about 50 to 60 characters.');
    expect(within(result).getByRole('table', { name: 'Main terms' })).toHaveTextContent(
      'wave62.9%',
    );
  });

  it('sends the description when there is one, and shows a refusal in the spec’s message format', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDashboard({
      analytics: emptyAnalytics,
      analyze: () => json(400, { message: 'content can be at most 100000 characters' }),
    });
    await user.click(screen.getByRole('tab', { name: 'Content Analysis' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Title');
    await user.type(screen.getByRole('textbox', { name: 'Meta description' }), ' A page. ');
    await user.type(screen.getByRole('textbox', { name: 'Content' }), 'Text');
    await user.click(screen.getByRole('button', { name: 'Analyze Content' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to analyze content.');
    expect(alert).toHaveTextContent('400: {"message":"content can be at most 100000 characters"}');
    expect(callsTo('/api/seo/analyze').map((call) => call.body)).toEqual([
      { title: 'Title', content: 'Text', description: 'A page.' },
    ]);
  });

  it('keeps what was typed when another tab is looked at', async () => {
    const user = userEvent.setup();
    renderDashboard({ analytics: emptyAnalytics });
    await user.click(screen.getByRole('tab', { name: 'Content Analysis' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Content Analysis' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Draft');
  });

  it('wires Get Optimization Suggestions: content and comma-separated keywords, then the report', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDashboard({
      analytics: emptyAnalytics,
      optimize: () => json(200, makeOptimizeResult()),
    });
    await user.click(screen.getByRole('tab', { name: 'Optimization' }));
    const panel = screen.getByRole('tabpanel', { name: 'Optimization' });
    const button = within(panel).getByRole('button', { name: 'Get Optimization Suggestions' });

    await user.click(button);
    expect(within(panel).getByRole('textbox', { name: 'Content' })).toHaveAccessibleDescription(
      'Content is required',
    );
    expect(
      within(panel).getByRole('textbox', { name: 'Target keywords' }),
    ).toHaveAccessibleDescription('Comma-separated, up to 20. Enter at least one keyword');
    expect(callsTo('/api/seo/optimize')).toHaveLength(0);

    await user.type(within(panel).getByRole('textbox', { name: 'Content' }), 'Wave is here.');
    await user.type(
      within(panel).getByRole('textbox', { name: 'Target keywords' }),
      'wave, microblog, , Wave',
    );
    await user.click(button);
    expect(callsTo('/api/seo/optimize').map((call) => call.body)).toEqual([
      { content: 'Wave is here.', keywords: ['wave', 'microblog'] },
    ]);

    const result = await within(panel).findByRole('region', { name: 'Optimization suggestions' });
    const rows = within(within(result).getByRole('table', { name: 'Target keywords' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'wave62.9%YesYesGood',
      'microblog00.0%NoNoMissing',
    ]);
    expect(
      within(within(result).getByRole('list', { name: 'Suggestions' })).getByRole('listitem'),
    ).toHaveTextContent('Use "microblog" at least once, ideally in the first paragraph.');
  });

  it('refuses more than 20 keywords before asking', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderDashboard({ analytics: emptyAnalytics });
    await user.click(screen.getByRole('tab', { name: 'Optimization' }));
    const panel = screen.getByRole('tabpanel', { name: 'Optimization' });
    await user.type(within(panel).getByRole('textbox', { name: 'Content' }), 'Text');
    const keywords = within(panel).getByRole('textbox', { name: 'Target keywords' });
    await user.click(keywords);
    await user.paste(Array.from({ length: 21 }, (_, index) => `k${index}`).join(','));
    await user.click(within(panel).getByRole('button', { name: 'Get Optimization Suggestions' }));
    expect(keywords).toHaveAccessibleDescription(
      'Comma-separated, up to 20. Enter at most 20 keywords',
    );
    expect(callsTo('/api/seo/optimize')).toHaveLength(0);
  });

  it('lists the top recommendations with their page counts, read again every 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let count = 4;
    const { callsTo } = renderDashboard({
      analytics: emptyAnalytics,
      recommendations: () =>
        json(
          200,
          makeRecommendations(
            [
              { recommendation: 'Add a meta description.', count },
              { recommendation: 'Give every image alt text.', count: 1 },
            ],
            12,
          ),
        ),
    });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Recommendations' }));
    const list = await screen.findByRole('list', { name: 'Top recommendations' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Add a meta description.4 pages', 'Give every image alt text.1 page']);
    expect(screen.getByText('From 12 analyses of your pages')).toBeInTheDocument();

    count = 5;
    await act(() => vi.advanceTimersByTimeAsync(SEO_RECOMMENDATIONS_REFRESH_MS - 1));
    expect(callsTo('/api/seo/recommendations')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo('/api/seo/recommendations')).toHaveLength(2);
    expect(await screen.findByText('5 pages')).toBeInTheDocument();
  });
});
