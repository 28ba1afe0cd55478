import { parsePageSnapshot, readPage } from './page-snapshot.parser';
import { publicPageKindOf } from './public-page.util';

const AUTHOR = '0190a1b2-1111-7000-8000-000000000001';

describe(parsePageSnapshot.name, () => {
  it('reads the title, description, canonical link and JSON-LD, entities decoded', () => {
    const snapshot = parsePageSnapshot(
      `<html><head><title data-page-meta>Ada &amp; &quot;Bob&quot;  on
       Wave</title><meta name="Description" content="A &lt;b&gt; post" />
       <link rel="canonical" href="https://wave.test/tweet/1" />
       <script type="application/ld+json">{"@type":"SocialMediaPosting","articleBody":"x"}</script>
       <script type="application/ld+json">{broken</script>
       <title>A second title is not the page's</title></head></html>`,
    );
    expect(snapshot).toEqual({
      title: 'Ada & "Bob" on Wave',
      description: 'A <b> post',
      canonical: 'https://wave.test/tweet/1',
      noIndex: false,
      jsonLd: [{ '@type': 'SocialMediaPosting', articleBody: 'x' }],
    });
  });

  it.each([
    ['<meta name="robots" content="noindex" />', true],
    ['<meta name="Robots" content="nofollow, NOINDEX" />', true],
    ['<meta name="googlebot" content="none" />', true],
    ['<meta name="robots" content="index, follow" />', false],
    ['<meta name="robots" content="noindexing" />', false],
    ['<meta name="description" content="noindex" />', false],
  ])('reads %s as noindex: %p', (tag, noIndex) => {
    expect(parsePageSnapshot(`<head><title>T</title>${tag}</head>`).noIndex).toBe(noIndex);
  });

  it('keeps a script in a post as text: nothing is run, and the JSON stays data', () => {
    const snapshot = parsePageSnapshot(
      `<title>"&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>` +
        `<script type="application/ld+json">{"articleBody":"\\u003c/script\\u003e"}</script>`,
    );
    expect(snapshot.title).toBe('"><script>alert(1)</script>');
    expect(snapshot.jsonLd).toEqual([{ articleBody: '</script>' }]);
  });
});

describe(readPage.name, () => {
  const snapshot = (jsonLd: unknown[]) => ({
    title: 'T',
    description: 'D',
    canonical: `https://wave.test/profile/${AUTHOR}`,
    noIndex: false,
    jsonLd,
  });

  it("takes a post's text and author from its SocialMediaPosting", () => {
    expect(
      readPage(
        'post',
        snapshot([
          {
            '@type': 'SocialMediaPosting',
            articleBody: 'Hello',
            author: { '@type': 'Person', identifier: AUTHOR.toUpperCase() },
          },
        ]),
        '/tweet/x',
      ),
    ).toEqual({
      ownerId: AUTHOR,
      title: 'T',
      description: 'D',
      content: 'Hello',
      url: `/profile/${AUTHOR}`,
    });
  });

  it("takes a profile's bio and member from its ProfilePage, and no owner that is not an id", () => {
    const profile = (identifier: unknown) =>
      readPage(
        'profile',
        snapshot([{ '@type': 'ProfilePage', mainEntity: { identifier, description: 'Engineer' } }]),
        '/profile/ada',
      );
    expect(profile(AUTHOR)).toMatchObject({ ownerId: AUTHOR, content: 'Engineer' });
    expect(profile('ada').ownerId).toBeNull();
    expect(profile(42).ownerId).toBeNull();
  });

  it('gives a community no owner, its description as text, and the viewed path without a canonical', () => {
    expect(
      readPage(
        'community',
        { title: 'C', description: 'About', canonical: null, noIndex: false, jsonLd: [] },
        '/community/1',
      ),
    ).toEqual({
      ownerId: null,
      title: 'C',
      description: 'About',
      content: 'About',
      url: '/community/1',
    });
  });
});

describe(publicPageKindOf.name, () => {
  it.each([
    [`/tweet/${AUTHOR}`, 'post'],
    ['/profile/ada_lovelace', 'profile'],
    [`/community/${AUTHOR}`, 'community'],
    ['/tweet/not-an-id', null],
    [`/community/${AUTHOR}/post/${AUTHOR}`, null],
    ['/profile/ada/extra', null],
    ['/explore', null],
    ['/', null],
  ])('%s is a %p page', (path, kind) => {
    expect(publicPageKindOf(path)).toBe(kind);
  });
});
