import { randomBytes } from 'node:crypto';
import { freePort } from '@wave/testing';
import { ImageProxyController } from '../../src/image-proxy/image-proxy.controller';
import { ImageProxySigner } from '../../src/image-proxy/image-proxy.signer';
import { OutboundHarness } from './outbound-harness';
import {
  redirectTo,
  sendBytes,
  sendHtml,
  stallAfterHeaders,
  streamBytes,
  TestOriginServer,
} from './test-origin-server';

const MB = 1024 * 1024;
/** The one answer for every image refused or failed, whatever the reason. */
const CANNOT_LOAD = { status: 422, body: { message: "This image can't be loaded" } };
const NOT_SIGNED = {
  status: 403,
  body: { message: 'This image link is not signed by the server' },
};

describe(ImageProxyController.name, () => {
  const origin = new TestOriginServer();
  const harness = new OutboundHarness();
  const png = randomBytes(256 * 1024);
  const webp = randomBytes(10_000);
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
      .route(
        '/wave.png',
        sendBytes(png, 'image/png', {
          etag: '"wave-1"',
          'last-modified': 'Wed, 21 Oct 2015 07:28:00 GMT',
          'set-cookie': 'tracker=1',
        }),
      )
      .route('/moved.webp', redirectTo('/wave.webp', 301))
      .route('/wave.webp', sendBytes(webp, 'image/webp'))
      .route('/empty.gif', sendBytes(Buffer.alloc(0), 'image/gif'))
      .route('/logo.svg', sendBytes(Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml'))
      .route('/page.html', sendBytes(Buffer.from('<script>alert(1)</script>'), 'text/html'))
      .route('/declared-huge.png', (_request, response) => {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 11 * MB });
        response.write(Buffer.alloc(1024));
      })
      .route('/streamed-huge.png', streamBytes(11 * MB, 'image/png'))
      .route('/stall.png', stallAfterHeaders('image/png'))
      .route('/headers-only.png', (_request, response) => {
        response.writeHead(200, { 'content-type': 'image/png' }).flushHeaders();
      })
      .route('/to-metadata.png', redirectTo('http://169.254.169.254/latest/meta-data/'))
      .route('/to-private.png', redirectTo('http://10.0.0.1/a.png'))
      .route('/never-signed.png', sendBytes(png, 'image/png'))
      .route(
        '/article',
        sendHtml(`<head><meta property="og:image" content="/wave.png"><title>A</title></head>`),
      );
    await harness.start('image-proxy', {
      allowlist: [origin.hostPort, `127.0.0.1:${closedPort}`],
      connectTimeoutMs: 500,
      totalTimeoutMs: 1000,
    });
  });

  afterAll(async () => {
    await harness.stop();
    await origin.stop();
  });

  it('streams an allowed image byte for byte, with safe headers', async () => {
    const response = await harness.image(origin.url('/wave.png'));

    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'public, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
      etag: '"wave-1"',
      'last-modified': 'Wed, 21 Oct 2015 07:28:00 GMT',
    });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('streams the picture of a link preview through the link the preview gave', async () => {
    const preview = (await (await harness.preview(origin.url('/article'))).json()) as {
      imageProxyUrl: string;
    };

    const response = await harness.imageLink(preview.imageProxyUrl);

    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
  });

  it.each([
    ['no signature', () => `url=${encodeURIComponent(origin.url('/never-signed.png'))}`],
    ['an empty signature', () => `url=${encodeURIComponent(origin.url('/never-signed.png'))}&sig=`],
    [
      'the signature of another image',
      () =>
        `url=${encodeURIComponent(origin.url('/never-signed.png'))}&sig=${harness.signer.sign(origin.url('/wave.png'))}`,
    ],
    [
      'a signature made with another key',
      () =>
        `url=${encodeURIComponent(origin.url('/never-signed.png'))}&sig=${new ImageProxySigner('another-secret-0123456789abcdef0123456789').sign(origin.url('/never-signed.png'))}`,
    ],
  ])('refuses %s with 403, and fetches nothing', async (_label, query) => {
    const response = await harness.imageLink(`/api/image-proxy?${query()}`);

    expect(await answerOf(response)).toEqual(NOT_SIGNED);
    expect(origin.hits.get('/never-signed.png')).toBeUndefined();
  });

  it('answers every image it will not or cannot load the same way', async () => {
    const images = [
      `http://localhost:${origin.port}/wave.png`,
      'http://127.0.0.1:1/wave.png',
      'http://192.168.1.1/wave.png',
      'http://0x7f000001/wave.png',
      'http://wave-nowhere.invalid/wave.png',
      `http://127.0.0.1:${closedPort}/wave.png`,
      origin.url('/to-private.png'),
      origin.url('/to-metadata.png'),
      origin.url('/missing.png'),
      origin.url('/logo.svg'),
    ];
    const answers = [];
    for (const url of images) answers.push(await answerOf(await harness.image(url)));

    expect(answers).toEqual(images.map(() => CANNOT_LOAD));
  });

  it('answers an empty image without waiting for bytes that never come', async () => {
    const response = await harness.image(origin.url('/empty.gif'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('follows a redirect to the image', async () => {
    const response = await harness.image(origin.url('/moved.webp'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await response.arrayBuffer()).equals(webp)).toBe(true);
  });

  it.each([
    ['SVG', '/logo.svg'],
    ['HTML', '/page.html'],
    ['a declared length over 10 MB', '/declared-huge.png'],
    ['an image whose first byte never comes', '/headers-only.png'],
  ])('cannot load %s', async (_label, path) => {
    const response = await harness.image(origin.url(path));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answerOf(response)).toEqual(CANNOT_LOAD);
  });

  it('cuts the response when an image stalls after its first bytes', async () => {
    const response = await harness.image(origin.url('/stall.png'));
    expect(response.status).toBe(200);
    // Headers and a first chunk went out: a later timeout can only cut the response.
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it('cuts the response when the image goes over 10 MB mid-stream', async () => {
    const response = await harness.image(origin.url('/streamed-huge.png'));

    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it.each([
    ['', 'url is required'],
    ['?url=ftp%3A%2F%2Fexample.com%2Fa.png', 'url must be an http or https URL'],
    ['?url=data%3Aimage%2Fpng%3Bbase64%2CAAAA', 'url must be an http or https URL'],
  ])('validates the query: %p', async (query, message) => {
    const response = await harness.imageLink(`/api/image-proxy${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});
