import { detectContentFormat } from './content-format.util';

describe(detectContentFormat.name, () => {
  it.each([
    ['<!DOCTYPE html><html><body><p>Hi</p></body></html>', 'html'],
    ['  <p>A fragment</p><p>of a page</p>', 'html'],
    ['<!-- a comment --><div>text</div>', 'html'],
    ['<H2 class="x">Upper case</H2>', 'html'],
  ])('reads %p as HTML', (content, format) => {
    expect(detectContentFormat(content)).toBe(format);
  });

  it.each([
    '# A heading\n\nText.',
    'Title\n=====\n\nText.',
    'Some items:\n\n- one\n- two',
    '1. first\n2. second',
    '> a quote',
    '```\ncode\n```',
    'See [the docs](https://example.com).',
    '![a cat](cat.png)',
    'This is **important**.',
    'Run `npm start`.',
    'Text with <strong>inline HTML</strong> in it.',
  ])('reads %p as Markdown', (content) => {
    expect(detectContentFormat(content)).toBe('markdown');
  });

  it.each([
    'Just a post about #wave with a link https://example.com and an @mention.',
    '5 * 3 * 2 = 30, and a < b > c is not markup.',
    '#hashtag at the start is not a heading',
    'Line one\nLine two\n\nA second paragraph.',
    '',
  ])('reads %p as plain text', (content) => {
    expect(detectContentFormat(content)).toBe('text');
  });
});
