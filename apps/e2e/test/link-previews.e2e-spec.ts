import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { freePort } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('link previews and the image proxy through the gateway', () => {
  let stack: Stack;
  let origin: Server;
  let originUrl: string;
  let member: ApiClient;

  beforeAll(async () => {
    const port = await freePort();
    originUrl = `http://127.0.0.1:${port}`;
    origin = createServer((req, res) => {
      if (req.url === '/article') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head>
          <title>Fallback title</title>
          <meta property="og:title" content="The real title &amp; more">
          <meta property="og:description" content="What the page says about itself">
          <meta property="og:image" content="/cover.png">
          <meta property="og:site_name" content="Local News">
          </head><body>hello</body></html>`);
      } else if (req.url === '/cover.png') {
        res.writeHead(200, {
          'content-type': 'image/png',
          'content-length': PNG.length,
          etag: '"v1"',
        });
        res.end(PNG);
      } else if (req.url === '/logo.svg') {
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(port, '127.0.0.1', resolve));
    stack = await startStack('previews', { OUTBOUND_ALLOWLIST: `127.0.0.1:${port}` });
    member = new ApiClient(stack.gateway.url);
    await member.post('/api/register', newAccount('previewer'));
  });

  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => origin?.close(resolve));
  });

  it('reads a page the way the card shows it', async () => {
    const response = await member.post('/api/link-preview', { url: `${originUrl}/article` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: `${originUrl}/article`,
      title: 'The real title & more',
      description: 'What the page says about itself',
      image: `${originUrl}/cover.png`,
      siteName: 'Local News',
    });
  });

  it('stores the preview the server read, not what the client claimed', async () => {
    const post = await member.post<{ linkPreview: { title: string } | null }>('/api/tweets', {
      content: 'worth a read',
      linkPreview: { url: `${originUrl}/article`, title: 'Forged title' },
    });
    expect(post.status).toBe(201);
    expect(post.body.linkPreview?.title).toBe('The real title & more');
  });

  it('streams an image with safe headers', async () => {
    const response = await fetch(
      `${stack.gateway.url}/api/image-proxy?url=${encodeURIComponent(`${originUrl}/cover.png`)}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toContain('max-age=');
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each([
    ['a private address', 'http://10.0.0.1/', 403],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', 403],
    ['loopback in numeric form', 'http://2130706433:9/', 403],
    ['another local port', 'http://127.0.0.1:1/', 403],
    ['IPv6 loopback', 'http://[::1]/', 403],
    ['a non-http scheme', 'file:///etc/passwd', 400],
  ])('refuses %s', async (_label, url, status) => {
    const preview = await member.post('/api/link-preview', { url });
    expect(preview.status).toBe(status);
    expect(preview.body).toEqual({ message: expect.any(String) });
    const image = await member.get(`/api/image-proxy?url=${encodeURIComponent(url)}`);
    expect(image.status).toBe(status);
  });

  it('refuses what is not an image, and SVG', async () => {
    for (const path of ['/article', '/logo.svg']) {
      const response = await member.get(
        `/api/image-proxy?url=${encodeURIComponent(originUrl + path)}`,
      );
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });
});
