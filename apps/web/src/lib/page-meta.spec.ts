import {
  communityPostPageTitle,
  PAGE_META_ATTRIBUTE,
  postPageTitle,
  profilePageTitle,
  releaseServerPageMeta,
  removeServerJsonLd,
} from './page-meta';
import { SITE_DESCRIPTION, SITE_NAME } from './structured-data';

/** A head as the web server renders it for a post (apps/web/server/page-meta). */
const SERVER_HEAD = `
  <meta charset="UTF-8" />
  <meta name="description" content="Hello" data-page-meta="description" />
  <title data-page-meta="title">Ada on Wave: "Hello"</title>
  <link rel="canonical" href="https://wave.example/tweet/1" data-page-meta />
  <meta property="og:title" content="Ada on Wave" data-page-meta />
  <meta name="twitter:card" content="summary" data-page-meta />
  <script type="application/ld+json" data-page-meta>{"@type":"SocialMediaPosting"}</script>
  <link rel="manifest" href="/manifest.webmanifest" />`;

describe('the page titles', () => {
  const author = { displayName: 'Ada Lovelace', username: 'ada' };

  it("put a post's author and its headline (cut at 110 characters) in the title", () => {
    expect(postPageTitle({ content: 'Hello,\n  Wave!', author })).toBe(
      'Ada Lovelace on Wave: "Hello, Wave!"',
    );
    expect(postPageTitle({ content: 'x'.repeat(200), author })).toBe(
      `Ada Lovelace on Wave: "${'x'.repeat(110)}..."`,
    );
    expect(postPageTitle({ content: '  ', author })).toBe('Post by Ada Lovelace · Wave');
  });

  it('name a profile by its person', () => {
    expect(profilePageTitle(author)).toBe('Ada Lovelace (@ada) · Wave');
  });

  it("put a community post's author (by username when unnamed) and its headline in the title", () => {
    expect(communityPostPageTitle({ content: 'Welcome,\n everyone', author })).toBe(
      'Ada Lovelace on Wave: "Welcome, everyone"',
    );
    expect(
      communityPostPageTitle({ content: 'Hi', author: { displayName: '', username: 'ada' } }),
    ).toBe('ada on Wave: "Hi"');
    expect(communityPostPageTitle({ content: ' ', author })).toBe('Post by Ada Lovelace · Wave');
  });
});

describe(releaseServerPageMeta.name, () => {
  beforeEach(() => {
    document.head.innerHTML = SERVER_HEAD;
  });

  it("gives the head back the site's title and description and drops every other tag", () => {
    releaseServerPageMeta();

    expect(document.title).toBe(SITE_NAME);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      SITE_DESCRIPTION,
    );
    expect(document.head.querySelectorAll(`[${PAGE_META_ATTRIBUTE}]`)).toHaveLength(0);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
    expect(document.head.querySelector('link[rel="manifest"]')).not.toBeNull();
  });

  it('leaves a title the page set afterwards alone, the second time too', () => {
    releaseServerPageMeta();
    document.title = 'Explore · Wave';
    releaseServerPageMeta();
    expect(document.title).toBe('Explore · Wave');
  });
});

describe(removeServerJsonLd.name, () => {
  it("drops the server's JSON-LD only", () => {
    document.head.innerHTML = `${SERVER_HEAD}<script type="application/ld+json">{}</script>`;
    removeServerJsonLd();
    const left = document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(left).toHaveLength(1);
    expect(left[0]!.hasAttribute(PAGE_META_ATTRIBUTE)).toBe(false);
    expect(document.head.querySelector('link[rel="canonical"]')).not.toBeNull();
  });
});
