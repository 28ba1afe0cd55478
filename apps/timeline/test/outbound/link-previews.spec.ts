import { freePort } from '@wave/testing';
import { LinkPreviewsController } from '../../src/link-previews/link-previews.controller';
import { LinkPreviewsService } from '../../src/link-previews/link-previews.service';
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

/** The one answer for every destination refused or failed, whatever the reason. */
const CANNOT_PREVIEW = { status: 422, body: { message: "This link can't be previewed" } };

describe(LinkPreviewsController.name, () => {
  const origin = new TestOriginServer();
  const harness = new OutboundHarness();
  /** An allowlisted port nothing listens on. */
  let closedPort = 0;

  const answerOf = async (response: Response) => ({
    status: response.status,
    body: await response.json(),
  });

  beforeAll(async () => {
    await origin.start();
    closedPort = await freePort();
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
      .route('/to-private', redirectTo('http://10.0.0.1/'))
      .route('/to-closed', redirectTo(`http://127.0.0.1:${closedPort}/`))
      .route('/for-members', sendHtml(OG_PAGE))
      .route('/asked-first', sendHtml(OG_PAGE))
      .route('/never-asked', sendHtml(OG_PAGE))
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
      allowlist: [origin.hostPort, `127.0.0.1:${closedPort}`],
      connectTimeoutMs: 500,
      totalTimeoutMs: 1000,
    });
  });

  afterAll(async () => {
    await harness.stop();
    await origin.stop();
  });

  it('gives a new post only a preview a member already asked for, and never fetches for it', async () => {
    const sut = harness.app.get(LinkPreviewsService);

    expect(await sut.cachedPreviewFor(origin.url('/never-asked'))).toBeNull();
    expect(origin.hits.get('/never-asked')).toBeUndefined();

    expect((await harness.preview(origin.url('/asked-first'))).status).toBe(200);
    expect(await sut.cachedPreviewFor(origin.url('/asked-first'))).toMatchObject({
      title: 'Waves & tides',
      url: origin.url('/asked-first'),
    });
    expect(origin.hits.get('/asked-first')).toBe(1);
    expect(await sut.cachedPreviewFor('http://user:pass@example.com/')).toBeNull();
  });

  it('answers with the preview the server read from the page, its picture linked and signed', async () => {
    const response = await harness.preview(origin.url('/article'));

    expect(response.status).toBe(200);
    const image = origin.url('/images/wave.png');
    expect(await response.json()).toEqual({
      url: origin.url('/article'),
      title: 'Waves & tides',
      description: 'All about the sea',
      image,
      imageProxyUrl: `/api/image-proxy?url=${encodeURIComponent(image)}&sig=${harness.signer.sign(image)}`,
      siteName: 'Sea News',
    });
  });

  it('refuses a visitor with 401 before fetching anything', async () => {
    const response = await harness.preview(origin.url('/for-members'), { as: null });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Authentication required' });
    expect(origin.hits.get('/for-members')).toBeUndefined();
  });

  it('answers every destination it will not or cannot preview the same way', async () => {
    const destinations = [
      `http://localhost:${origin.port}/article`,
      'http://0x7f000001/article',
      'http://127.0.0.1:1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://wave-nowhere.invalid/',
      `http://127.0.0.1:${closedPort}/`,
      origin.url('/to-private'),
      origin.url('/to-metadata'),
      origin.url('/to-closed'),
      origin.url('/loop-1'),
      origin.url('/huge-head'),
      origin.url('/data.json'),
      origin.url('/binary'),
      origin.url('/never'),
      origin.url('/nope'),
    ];
    const answers = [];
    for (const url of destinations) answers.push(await answerOf(await harness.preview(url)));

    expect(answers).toEqual(destinations.map(() => CANNOT_PREVIEW));
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

  it('remembers a failure and why for 10 minutes, and answers it the same way without fetching', async () => {
    const url = origin.url('/data.json');
    const hits = origin.hits.get('/data.json');

    const again = await harness.preview(url);

    expect(await answerOf(again)).toEqual(CANNOT_PREVIEW);
    expect(origin.hits.get('/data.json')).toBe(hits);
    expect(JSON.parse((await harness.redis.get(linkPreviewCacheKey(url))) ?? 'null')).toEqual({
      ok: false,
      code: 'UNSUPPORTED_TYPE',
    });
    const ttl = await harness.redis.ttl(linkPreviewCacheKey(url));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10 * 60);
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
