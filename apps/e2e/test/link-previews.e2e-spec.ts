import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { freePort } from '@wave/testing';
import type { ApiResponse } from './support/api-client';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

// The other tests ask for about 25 previews as one member from the loopback address.
const PER_USER = 30;
const PER_ADDRESS = 40;
// The other tests load 13 images from the loopback address.
const IMAGES_PER_ADDRESS = 20;

interface PreviewBody {
  url: string;
  image: string | null;
  imageProxyUrl: string | null;
}

describe('link previews and the image proxy through the gateway', () => {
  let stack: Stack;
  let origin: Server;
  let originUrl: string;
  /** An allowlisted port nothing listens on: the connection is refused. */
  let closedPortUrl: string;
  let member: ApiClient;
  /** Requests the origin received, per path. */
  const hits = new Map<string, number>();
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  beforeAll(async () => {
    const [port, closedPort] = [await freePort(), await freePort()];
    originUrl = `http://127.0.0.1:${port}`;
    closedPortUrl = `http://127.0.0.1:${closedPort}`;
    origin = createServer((req, res) => {
      const url = new URL(req.url ?? '/', originUrl);
      hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
      if (url.pathname === '/article') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head>
          <title>Fallback title</title>
          <meta property="og:title" content="The real title &amp; more">
          <meta property="og:description" content="What the page says about itself">
          <meta property="og:image" content="/cover.png">
          <meta property="og:site_name" content="Local News">
          </head><body>hello</body></html>`);
      } else if (url.pathname === '/page') {
        // A page whose picture is wherever the test says.
        const image = (url.searchParams.get('image') ?? '').replace(/"/g, '&quot;');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<head><title>Page</title><meta property="og:image" content="${image}"></head>`);
      } else if (url.pathname === '/cover.png' || url.pathname === '/never-signed.png') {
        res.writeHead(200, {
          'content-type': 'image/png',
          'content-length': PNG.length,
          etag: '"v1"',
        });
        res.end(PNG);
      } else if (url.pathname === '/logo.svg') {
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      } else if (url.pathname === '/to-private') {
        res.writeHead(302, { location: 'http://10.0.0.1/' });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(port, '127.0.0.1', resolve));
    stack = await startStack('previews', {
      OUTBOUND_ALLOWLIST: `127.0.0.1:${port},127.0.0.1:${closedPort}`,
      TRUST_PROXY: 'loopback',
      LINK_PREVIEW_RATE_LIMIT_PER_USER: String(PER_USER),
      LINK_PREVIEW_RATE_LIMIT_PER_IP: String(PER_ADDRESS),
      IMAGE_PROXY_RATE_LIMIT_PER_IP: String(IMAGES_PER_ADDRESS),
    });
    member = new ApiClient(stack.gateway.url);
    await member.post('/api/register', newAccount('previewer'));
  });

  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => origin?.close(resolve));
  });

  const pageWithImage = (image: string) => `${originUrl}/page?image=${encodeURIComponent(image)}`;

  /** The image-proxy link the server gave for a page's picture. */
  const imageProxyUrlOf = async (image: string): Promise<string> => {
    const preview = await member.post<PreviewBody>('/api/link-preview', {
      url: pageWithImage(image),
    });
    expect(preview.status).toBe(200);
    expect(preview.body.imageProxyUrl).toEqual(expect.any(String));
    return preview.body.imageProxyUrl ?? '';
  };

  const answerOf = (response: ApiResponse) => ({ status: response.status, body: response.body });

  it('refuses visitors before fetching anything', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    const response = await visitor.post('/api/link-preview', { url: `${originUrl}/for-visitors` });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect(hits.get('/for-visitors')).toBeUndefined();
  });

  it('reads a page the way the card shows it, with a signed link to its picture', async () => {
    const response = await member.post('/api/link-preview', { url: `${originUrl}/article` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: `${originUrl}/article`,
      title: 'The real title & more',
      description: 'What the page says about itself',
      image: `${originUrl}/cover.png`,
      siteName: 'Local News',
      imageProxyUrl: expect.stringMatching(
        new RegExp(
          `^/api/image-proxy\\?url=${encodeURIComponent(`${originUrl}/cover.png`)}&sig=[\\w-]+$`,
        ),
      ),
    });
  });

  it('streams the picture through the signed link, to visitors too, with safe headers', async () => {
    const imageProxyUrl = await imageProxyUrlOf(`${originUrl}/cover.png`);

    const response = await fetch(`${stack.gateway.url}${imageProxyUrl}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toContain('max-age=');
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('stores the preview the server read, not what the client claimed, and links its picture', async () => {
    expect((await member.post('/api/link-preview', { url: `${originUrl}/article` })).status).toBe(
      200,
    );
    const post = await member.post<{ id: string; linkPreview: PreviewBody & { title: string } }>(
      '/api/tweets',
      {
        content: 'worth a read',
        linkPreview: { url: `${originUrl}/article`, title: 'Forged title' },
      },
    );
    expect(post.status).toBe(201);
    expect(post.body.linkPreview.title).toBe('The real title & more');

    const read = await new ApiClient(stack.gateway.url).get<{ linkPreview: PreviewBody }>(
      `/api/tweets/${post.body.id}`,
    );
    const image = await fetch(`${stack.gateway.url}${read.body.linkPreview.imageProxyUrl}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('never fetches a page for a new post: a link nobody asked a preview of gets none', async () => {
    const post = await member.post<{ linkPreview: unknown }>('/api/tweets', {
      content: 'unasked',
      linkPreview: { url: `${originUrl}/unasked` },
    });

    expect(post.status).toBe(201);
    expect(post.body.linkPreview).toBeNull();
    expect(hits.get('/unasked')).toBeUndefined();
  });

  it('limits image-proxy loads per address, for visitors and members alike', async () => {
    const imageProxyUrl = await imageProxyUrlOf(`${originUrl}/cover.png`);
    const address = '10.41.0.1';
    const visitor = new ApiClient(stack.gateway.url);
    const load = (client: ApiClient, at = address) => client.get(imageProxyUrl, from(at));

    const statuses: number[] = [];
    for (let i = 0; i < IMAGES_PER_ADDRESS; i += 1) {
      statuses.push((await load(i % 2 === 0 ? visitor : member)).status);
    }
    const refusedVisitor = await load(visitor);
    const refusedMember = await load(member);

    expect(statuses).toEqual(Array<number>(IMAGES_PER_ADDRESS).fill(200));
    for (const refused of [refusedVisitor, refusedMember]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toEqual({
        message: expect.stringMatching(/^Too many images\. Try again in \d+ seconds\.$/),
      });
    }
    // Another address is not affected.
    expect((await load(visitor, '10.41.0.2')).status).toBe(200);
  });

  it('refuses an image-proxy link the server did not sign, without fetching it', async () => {
    const signed = new URL(await imageProxyUrlOf(`${originUrl}/cover.png`), stack.gateway.url);
    const target = encodeURIComponent(`${originUrl}/never-signed.png`);
    const sig = signed.searchParams.get('sig') ?? '';

    for (const query of [`url=${target}`, `url=${target}&sig=`, `url=${target}&sig=${sig}`]) {
      const response = await member.get(`/api/image-proxy?${query}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: expect.any(String) });
    }
    expect(hits.get('/never-signed.png')).toBeUndefined();
  });

  it('answers every destination it will not or cannot preview the same way', async () => {
    const destinations = [
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://2130706433:9/',
      'http://127.0.0.1:1/',
      'http://[::1]/',
      'http://localhost/',
      'http://wave-e2e-nowhere.invalid/',
      `${closedPortUrl}/`,
      `${originUrl}/to-private`,
      `${originUrl}/missing`,
    ];
    const answers: { status: number; body: unknown }[] = [];
    for (const url of destinations) {
      answers.push(answerOf(await member.post('/api/link-preview', { url })));
    }

    expect(answers[0]).toEqual({ status: 422, body: { message: expect.any(String) } });
    expect(answers).toEqual(destinations.map(() => answers[0]));
  });

  it('answers every image it will not or cannot load the same way', async () => {
    const images = [
      'http://10.0.0.1/a.png',
      'http://127.0.0.1:1/a.png',
      'http://localhost/a.png',
      'http://wave-e2e-nowhere.invalid/a.png',
      `${closedPortUrl}/a.png`,
      `${originUrl}/to-private`,
      `${originUrl}/logo.svg`,
      `${originUrl}/article`,
    ];
    const answers: { status: number; body: unknown }[] = [];
    for (const image of images) {
      const imageProxyUrl = await imageProxyUrlOf(image);
      answers.push(answerOf(await member.get(imageProxyUrl)));
    }

    expect(answers[0]).toEqual({ status: 422, body: { message: expect.any(String) } });
    expect(answers).toEqual(images.map(() => answers[0]));
  });

  it('still refuses a link that is not http(s) as bad input', async () => {
    const response = await member.post('/api/link-preview', { url: 'file:///etc/passwd' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'url must be an http or https URL' });
  });

  it('limits link previews per member and per address, with Retry-After', async () => {
    const address = '10.40.0.1';
    const first = new ApiClient(stack.gateway.url);
    const second = new ApiClient(stack.gateway.url);
    await first.post('/api/register', newAccount('limited'), from(address));
    await second.post('/api/register', newAccount('limited'), from(address));
    const ask = (client: ApiClient) =>
      client.post('/api/link-preview', { url: `${originUrl}/article` }, from(address));

    const firstStatuses: number[] = [];
    for (let i = 0; i <= PER_USER; i += 1) firstStatuses.push((await ask(first)).status);
    const refused = await ask(first);

    // The refused calls counted against the address too: PER_USER + 2 of PER_ADDRESS are gone.
    const left = PER_ADDRESS - (PER_USER + 2);
    const secondStatuses: number[] = [];
    for (let i = 0; i <= left; i += 1) secondStatuses.push((await ask(second)).status);

    expect(firstStatuses).toEqual([...Array<number>(PER_USER).fill(200), 429]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toEqual({
      message: expect.stringMatching(/^Too many link previews\. Try again in \d+ seconds\.$/),
    });
    expect(secondStatuses).toEqual([...Array<number>(left).fill(200), 429]);
    // Visitors are not counted (the service refuses them), and other addresses are not affected.
    const visitor = await new ApiClient(stack.gateway.url).post(
      '/api/link-preview',
      { url: `${originUrl}/article` },
      from(address),
    );
    expect(visitor.status).toBe(401);
    expect((await member.post('/api/link-preview', { url: `${originUrl}/article` })).status).toBe(
      200,
    );
  });
});
