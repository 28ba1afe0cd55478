import { readContent } from './read-content.util';

/** An article page: 3 headings, 4 images (2 with alt text), 3 links that lead somewhere. */
const ARTICLE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
  <title>Not part of the text</title>
  <meta name="description" content="Not part of the text either">
  <style>p { color: red }</style>
</head>
<body>
  <h1>Tide pools</h1>
  <p>Tide pools form on rocky shores. <a href="/shores">Read more</a>.</p>
  <img src="pool.jpg" alt="A tide pool at low tide">
  <img src="crab.jpg">
  <h2>Life in the pools</h2>
  <p>Crabs, snails &amp; anemones live there.<br>They wait for the sea.</p>
  <img src="snail.jpg" alt="">
  <img src="anemone.jpg" ALT="An anemone">
  <h3>Visiting</h3>
  <ul><li>Go at low tide</li><li>Watch <a href="https://example.com/waves">the waves</a></li></ul>
  <a href="">empty</a> <a href="javascript:void(0)">script</a> <a href="#top">top</a>
  <script>document.write('not text')</script>
</body>
</html>`;

describe(readContent.name, () => {
  it('reads the text, headings, images and links of an HTML page', () => {
    const sut = readContent(ARTICLE_HTML);

    expect(sut.format).toBe('html');
    expect(sut.blocks).toEqual([
      { kind: 'heading', text: 'Tide pools' },
      { kind: 'text', text: 'Tide pools form on rocky shores. Read more.' },
      { kind: 'heading', text: 'Life in the pools' },
      { kind: 'text', text: 'Crabs, snails & anemones live there.\nThey wait for the sea.' },
      { kind: 'heading', text: 'Visiting' },
      { kind: 'text', text: 'Go at low tide' },
      { kind: 'text', text: 'Watch the waves' },
      { kind: 'text', text: 'empty script top' },
    ]);
    expect(sut.imageAlts).toEqual(['A tide pool at low tide', null, null, 'An anemone']);
    expect(sut.linkCount).toBe(3);
  });

  it('reads Markdown through its HTML: headings, images with and without alt text, links', () => {
    const sut = readContent(
      [
        '# Tide pools',
        '',
        'Tide pools form on **rocky** shores. [Read more](/shores).',
        '',
        '![A tide pool](pool.jpg) ![](crab.jpg)',
        '',
        '## Life in the pools',
        '',
        '- Crabs and snails',
        '- Anemones, see https://example.com/anemones',
        '',
        '```',
        'const pool = "code";',
        '```',
        '',
        '<img src="snail.jpg" alt="A snail">',
      ].join('\n'),
    );

    expect(sut.format).toBe('markdown');
    expect(sut.blocks).toEqual([
      { kind: 'heading', text: 'Tide pools' },
      { kind: 'text', text: 'Tide pools form on rocky shores. Read more.' },
      { kind: 'heading', text: 'Life in the pools' },
      { kind: 'text', text: 'Crabs and snails' },
      { kind: 'text', text: 'Anemones, see https://example.com/anemones' },
      { kind: 'code', text: 'const pool = "code";' },
    ]);
    expect(sut.imageAlts).toEqual(['A tide pool', null, 'A snail']);
    expect(sut.linkCount).toBe(2);
  });

  it('reads plain text as paragraphs and lines, with bare URLs as links and nothing else', () => {
    const sut = readContent(
      'First line of a post\nsecond line, see https://example.com\n\nA new paragraph with 5*3*2 and _under_score_.',
    );

    expect(sut.format).toBe('text');
    expect(sut.blocks).toEqual([
      { kind: 'text', text: 'First line of a post\nsecond line, see https://example.com' },
      { kind: 'text', text: 'A new paragraph with 5*3*2 and _under_score_.' },
    ]);
    expect(sut.linkCount).toBe(1);
    expect(sut.imageAlts).toEqual([]);
  });

  describe('hostile HTML', () => {
    it('skips scripts, styles and other hidden content, and runs nothing', () => {
      const sut = readContent(
        '<p>Visible</p><script>globalThis.ran = true; "<p>in script</p>"</script><style>p{}</style>' +
          '<noscript><img src="x.png"></noscript><template><p>later</p></template><svg><text>svg</text></svg>' +
          '<img src="x" onerror="globalThis.ran = true">',
      );

      expect(sut.blocks).toEqual([{ kind: 'text', text: 'Visible' }]);
      expect(sut.imageAlts).toEqual([null]);
      expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
    });

    it('keeps escaped markup as the text it is, with entities decoded', () => {
      const sut = readContent(
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &#x1F30A;</p>',
      );

      expect(sut.blocks).toEqual([
        { kind: 'text', text: '<script>alert(1)</script> & "quotes" 🌊' },
      ]);
    });

    it('keeps the text of unclosed and misnested elements', () => {
      const sut = readContent('<div><p>One <b>two <i>three</b> four<h2>Five<p>six</h2><li>seven');

      expect(sut.blocks).toEqual([
        { kind: 'text', text: 'One two three four' },
        { kind: 'heading', text: 'Five' },
        { kind: 'heading', text: 'six' }, // a paragraph inside an open heading, as browsers nest it
        { kind: 'text', text: 'seven' },
      ]);
    });

    it('reads the page text of a head left open', () => {
      const sut = readContent('<html><head><title>T</title><p>Body text</p>');

      expect(sut.blocks).toEqual([{ kind: 'text', text: 'Body text' }]);
    });

    it('reads no text after an unclosed script, as a browser shows none', () => {
      const sut = readContent('<p>Before</p><script>var s = "<p>after</p>";');

      expect(sut.blocks).toEqual([{ kind: 'text', text: 'Before' }]);
    });
  });
});
