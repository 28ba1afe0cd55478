import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Recommendation } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import {
  deferred,
  FEEDBACK_PATH,
  json,
  LocationProbe,
  makePerson,
  makeRecommendation,
  mockFetch,
  noContent,
  renderWithProviders,
  RECOMMENDATIONS_PATH,
} from '../testing/recommendation-test-utils';
import type { FetchCall } from '../testing/recommendation-test-utils';
import { RecommendationsWidget } from './recommendations-widget';

const WIDGET_URL = `${RECOMMENDATIONS_PATH}?maxRecommendations=5`;
const LONG_POST =
  'Type systems are a conversation between you and your future self about what you meant';

const grace = makePerson('grace', 'Grace Hopper', { score: 0.91 });
const longPost = makeRecommendation({
  content: LONG_POST,
  score: 0.72,
  reason: 'About #typescript, which you like',
  category: 'topics',
});
const rust = makeRecommendation({
  contentType: 'community',
  content: 'Rustaceans',
  score: 0.64,
  reason: 'Joined by people like you',
  category: 'similar',
});
const linus = makePerson('linus', 'Linus Torvalds', { score: 0.5 });
const shortPost = makeRecommendation({ content: 'Hello, Wave!', score: 0.33 });
const FIVE = [grace, longPost, rust, linus, shortPost];

const LONG_TITLE = `${LONG_POST.slice(0, 50).trimEnd()}…`;

type Answer = Response | Promise<Response>;

/** GET recommendations answered by `list`, POST feedback by `feedback` (204 unless told). */
function renderWidget({
  list = () => json(200, FIVE),
  feedback = () => noContent(),
}: {
  list?: (call: FetchCall) => Answer;
  feedback?: (call: FetchCall) => Answer;
} = {}) {
  const { calls } = mockFetch((call) => {
    if (call.url.startsWith(RECOMMENDATIONS_PATH)) return list(call);
    if (call.url === FEEDBACK_PATH) return feedback(call);
    return json(404, { message: `Unexpected ${call.method} ${call.url}` });
  });
  const result = renderWithProviders(
    <>
      <RecommendationsWidget />
      <LocationProbe />
    </>,
  );
  const requests = () => calls.map((call) => `${call.method} ${call.url}`);
  const feedbackBodies = () =>
    calls.filter((call) => call.url === FEEDBACK_PATH).map((call) => call.body);
  return { ...result, calls, requests, feedbackBodies };
}

const list = () => screen.getByRole('list', { name: 'AI Recommendations' });
const rows = () => within(list()).getAllByRole('listitem');
const getMore = () => screen.getByRole('button', { name: 'Get More Recommendations' });
const linkTo = (title: string | RegExp) => screen.queryByRole('link', { name: title });

describe(RecommendationsWidget.name, () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('says it is loading until the list arrives, with Get More disabled', async () => {
    const answer = deferred<Response>();
    renderWidget({ list: () => answer.promise });
    expect(screen.getByRole('heading', { level: 2, name: 'AI Recommendations' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading recommendations');
    expect(getMore()).toBeDisabled();
    expect(screen.queryByRole('list', { name: 'AI Recommendations' })).not.toBeInTheDocument();

    answer.resolve(json(200, FIVE));
    expect(await screen.findByRole('list', { name: 'AI Recommendations' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(getMore()).toBeEnabled();
  });

  it('asks for 5 items once and shows the 5 with their kind, title and reason', async () => {
    const { requests } = renderWidget();
    await screen.findByRole('list', { name: 'AI Recommendations' });
    expect(requests()).toEqual([`GET ${WIDGET_URL}`]);
    expect(rows()).toHaveLength(5);

    expect(rows()[0]).toHaveTextContent('Person: @graceFollowed by people you follow');
    expect(rows()[1]).toHaveTextContent(`Post: ${LONG_TITLE}About #typescript, which you like`);
    expect(rows()[2]).toHaveTextContent('Community: RustaceansJoined by people like you');
    expect(rows()[3]).toHaveTextContent('Person: @linus');
    expect(rows()[4]).toHaveTextContent('Post: Hello, Wave!Popular on Wave right now');
  });

  it("cuts a post's title at 50 characters, in the row and in its Dismiss button", async () => {
    renderWidget();
    await screen.findByRole('list', { name: 'AI Recommendations' });
    expect(LONG_POST.length).toBeGreaterThan(50);
    expect(within(rows()[1]!).getByText(LONG_TITLE)).toBeVisible();
    expect(screen.queryByText(LONG_POST)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Dismiss ${LONG_TITLE}` })).toBeVisible();
  });

  it('links each item to its page: profile by username, post and community by id', async () => {
    renderWidget();
    await screen.findByRole('list', { name: 'AI Recommendations' });
    expect(linkTo(/@grace/)).toHaveAttribute('href', '/profile/grace');
    expect(linkTo(/Hello, Wave!/)).toHaveAttribute('href', `/tweet/${shortPost.contentId}`);
    expect(linkTo(/Rustaceans/)).toHaveAttribute('href', `/community/${rust.contentId}`);
  });

  it('shows more than 5 only if the server sends them (it is asked for 5)', async () => {
    renderWidget({ list: () => json(200, FIVE.slice(0, 2)) });
    await screen.findByRole('list', { name: 'AI Recommendations' });
    expect(rows()).toHaveLength(2);
  });

  it('says there are none yet when the list is empty', async () => {
    renderWidget({ list: () => json(200, []) });
    expect(
      await screen.findByText(
        'No recommendations yet. Follow people, like posts and join communities to get some.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'AI Recommendations' })).not.toBeInTheDocument();
    expect(getMore()).toBeEnabled();
  });

  it('says the list failed, and Get More asks again and shows what comes', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { requests } = renderWidget({
      list: () => (fail ? json(503, { message: 'Recommendations unavailable' }) : json(200, FIVE)),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load recommendations.');
    expect(screen.queryByRole('list', { name: 'AI Recommendations' })).not.toBeInTheDocument();

    fail = false;
    await user.click(getMore());
    expect(await screen.findByRole('list', { name: 'AI Recommendations' })).toBeVisible();
    expect(rows()).toHaveLength(5);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests()).toEqual([`GET ${WIDGET_URL}`, `GET ${WIDGET_URL}`]);
  });

  it('dismisses at once, before the server answers, and tells the server', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { requests, feedbackBodies, queryClient } = renderWidget({
      feedback: () => answer.promise,
    });
    await screen.findByRole('list', { name: 'AI Recommendations' });

    await user.click(screen.getByRole('button', { name: 'Dismiss @grace' }));

    // Hidden while the feedback is still on its way.
    expect(linkTo(/@grace/)).not.toBeInTheDocument();
    expect(rows()).toHaveLength(4);
    expect(requests()).toEqual([`GET ${WIDGET_URL}`, `POST ${FEEDBACK_PATH}`]);
    expect(feedbackBodies()).toEqual([
      { action: 'dismiss', contentId: grace.contentId, contentType: 'user' },
    ]);

    expect(queryClient.isMutating()).toBe(1);
    answer.resolve(noContent());
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(linkTo(/@grace/)).not.toBeInTheDocument();
    expect(rows()).toHaveLength(4);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // A dismissal does not read the list again.
    expect(requests()).toEqual([`GET ${WIDGET_URL}`, `POST ${FEEDBACK_PATH}`]);
  });

  it('sends no score with a dismissal, whatever the kind', async () => {
    const user = userEvent.setup();
    const { feedbackBodies } = renderWidget();
    await screen.findByRole('list', { name: 'AI Recommendations' });
    await user.click(screen.getByRole('button', { name: `Dismiss ${LONG_TITLE}` }));
    await user.click(screen.getByRole('button', { name: 'Dismiss Rustaceans' }));
    await waitFor(() => expect(feedbackBodies()).toHaveLength(2));
    expect(feedbackBodies()).toEqual([
      { action: 'dismiss', contentId: longPost.contentId, contentType: 'post' },
      { action: 'dismiss', contentId: rust.contentId, contentType: 'community' },
    ]);
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('@grace'),
      expect.stringContaining('@linus'),
      expect.stringContaining('Hello, Wave!'),
    ]);
  });

  it('brings a dismissed item back, in its place, with the server message when it refuses', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    renderWidget({ feedback: () => answer.promise });
    await screen.findByRole('list', { name: 'AI Recommendations' });

    await user.click(screen.getByRole('button', { name: 'Dismiss Rustaceans' }));
    expect(linkTo(/Rustaceans/)).not.toBeInTheDocument();

    answer.resolve(json(500, { message: 'Feedback store unavailable' }));

    expect(await screen.findByText('Feedback store unavailable')).toBeVisible();
    expect(rows()).toHaveLength(5);
    expect(rows()[2]).toHaveTextContent('Community: Rustaceans');
  });

  it('brings a dismissed item back with the fallback message when the server says nothing', async () => {
    const user = userEvent.setup();
    renderWidget({ feedback: () => new Response(null, { status: 502 }) });
    await screen.findByRole('list', { name: 'AI Recommendations' });

    await user.click(screen.getByRole('button', { name: 'Dismiss @linus' }));

    expect(
      await screen.findByText('Could not dismiss the recommendation. Please try again.'),
    ).toBeVisible();
    expect(linkTo(/@linus/)).toBeVisible();
    expect(rows()).toHaveLength(5);
  });

  it('brings back the first of two quick dismissals when only it is refused', async () => {
    const user = userEvent.setup();
    const first = deferred<Response>();
    const second = deferred<Response>();
    const { feedbackBodies } = renderWidget({
      feedback: (call) =>
        (call.body as { contentId: string }).contentId === grace.contentId
          ? first.promise
          : second.promise,
    });
    await screen.findByRole('list', { name: 'AI Recommendations' });

    await user.click(screen.getByRole('button', { name: 'Dismiss @grace' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss @linus' }));
    expect(rows()).toHaveLength(3);
    expect(feedbackBodies()).toHaveLength(2);

    second.resolve(noContent());
    first.resolve(json(500, { message: 'Feedback store unavailable' }));

    expect(await screen.findByText('Feedback store unavailable')).toBeVisible();
    expect(linkTo(/@grace/)).toBeVisible();
    expect(linkTo(/@linus/)).not.toBeInTheDocument();
    expect(rows()).toHaveLength(4);
  });

  it('brings a refused dismissal back even when another item was chosen meanwhile', async () => {
    const user = userEvent.setup();
    const refusal = deferred<Response>();
    const { feedbackBodies } = renderWidget({
      feedback: (call) =>
        (call.body as { action: string }).action === 'dismiss' ? refusal.promise : noContent(),
    });
    await screen.findByRole('list', { name: 'AI Recommendations' });

    await user.click(screen.getByRole('button', { name: 'Dismiss @grace' }));
    await user.click(screen.getByRole('link', { name: /Rustaceans/ }));
    await waitFor(() => expect(feedbackBodies()).toHaveLength(2));
    expect(feedbackBodies()[1]).toMatchObject({ action: 'click', contentId: rust.contentId });

    refusal.resolve(json(500, { message: 'Feedback store unavailable' }));

    expect(await screen.findByText('Feedback store unavailable')).toBeVisible();
    expect(linkTo(/@grace/)).toBeVisible();
    expect(rows()).toHaveLength(5);
  });

  it('says there are none left once every item is dismissed', async () => {
    const user = userEvent.setup();
    renderWidget({ list: () => json(200, [grace, shortPost]) });
    await screen.findByRole('list', { name: 'AI Recommendations' });
    await user.click(screen.getByRole('button', { name: 'Dismiss @grace' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss Hello, Wave!' }));
    expect(
      screen.getByText(
        'No recommendations yet. Follow people, like posts and join communities to get some.',
      ),
    ).toBeVisible();
  });

  it.each<[string, Recommendation, RegExp, string]>([
    ['a person', grace, /@grace/, '/profile/grace'],
    ['a post', longPost, /Type systems/, `/tweet/${longPost.contentId}`],
    ['a community', rust, /Rustaceans/, `/community/${rust.contentId}`],
  ])(
    'sends click feedback with the score and opens %s when chosen',
    async (_, chosen, name, href) => {
      const user = userEvent.setup();
      const { requests, feedbackBodies } = renderWidget();
      await screen.findByRole('list', { name: 'AI Recommendations' });
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);

      await user.click(screen.getByRole('link', { name }));

      expect(screen.getByTestId('location')).toHaveTextContent(href);
      await waitFor(() => expect(feedbackBodies()).toHaveLength(1));
      expect(feedbackBodies()).toEqual([
        {
          action: 'click',
          contentId: chosen.contentId,
          contentType: chosen.contentType,
          score: chosen.score,
        },
      ]);
      expect(requests()).toEqual([`GET ${WIDGET_URL}`, `POST ${FEEDBACK_PATH}`]);
      // Choosing is not dismissing: the item stays.
      expect(rows()).toHaveLength(5);
    },
  );

  it('shows no toast when click feedback fails (the item is opened anyway)', async () => {
    const user = userEvent.setup();
    const { feedbackBodies, queryClient } = renderWidget({
      feedback: () => json(500, { message: 'Feedback store unavailable' }),
    });
    await screen.findByRole('list', { name: 'AI Recommendations' });
    await user.click(screen.getByRole('link', { name: /@grace/ }));
    await waitFor(() => expect(feedbackBodies()).toHaveLength(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/grace');
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(screen.queryByText('Feedback store unavailable')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(5);
  });

  it('asks again with Get More Recommendations and shows the new list', async () => {
    const user = userEvent.setup();
    const fresh = [
      makePerson('ada2', 'Ada Two'),
      makeRecommendation({ content: 'A brand new post' }),
    ];
    const second = deferred<Response>();
    let asked = 0;
    const { requests } = renderWidget({
      list: () => {
        asked += 1;
        return asked === 1 ? json(200, FIVE) : second.promise;
      },
    });
    await screen.findByRole('list', { name: 'AI Recommendations' });

    await user.click(getMore());

    // The old list stays, marked busy, and Get More cannot be pressed twice.
    expect(list()).toHaveAttribute('aria-busy', 'true');
    expect(rows()).toHaveLength(5);
    expect(getMore()).toBeDisabled();
    expect(requests()).toEqual([`GET ${WIDGET_URL}`, `GET ${WIDGET_URL}`]);

    second.resolve(json(200, fresh));
    expect(await screen.findByRole('link', { name: /@ada2/ })).toBeVisible();
    expect(rows()).toHaveLength(2);
    expect(linkTo(/@grace/)).not.toBeInTheDocument();
    expect(list()).toHaveAttribute('aria-busy', 'false');
    expect(getMore()).toBeEnabled();
    expect(requests()).toEqual([`GET ${WIDGET_URL}`, `GET ${WIDGET_URL}`]);
  });

  it('keeps a dismissed item hidden if Get More brings it again', async () => {
    const user = userEvent.setup();
    const { requests } = renderWidget();
    await screen.findByRole('list', { name: 'AI Recommendations' });
    await user.click(screen.getByRole('button', { name: 'Dismiss @grace' }));
    await user.click(getMore());
    await waitFor(() => expect(requests().filter((r) => r.startsWith('GET'))).toHaveLength(2));
    await waitFor(() => expect(getMore()).toBeEnabled());
    expect(linkTo(/@grace/)).not.toBeInTheDocument();
    expect(rows()).toHaveLength(4);
  });
});
