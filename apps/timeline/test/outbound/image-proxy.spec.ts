import { randomBytes } from 'node:crypto';
import { ImageProxyController } from '../../src/image-proxy/image-proxy.controller';
import { OutboundHarness } from './outbound-harness';
import {
  redirectTo,
  sendBytes,
  stallAfterHeaders,
  streamBytes,
  TestOriginServer,
} from './test-origin-server';

const MB = 1024 * 1024;

describe(ImageProxyController.name, () => {
  const origin = new TestOriginServer();
  const harness = new OutboundHarness();
  const png = randomBytes(256 * 1024);
  const webp = randomBytes(10_000);

  beforeAll(async () => {
    await origin.start();
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
      .route('/to-metadata.png', redirectTo('http://169.254.169.254/latest/meta-data/'));
    await harness.start('image-proxy', {
      allowlist: [origin.hostPort],
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
    ['SVG', '/logo.svg', 422, 'The linked content is not of a supported type'],
    ['HTML', '/page.html', 422, 'The linked content is not of a supported type'],
    ['a declared length over 10 MB', '/declared-huge.png', 422, 'The linked content is too large'],
    [
      'an image whose first byte never comes',
      '/headers-only.png',
      422,
      'The link took too long to respond',
    ],
    ['an image that stalls after its first bytes', '/stall.png', 200, null],
    ['a missing image', '/missing.png', 422, 'The link could not be fetched'],
    [
      'a redirect to the metadata address',
      '/to-metadata.png',
      403,
      'The link points to an address that cannot be fetched',
    ],
  ])('answers %s', async (_label, path, status, message) => {
    const response = await harness.image(origin.url(path));
    expect(response.status).toBe(status);
    if (message === null) {
      // Headers and a first chunk went out: a later timeout can only cut the response.
      await expect(response.arrayBuffer()).rejects.toThrow();
      return;
    }
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message });
  });

  it('cuts the response when the image goes over 10 MB mid-stream', async () => {
    const response = await harness.image(origin.url('/streamed-huge.png'));

    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it.each([
    ['localhost', () => `http://localhost:${origin.port}/wave.png`],
    ['another local port', () => 'http://127.0.0.1:1/wave.png'],
    ['a private address', () => 'http://192.168.1.1/wave.png'],
  ])('refuses %s', async (_label, url) => {
    const response = await harness.image(url());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: 'The link points to an address that cannot be fetched',
    });
  });

  it.each([
    [null, 'url is required'],
    ['ftp://example.com/a.png', 'url must be an http or https URL'],
    ['data:image/png;base64,AAAA', 'url must be an http or https URL'],
  ])('validates the query: %p', async (url, message) => {
    const response = await harness.image(url);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});
