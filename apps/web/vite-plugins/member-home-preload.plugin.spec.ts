import type { IndexHtmlTransformContext } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_HINT_COOKIE, MEMBER_HOME_READS } from '../src/app/member-home';
import {
  homePageFiles,
  memberHomePreloadScript,
  staticClosure,
} from './member-home-preload.plugin';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = NonNullable<IndexHtmlTransformContext['chunk']>;

const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) =>
  ({ type: 'chunk', fileName, imports, facadeModuleId }) as unknown as OutputChunk;

/** An entry with its shared chunk, and the home page's chunk sharing one of them. */
const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js'], '/app/src/main.tsx'),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/home-page.js': chunk(
    'assets/home-page.js',
    ['assets/tweet-list.js', 'assets/react.js'],
    '/app/src/features/tweets/components/home-page.tsx',
  ),
  'assets/tweet-list.js': chunk('assets/tweet-list.js', ['assets/format.js']),
  'assets/format.js': chunk('assets/format.js', []),
  'assets/explore.js': chunk(
    'assets/explore.js',
    ['assets/react.js'],
    '/app/src/features/search/components/explore-page.tsx',
  ),
} as unknown as OutputBundle;

describe('member home preload', () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel=modulepreload]').forEach((link) => link.remove());
    document.cookie = `${MEMBER_HINT_COOKIE}=; Max-Age=0; Path=/`;
    window.history.replaceState(null, '', '/');
    delete window.__waveEarlyReads;
    vi.unstubAllGlobals();
  });

  it('follows static imports in depth', () => {
    expect([...staticClosure(bundle, 'assets/home-page.js')]).toEqual([
      'assets/home-page.js',
      'assets/tweet-list.js',
      'assets/format.js',
      'assets/react.js',
    ]);
  });

  it("names the home page's files that the entry does not bring", () => {
    expect(homePageFiles(bundle, 'assets/index.js')).toEqual([
      'assets/home-page.js',
      'assets/tweet-list.js',
      'assets/format.js',
    ]);
    const withoutHome = { ...bundle };
    delete withoutHome['assets/home-page.js'];
    expect(homePageFiles(withoutHome, 'assets/index.js')).toEqual([]);
  });

  // The script as index.html carries it, run against the test's globals (jsdom runs a script
  // element against a window of its own, without fetch).
  const run = () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- index.html's own script text
    new Function(
      memberHomePreloadScript(['assets/home-page.js'], MEMBER_HINT_COOKIE, MEMBER_HOME_READS),
    )();
  };
  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => [
      link.getAttribute('href'),
      link.crossOrigin,
    ]);

  const stubFetch = (
    fetchMock = vi.fn((path: string, init?: RequestInit) => {
      void init;
      return Promise.resolve(new Response(JSON.stringify({ path }), { status: 200 }));
    }),
  ) => {
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it("asks for them on a returning member's home page, as the entry asks for its own", () => {
    stubFetch();
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    run();
    expect(preloads()).toEqual([['/assets/home-page.js', '']]);
  });

  it('keeps a file name inside its attribute, whatever it holds', () => {
    stubFetch();
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- index.html's own script text
    new Function(memberHomePreloadScript(['assets/a"><b>&.js'], MEMBER_HINT_COOKIE, []))();
    expect(preloads()).toEqual([['/assets/a"><b>&.js', '']]);
    expect(document.head.querySelector('b')).toBeNull();
    // No markup in the script's own text, so no file name can close the script element.
    expect(memberHomePreloadScript(['assets/</script>.js'], MEMBER_HINT_COOKIE, [])).not.toContain(
      '<',
    );
  });

  it("starts the home page's reads, with the reader's cookies, for the app to take over", async () => {
    const fetchMock = stubFetch();
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    run();
    expect(fetchMock.mock.calls).toEqual(
      MEMBER_HOME_READS.map((path) => [path, { credentials: 'include' }]),
    );
    const reads = window.__waveEarlyReads ?? {};
    expect(Object.keys(reads)).toEqual([...MEMBER_HOME_READS]);
    expect(await (await reads['/api/user'])?.json()).toEqual({ path: '/api/user' });
  });

  it('leaves a read that fails to whoever takes it, unreported until then', async () => {
    const rejected: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => rejected.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    stubFetch(vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    run();
    await expect(window.__waveEarlyReads?.['/api/user']).rejects.toThrow('Failed to fetch');
    await new Promise((resolve) => setTimeout(resolve, 0));
    window.removeEventListener('unhandledrejection', onRejection);
    expect(rejected).toEqual([]);
  });

  it('asks for nothing for a visitor, or on another page', () => {
    const fetchMock = stubFetch();
    run();
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    window.history.replaceState(null, '', '/explore');
    run();
    window.history.replaceState(null, '', '/');
    document.cookie = `${MEMBER_HINT_COOKIE}=; Max-Age=0; Path=/`;
    document.cookie = `not_${MEMBER_HINT_COOKIE}=1; Path=/`;
    run();
    document.cookie = `not_${MEMBER_HINT_COOKIE}=; Max-Age=0; Path=/`;
    expect(preloads()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__waveEarlyReads).toBeUndefined();
  });
});
