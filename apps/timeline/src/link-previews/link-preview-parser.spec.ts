import { LinkPreviewParser, parseLinkPreview } from './link-preview-parser';

const PAGE = 'https://news.example.com/articles/42?ref=home';

const page = (head: string, body = '<p>Hello</p>'): string =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe(parseLinkPreview.name, () => {
  it('prefers Open Graph over Twitter cards over <title> and meta description', () => {
    const html = page(`
      <title>Plain title</title>
      <meta name="description" content="Plain description">
      <meta name="twitter:title" content="Twitter title">
      <meta name="twitter:description" content="Twitter description">
      <meta name="twitter:image" content="https://cdn.example.com/twitter.png">
      <meta property="og:title" content="OG title">
      <meta property="og:description" content="OG description">
      <meta property="og:image" content="https://cdn.example.com/og.png">
      <meta property="og:site_name" content="Example News">
    `);
    expect(parseLinkPreview(html, PAGE)).toEqual({
      url: PAGE,
      title: 'OG title',
      description: 'OG description',
      image: 'https://cdn.example.com/og.png',
      siteName: 'Example News',
    });
  });

  it('falls back to Twitter cards, then to <title> and meta description, then to the hostname', () => {
    const twitter = page(`
      <title>Plain title</title>
      <meta name="description" content="Plain description">
      <meta name="twitter:title" content="Twitter title">
      <meta name="twitter:image:src" content="/img/t.jpg">
    `);
    expect(parseLinkPreview(twitter, PAGE)).toEqual({
      url: PAGE,
      title: 'Twitter title',
      description: 'Plain description',
      image: 'https://news.example.com/img/t.jpg',
      siteName: 'news.example.com',
    });
    const plain = page('<title>Plain title</title><meta name="description" content="Plain">');
    expect(parseLinkPreview(plain, PAGE)).toMatchObject({
      title: 'Plain title',
      description: 'Plain',
      image: null,
    });
  });

  it('is all nulls but the URL and site name for a page with nothing to read', () => {
    expect(parseLinkPreview('', PAGE)).toEqual({
      url: PAGE,
      title: null,
      description: null,
      image: null,
      siteName: 'news.example.com',
    });
  });

  it('decodes entities, collapses whitespace and ignores empty values', () => {
    const html = page(`
      <meta property="og:title" content="   ">
      <meta name="twitter:title" content="Tom &amp; Jerry &#8212; &quot;live&quot;">
      <meta property="og:description" content="Line one
        line two&nbsp;&lt;b&gt;">
      <title>  Ignored\n  title </title>
    `);
    expect(parseLinkPreview(html, PAGE)).toMatchObject({
      title: 'Tom & Jerry — "live"',
      description: 'Line one line two <b>',
    });
  });

  it('reads mixed-case tags and attributes, and property or name alike', () => {
    const html = `<HTML><HEAD><META PROPERTY="OG:TITLE" CONTENT="Shouting"><Meta Name="og:description" Content="Named"></HEAD></HTML>`;
    expect(parseLinkPreview(html, PAGE)).toMatchObject({
      title: 'Shouting',
      description: 'Named',
    });
  });

  it('keeps the first value of a repeated tag', () => {
    const html = page(
      '<meta property="og:image" content="/first.png"><meta property="og:image" content="/second.png">',
    );
    expect(parseLinkPreview(html, PAGE).image).toBe('https://news.example.com/first.png');
  });

  it('resolves a relative image against the page and keeps only http(s) images', () => {
    expect(
      parseLinkPreview(page('<meta property="og:image" content="../img/a.png">'), PAGE).image,
    ).toBe('https://news.example.com/img/a.png');
    expect(
      parseLinkPreview(page('<meta property="og:image" content="//cdn.example.net/b.png">'), PAGE)
        .image,
    ).toBe('https://cdn.example.net/b.png');
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'https://user:pw@cdn.example.com/x.png',
      `https://cdn.example.com/${'a'.repeat(2100)}.png`,
    ]) {
      expect(
        parseLinkPreview(page(`<meta property="og:image" content="${bad}">`), PAGE).image,
      ).toBe(null);
    }
  });

  it('falls through to the next image when the first is unusable', () => {
    const html = page(`
      <meta property="og:image" content="javascript:alert(1)">
      <meta name="twitter:image" content="https://cdn.example.com/t.png">
    `);
    expect(parseLinkPreview(html, PAGE).image).toBe('https://cdn.example.com/t.png');
  });

  it('caps lengths in code points without splitting an emoji', () => {
    const html = page(`
      <meta property="og:title" content="${'🌊'.repeat(400)}">
      <meta property="og:description" content="${'d'.repeat(5000)}">
      <meta property="og:site_name" content="${'s'.repeat(500)}">
    `);
    const sut = parseLinkPreview(html, PAGE);
    expect([...(sut.title ?? '')]).toHaveLength(300);
    expect(sut.title).toBe('🌊'.repeat(300));
    expect(sut.description).toHaveLength(1000);
    expect(sut.siteName).toHaveLength(200);
  });

  it('uses og:url only when it stays on the same host', () => {
    const same = page('<meta property="og:url" content="https://news.example.com/articles/42">');
    expect(parseLinkPreview(same, PAGE).url).toBe('https://news.example.com/articles/42');
    const other = page('<meta property="og:url" content="https://bank.example.org/login">');
    expect(parseLinkPreview(other, PAGE).url).toBe(PAGE);
    const script = page('<meta property="og:url" content="javascript:alert(1)">');
    expect(parseLinkPreview(script, PAGE).url).toBe(PAGE);
  });

  it('reads only the head: nothing in the body counts', () => {
    const html = page(
      '<title>Head title</title>',
      '<meta property="og:title" content="Body title"><svg><title>Icon</title></svg>',
    );
    expect(parseLinkPreview(html, PAGE).title).toBe('Head title');
    const noHead = `<html><body><meta property="og:title" content="Body title"></body></html>`;
    expect(parseLinkPreview(noHead, PAGE).title).toBeNull();
  });

  it('does not read tags inside scripts or comments', () => {
    const html = page(`
      <script>document.write('<meta property="og:title" content="Scripted">')</script>
      <!-- <meta property="og:title" content="Commented"> -->
      <title>Real</title>
    `);
    expect(parseLinkPreview(html, PAGE).title).toBe('Real');
  });
});

describe(LinkPreviewParser.name, () => {
  it('reads a page written in pieces, and is done at </head>', () => {
    const sut = new LinkPreviewParser();
    const html = page('<meta property="og:title" content="Split &amp; joined"><title>T</title>');
    for (const piece of html.match(/.{1,7}/gs) ?? []) {
      sut.write(piece);
      if (sut.done) break;
    }
    expect(sut.done).toBe(true);
    expect(sut.result(PAGE).title).toBe('Split & joined');
  });

  it('is not done while the head goes on', () => {
    const sut = new LinkPreviewParser();
    sut.write('<html><head><title>Still going</title>');
    expect(sut.done).toBe(false);
    expect(sut.result(PAGE).title).toBe('Still going');
  });
});
