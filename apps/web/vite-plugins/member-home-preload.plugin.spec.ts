import type { IndexHtmlTransformContext } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { MEMBER_HINT_COOKIE } from '../src/app/warm-start';
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

  // The script as index.html carries it, run as the browser runs an inline script.
  const run = () => {
    const script = document.createElement('script');
    script.textContent = memberHomePreloadScript(['assets/home-page.js'], MEMBER_HINT_COOKIE);
    document.head.appendChild(script);
    script.remove();
  };
  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => [
      link.getAttribute('href'),
      link.crossOrigin,
    ]);

  it("asks for them on a returning member's home page, as the entry asks for its own", () => {
    document.cookie = `${MEMBER_HINT_COOKIE}=1; Path=/`;
    run();
    expect(preloads()).toEqual([['/assets/home-page.js', '']]);
  });

  it('asks for nothing for a visitor, or on another page', () => {
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
  });
});
