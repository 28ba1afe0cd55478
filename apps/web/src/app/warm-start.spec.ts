import { QueryClient } from '@tanstack/react-query';
import { userKeys } from '../features/auth/api/current-user';
import { feedPath } from '../features/tweets/api/get-feed';
import { api } from '../lib/api-client';
import { takeWarmRead } from '../lib/warm-reads';
import { MEMBER_HOME_READS } from './member-home';
import { MEMBER_HINT_COOKIE } from './member-home';
import { readMemberHint, rememberMember, warmStart } from './warm-start';

const clearHint = () => {
  document.cookie = `${MEMBER_HINT_COOKIE}=; Path=/; Max-Age=0`;
};

describe('the member hint', () => {
  beforeEach(clearHint);
  afterEach(clearHint);

  it('is set when the reader is a member and cleared when they sign out', () => {
    const queryClient = new QueryClient();
    const stop = rememberMember(queryClient);
    expect(readMemberHint()).toBe(false);

    queryClient.setQueryData(userKeys.current, { id: 'u1', username: 'ada' });
    expect(readMemberHint()).toBe(true);
    expect(document.cookie).toContain(`${MEMBER_HINT_COOKIE}=1`);

    queryClient.setQueryData(userKeys.current, null);
    expect(readMemberHint()).toBe(false);
    stop();
  });

  it('is not touched by other reads', () => {
    const queryClient = new QueryClient();
    const stop = rememberMember(queryClient);
    queryClient.setQueryData(['/api/trends'], [{ hashtag: 'ai' }]);
    expect(readMemberHint()).toBe(false);
    stop();
  });
});

describe('warmStart', () => {
  let fetchMock: ReturnType<typeof vi.fn<(url: string) => Promise<Response>>>;
  beforeEach(() => {
    clearHint();
    fetchMock = vi.fn(() => Promise.resolve(new Response('null', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearHint();
    // Nothing read ahead is left for the next test.
    void takeWarmRead(userKeys.current[0]);
    void takeWarmRead(feedPath());
  });

  const requested = () => fetchMock.mock.calls.map(([url]) => url);

  it("starts a member's reads of the home page together", () => {
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    const preloadHomePage = vi.fn(() => Promise.resolve());
    warmStart('/', preloadHomePage);
    expect(requested()).toEqual(expect.arrayContaining(['/api/user', '/api/tweets?limit=20']));
    expect(preloadHomePage).toHaveBeenCalledTimes(1);
    expect(takeWarmRead(userKeys.current[0])).toBeDefined();
    expect(takeWarmRead(feedPath())).toBeDefined();
  });

  it("asks for the first posts' images as soon as the feed is here", async () => {
    const page = {
      items: [{ id: 'p1', imageUrls: ['/objects/uploads/first'], imageUrl: null }],
      nextCursor: null,
    };
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        new Response(url.startsWith('/api/tweets') ? JSON.stringify(page) : 'null', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    warmStart('/', () => Promise.resolve());
    await vi.waitFor(() =>
      expect(document.head.querySelector('link[rel=preload][as=image]')?.getAttribute('href')).toBe(
        '/objects/uploads/first/display',
      ),
    );
    document.head.querySelectorAll('link[rel=preload]').forEach((link) => link.remove());
  });

  it("names, for index.html's inline script, the reads the home page makes", () => {
    expect(MEMBER_HOME_READS).toEqual([userKeys.current[0], feedPath()]);
  });

  it('takes over the reads the inline script started instead of asking again', async () => {
    const early = (body: unknown, status = 200) =>
      Promise.resolve(new Response(JSON.stringify(body), { status }));
    window.__waveEarlyReads = {
      [userKeys.current[0]]: early({ id: 'u1', username: 'ada' }),
      [feedPath()]: early({ message: 'Feed unavailable' }, 503),
    };
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    warmStart('/', () => Promise.resolve());
    expect(fetchMock).not.toHaveBeenCalled();
    // Each is taken once, and answers as any call does (JSON, or an ApiError).
    expect(window.__waveEarlyReads).toEqual({});
    await expect(api.get(userKeys.current[0])).resolves.toEqual({ id: 'u1', username: 'ada' });
    await expect(api.get(feedPath())).rejects.toMatchObject({
      status: 503,
      serverMessage: 'Feed unavailable',
    });
    delete window.__waveEarlyReads;
  });

  it('reads nothing ahead for a visitor or on another page', () => {
    const preloadHomePage = vi.fn(() => Promise.resolve());
    warmStart('/', preloadHomePage);
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    warmStart('/explore', preloadHomePage);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(preloadHomePage).not.toHaveBeenCalled();
  });
});
