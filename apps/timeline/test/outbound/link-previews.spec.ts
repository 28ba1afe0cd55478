import { LinkPreviewsController } from '../../src/link-previews/link-previews.controller';
import { linkPreviewCacheKey } from '../../src/link-previews/link-preview-cache.repository';
import { OutboundHarness } from './outbound-harness';
import {
  neverAnswer,
  redirectTo,
  sendHtml,
  streamBytes,
  TestOriginServer,
} from './test-origin-server';

const OG_PAGE = `<!doctype html>
<html><head>
  <title>Fallback title</title>
  <meta property="og:title" content="Waves &amp; tides">
  <meta property="og:description" content="All about the sea">
  <meta property="og:image" content="/images/wave.png">
  <meta property="og:site_name" content="Sea News">
</head><body><p>Body</p></body></html>`;

describe(LinkPreviewsController.name, () => {
  const origin = new TestOriginServer();
  const harness = new OutboundHarness();

  beforeAll(async () => {
    await origin.start();
    origin
      .route('/article', sendHtml(OG_PAGE))
      .route('/cached', sendHtml('<head><title>Cached once</title></head>'))
      .route('/short', redirectTo('/short-2'))
      .route('/short-2', redirectTo('/article'))
      .route('/loop-1', redirectTo('/loop-2'))
      .route('/loop-2', redirectTo('/loop-3'))
      .route('/loop-3', redirectTo('/loop-4'))
      .route('/loop-4', redirectTo('/article'))
      .route('/to-metadata', redirectTo('http://169.254.169.254/latest/meta-data/'))
      .route('/huge-head', (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(`<html><head><title>Huge</title><!-- ${'x'.repeat(1100 * 1024)} --></head>`);
      })
      .route('/huge-body', (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(
          `<html><head><title>Small head</title></head><body>${'x'.repeat(3 * 1024 * 1024)}`,
        );
      })
      .route('/data.json', sendHtml('{"title":"json"}', 'application/json'))
      .route('/never', neverAnswer)
      .route('/binary', streamBytes(1024, 'application/octet-stream'));
    await harness.start('link-previews', {
      allowlist: [origin.hostPort],
      connectTimeoutMs: 500,
      totalTimeoutMs: 1000,
    });
  });

  afterAll(async () => {
    await harness.stop();
    await origin.stop();
  });

  it('answers with the preview the server read from the page', async () => {
    const response = await harness.preview(origin.url('/article'));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: origin.url('/article'),
      title: 'Waves & tides',
      description: 'All about the sea',
      image: origin.url('/images/wave.png'),
      siteName: 'Sea News',
    });
  });

  it('caches a preview for 24 h, keyed by the hash of the normalised URL', async () => {
    const first = await harness.preview(origin.url('/cached'));
    const second = await harness.preview(`${origin.url('/cached')}#fragment`);

    expect(await second.json()).toEqual(await first.json());
    expect(origin.hits.get('/cached')).toBe(1);
    const ttl = await harness.redis.ttl(linkPreviewCacheKey(origin.url('/cached')));
    expect(ttl).toBeGreaterThan(24 * 60 * 60 - 60);
    expect(ttl).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it('follows a chain of two redirects and reports the final URL', async () => {
    const response = await harness.preview(origin.url('/short'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      url: origin.url('/article'),
      title: 'Waves & tides',
    });
  });

  it('reads a large page whose head is small, stopping at </head>', async () => {
    const response = await harness.preview(origin.url('/huge-body'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title: 'Small head' });
  });

  it.each([
    ['four redirects', '/loop-1', 422, 'The link redirects too many times'],
    [
      'a redirect to the metadata address',
      '/to-metadata',
      403,
      'The link points to an address that cannot be fetched',
    ],
    ['more than 1 MB before </head>', '/huge-head', 422, 'The linked content is too large'],
    ['JSON', '/data.json', 422, 'The linked content is not of a supported type'],
    ['binary content', '/binary', 422, 'The linked content is not of a supported type'],
    ['a page that never answers', '/never', 422, 'The link took too long to respond'],
    ['a missing page', '/nope', 422, 'The link could not be fetched'],
  ])('refuses %s with a 4xx { message }', async (_label, path, status, message) => {
    const response = await harness.preview(origin.url(path));
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
  });

  it('remembers a failure for 10 minutes and answers it the same way without fetching', async () => {
    const url = origin.url('/data.json');
    const hits = origin.hits.get('/data.json');

    const again = await harness.preview(url);

    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({
      message: 'The linked content is not of a supported type',
    });
    expect(origin.hits.get('/data.json')).toBe(hits);
    const ttl = await harness.redis.ttl(linkPreviewCacheKey(url));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10 * 60);
  });

  it.each([
    ['localhost', () => `http://localhost:${origin.port}/article`, 403],
    ['loopback in hex (port 80, not allowlisted)', () => 'http://0x7f000001/article', 403],
    ['another local port', () => 'http://127.0.0.1:1/', 403],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/', 403],
  ])('refuses %s', async (_label, url, status) => {
    const response = await harness.preview(url());
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({
      message: 'The link points to an address that cannot be fetched',
    });
  });

  it.each([
    [undefined, 'url must be text'],
    ['ftp://example.com/', 'url must be an http or https URL'],
    ['javascript:alert(1)', 'url must be an http or https URL'],
    [`https://example.com/${'a'.repeat(2100)}`, 'url must be at most 2048 characters'],
  ])('validates the body: %p', async (url, message) => {
    const response = await harness.preview(url);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it('refuses credentials in the URL', async () => {
    const response = await harness.preview(`http://user:pw@${origin.hostPort}/article`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The link must be an http or https URL without a user name or password',
    });
  });
});
