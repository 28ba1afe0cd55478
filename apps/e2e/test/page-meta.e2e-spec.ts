import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { Server, Socket } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import sharp from 'sharp';
import type {
  CommunityDetailResponse,
  CommunityPostResponse,
  TweetResponse,
  UserResponse,
} from '@wave/contracts';
import type { ServiceProcess } from '@wave/testing';
import { freePort } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Nginx } from './support/nginx';
import { startNginx } from './support/nginx';
import type { Stack } from './support/stack';
import { startPageMetaServer, startStack, startWeb } from './support/stack';

/** The public origin both web servers are configured with (never the request's Host). */
const ORIGIN = 'https://wave.example';
const INDEX_HTML = readFileSync(join(__dirname, '../../../dist/apps/web/index.html'), 'utf8');
const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)> & </title>';
const STACK_START_MS = 120_000;

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;

/** A page as a crawler reads it: status, headers, and the parsed document. */
interface Page {
  status: number;
  headers: Headers;
  html: string;
  elements: (name: string) => Element[];
  meta: (key: 'name' | 'property', value: string) => string | undefined;
  title: () => string;
  canonical: () => string | undefined;
  jsonLd: () => Record<string, unknown>[];
}

function read(status: number, headers: Headers, html: string): Page {
  const document = parseDocument(html);
  const elements = (name: string) =>
    DomUtils.findAll((element) => element.name === name, document.children);
  return {
    status,
    headers,
    html,
    elements,
    meta: (key, value) =>
      elements('meta').find((element) => element.attribs[key] === value)?.attribs['content'],
    title: () =>
      elements('title')
        .map((title) => DomUtils.textContent(title))
        .join('|'),
    canonical: () =>
      elements('link').find((element) => element.attribs['rel'] === 'canonical')?.attribs['href'],
    jsonLd: () =>
      elements('script')
        .filter((script) => script.attribs['type'] === 'application/ld+json')
        .map((script) => JSON.parse(DomUtils.textContent(script)) as Record<string, unknown>),
  };
}

async function get(baseUrl: string, path: string, init?: RequestInit): Promise<Page> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init });
  return read(response.status, response.headers, await response.text());
}

/** The scripts a document would run: every script but JSON-LD data blocks. */
const runnableScripts = (page: Page) =>
  page
    .elements('script')
    .filter((script) => script.attribs['type'] !== 'application/ld+json')
    .map((script) => script.attribs['src'] ?? DomUtils.textContent(script));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .png()
    .toBuffer();

describe('public pages for crawlers and link unfurlers, through the web server', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let pageMeta: ServiceProcess;
  let ada: ApiClient;
  let adaUser: UserResponse;
  let picture: string;
  let post: TweetResponse;
  let hostilePost: TweetResponse;
  let community: CommunityDetailResponse;
  let communityPost: CommunityPostResponse;
  let secret: CommunityDetailResponse;
  let secretPost: CommunityPostResponse;

  async function upload(client: ApiClient): Promise<string> {
    const { body } = await client.post<{ uploadURL: string }>('/api/objects/upload');
    const stored = await client.request<{ objectPath: string }>('PUT', body.uploadURL, {
      rawBody: await png(64, 48),
      headers: { 'content-type': 'image/png' },
    });
    expect(stored.status).toBe(200);
    return stored.body.objectPath;
  }

  beforeAll(async () => {
    stack = await startStack('page_meta');
    [web, pageMeta] = await Promise.all([
      startWeb(stack.gateway.url, { PUBLIC_ORIGIN: ORIGIN }),
      startPageMetaServer(stack.gateway.url, { PUBLIC_ORIGIN: ORIGIN }),
    ]);

    ada = new ApiClient(stack.gateway.url);
    const account = { ...newAccount('pm_ada'), displayName: 'Ada Lovelace' };
    expect((await ada.post('/api/register', account)).status).toBe(201);
    const avatar = await upload(ada);
    expect(
      (await ada.put('/api/users/profile/images', { imageUrl: avatar, imageType: 'profile' }))
        .status,
    ).toBe(200);
    const profile = await ada.put<UserResponse>('/api/users/profile', {
      bio: 'Poetical scientist. Notes on the Analytical Engine.',
    });
    expect(profile.status).toBe(200);
    adaUser = profile.body;

    picture = await upload(ada);
    post = (
      await ada.post<TweetResponse>('/api/tweets', {
        content: 'Orbital mechanics,\na primer',
        imageUrls: [picture],
      })
    ).body;
    hostilePost = (await ada.post<TweetResponse>('/api/tweets', { content: HOSTILE })).body;
    expect(hostilePost.content).toBe(HOSTILE);

    community = (
      await ada.post<CommunityDetailResponse>('/api/communities', {
        name: 'Orbit Watchers',
        description: 'Launch windows and the people who wait for them',
        category: 'Science',
      })
    ).body;
    communityPost = (
      await ada.post<CommunityPostResponse>(`/api/communities/${community.id}/posts`, {
        content: 'Welcome aboard, watchers',
      })
    ).body;
    secret = (
      await ada.post<CommunityDetailResponse>('/api/communities', {
        name: 'Secret Society',
        description: 'Whispers behind closed doors',
        category: 'Books',
        isPrivate: true,
      })
    ).body;
    secretPost = (
      await ada.post<CommunityPostResponse>(`/api/communities/${secret.id}/posts`, {
        content: 'The password is swordfish',
      })
    ).body;
    expect([community.id, communityPost.id, secret.id, secretPost.id]).not.toContain(undefined);
  }, STACK_START_MS);

  afterAll(async () => {
    await Promise.all([web?.stop(), pageMeta?.stop()]);
    await stack?.stop();
  });

  it("gives a post's page its own title, description, canonical link, cards and JSON-LD", async () => {
    const sut = await get(web.url, `/tweet/${post.id}`);

    expect(sut.status).toBe(200);
    expect(sut.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(sut.headers.get('cache-control')).toBe('public, max-age=60');
    const url = `${ORIGIN}/tweet/${post.id}`;
    const image = `${ORIGIN}${picture}/display`;
    expect(sut.title()).toBe('Ada Lovelace on Wave: "Orbital mechanics, a primer"');
    expect(sut.canonical()).toBe(url);
    expect({
      description: sut.meta('name', 'description'),
      ogType: sut.meta('property', 'og:type'),
      ogTitle: sut.meta('property', 'og:title'),
      ogDescription: sut.meta('property', 'og:description'),
      ogUrl: sut.meta('property', 'og:url'),
      ogImage: sut.meta('property', 'og:image'),
      ogSiteName: sut.meta('property', 'og:site_name'),
      card: sut.meta('name', 'twitter:card'),
      twitterTitle: sut.meta('name', 'twitter:title'),
      twitterImage: sut.meta('name', 'twitter:image'),
    }).toEqual({
      description: 'Orbital mechanics, a primer',
      ogType: 'article',
      ogTitle: 'Ada Lovelace on Wave: "Orbital mechanics, a primer"',
      ogDescription: 'Orbital mechanics, a primer',
      ogUrl: url,
      ogImage: image,
      ogSiteName: 'Wave',
      card: 'summary_large_image',
      twitterTitle: 'Ada Lovelace on Wave: "Orbital mechanics, a primer"',
      twitterImage: image,
    });
    expect(sut.jsonLd()).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'SocialMediaPosting',
        url,
        identifier: post.id,
        headline: 'Orbital mechanics, a primer',
        articleBody: 'Orbital mechanics,\na primer',
        author: expect.objectContaining({
          name: 'Ada Lovelace',
          url: `${ORIGIN}/profile/${adaUser.id}`,
        }),
        image: [`${ORIGIN}${picture}`],
      }),
    ]);
    // The rest is the app's shell as built: one title, and the same scripts.
    expect(sut.elements('title')).toHaveLength(1);
    expect(runnableScripts(sut)).toEqual(runnableScripts(read(200, new Headers(), INDEX_HTML)));
    // The image it names is there to fetch, on the origin the page was served from.
    expect((await fetch(`${web.url}${picture}/display`)).status).toBe(200);
  });

  it('gives a profile its own head, at /profile/{id}, with the avatar and ProfilePage markup', async () => {
    const sut = await get(web.url, `/profile/${adaUser.username}`);

    expect(sut.status).toBe(200);
    const url = `${ORIGIN}/profile/${adaUser.id}`;
    expect(sut.title()).toBe(`Ada Lovelace (@${adaUser.username}) · Wave`);
    expect(sut.canonical()).toBe(url);
    expect(sut.meta('name', 'description')).toBe(
      'Poetical scientist. Notes on the Analytical Engine.',
    );
    expect(sut.meta('property', 'og:type')).toBe('profile');
    expect(sut.meta('property', 'profile:username')).toBe(adaUser.username);
    expect(sut.meta('property', 'og:image')).toBe(`${ORIGIN}${adaUser.profileImageUrl}/display`);
    expect(sut.meta('name', 'twitter:card')).toBe('summary');
    expect(sut.jsonLd()).toEqual([
      expect.objectContaining({
        '@type': 'ProfilePage',
        url,
        mainEntity: expect.objectContaining({
          name: 'Ada Lovelace',
          description: 'Poetical scientist. Notes on the Analytical Engine.',
        }),
      }),
    ]);
    // The same page by id.
    expect((await get(web.url, `/profile/${adaUser.id}`)).html).toBe(sut.html);
  });

  it('gives a public community and its posts their own head', async () => {
    const page = await get(web.url, `/community/${community.id}`);
    expect(page.status).toBe(200);
    expect(page.title()).toBe('Orbit Watchers · Wave');
    expect(page.meta('name', 'description')).toBe(
      'Launch windows and the people who wait for them',
    );
    expect(page.canonical()).toBe(`${ORIGIN}/community/${community.id}`);
    expect(page.meta('name', 'robots')).toBeUndefined();

    const postPage = await get(web.url, `/community/${community.id}/post/${communityPost.id}`);
    expect(postPage.status).toBe(200);
    expect(postPage.title()).toBe('Ada Lovelace on Wave: "Welcome aboard, watchers"');
    expect(postPage.meta('property', 'og:description')).toBe('Welcome aboard, watchers');
    expect(postPage.canonical()).toBe(
      `${ORIGIN}/community/${community.id}/post/${communityPost.id}`,
    );
  });

  it('shows nothing of a private community: not its name, description or posts', async () => {
    for (const path of [
      `/community/${secret.id}`,
      `/community/${secret.id}/post/${secretPost.id}`,
    ]) {
      const sut = await get(web.url, path);
      expect({ path, status: sut.status }).toEqual({ path, status: 200 });
      expect(sut.html).not.toMatch(/Secret Society|Whispers|swordfish/);
      expect(sut.meta('name', 'robots')).toBe('noindex');
      expect(sut.meta('property', 'og:image')).toBeUndefined();
      expect(sut.jsonLd()).toEqual([]);
      expect(sut.canonical()).toBe(`${ORIGIN}${path}`);
    }
    expect((await get(web.url, `/community/${secret.id}`)).title()).toBe(
      'Private community · Wave',
    );
  });

  it('keeps a post that holds markup as text: no element comes out of it', async () => {
    const sut = await get(web.url, `/tweet/${hostilePost.id}`);

    expect(sut.status).toBe(200);
    expect(sut.html).not.toContain('"><script>alert(1)');
    expect(sut.elements('img')).toEqual([]);
    expect(runnableScripts(sut)).toEqual(runnableScripts(read(200, new Headers(), INDEX_HTML)));
    expect(sut.title()).toBe(`Ada Lovelace on Wave: "${HOSTILE}"`);
    expect(sut.meta('property', 'og:description')).toBe(HOSTILE);
    expect(sut.jsonLd()).toEqual([expect.objectContaining({ articleBody: HOSTILE })]);
  });

  it.each([
    ['a missing post', '/tweet/0190a1b2-0000-7000-8000-00000000dead'],
    ['a malformed post id', '/tweet/not-an-id'],
    ['a path that climbs', '/profile/..%2Fapi%2Fhealth'],
    ['a missing profile', '/profile/nobody_by_that_name'],
    ['a missing community', '/community/0190a1b2-0000-7000-8000-00000000dead'],
    [
      'a missing community post',
      `/community/0190a1b2-0000-7000-8000-00000000dead/post/0190a1b2-0000-7000-8000-00000000beef`,
    ],
  ])('answers %s with 404 and the app shell as built', async (_case, path) => {
    const sut = await get(web.url, path);
    expect({ path, status: sut.status }).toEqual({ path, status: 404 });
    expect(sut.html).toBe(INDEX_HTML);
  });

  it('sends the Content-Security-Policy with these pages as with every other', async () => {
    const policy = (await fetch(`${web.url}/`)).headers.get('content-security-policy');
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    for (const path of [`/tweet/${post.id}`, `/profile/${adaUser.username}`, '/tweet/not-an-id']) {
      const response = await fetch(`${web.url}${path}`);
      expect({ path, policy: response.headers.get('content-security-policy') }).toEqual({
        path,
        policy,
      });
    }
  });

  it('names the configured origin, whatever Host the request says', async () => {
    /** The page as fetched with these headers (fetch cannot set Host). */
    const fetchWith = (url: string, headers: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        const req = httpRequest(url, { headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
    // Production's server is reached through nginx, which passes any Host on; vite preview
    // refuses hosts other than its own and loopback names, so it is sent one of those.
    for (const [url, host] of [
      [pageMeta.url, 'evil.example'],
      [web.url, 'localhost:9999'],
    ] as const) {
      const html = await fetchWith(`${url}/tweet/${post.id}`, {
        host,
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      });
      const sut = read(200, new Headers(), html);
      expect({ url, canonical: sut.canonical() }).toEqual({
        url,
        canonical: `${ORIGIN}/tweet/${post.id}`,
      });
      expect(html).not.toMatch(/evil\.example|localhost:9999/);
    }
  });

  it("serves the same pages from production's Node server as from npm start's", async () => {
    for (const path of [
      `/tweet/${post.id}`,
      `/profile/${adaUser.username}`,
      `/community/${secret.id}`,
      '/tweet/not-an-id',
    ]) {
      const [preview, production] = await Promise.all([
        get(web.url, path),
        get(pageMeta.url, path),
      ]);
      expect({ path, status: production.status, html: production.html }).toEqual({
        path,
        status: preview.status,
        html: preview.html,
      });
      expect(production.headers.get('cache-control')).toBe(preview.headers.get('cache-control'));
    }
    const head = await fetch(`${pageMeta.url}/tweet/${post.id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${pageMeta.url}/health`)).status).toBe(200);
  });

  describe("through nginx, as the web image's configuration serves them", () => {
    let nginx: Nginx;

    beforeAll(async () => {
      nginx = await startNginx({ gatewayUrl: stack.gateway.url, pageMetaUrl: pageMeta.url });
    });
    afterAll(() => nginx?.stop());

    it('hands the public pages to the renderer, with the security headers and the policy', async () => {
      const policy = (await fetch(`${nginx.url}/`)).headers.get('content-security-policy');
      expect(policy).toMatch(/script-src 'self' 'sha256-/);
      for (const path of [
        `/tweet/${post.id}`,
        `/profile/${adaUser.username}`,
        `/community/${community.id}/post/${communityPost.id}`,
      ]) {
        const [sut, rendered] = await Promise.all([get(nginx.url, path), get(pageMeta.url, path)]);
        expect({ path, status: sut.status, html: sut.html }).toEqual({
          path,
          status: 200,
          html: rendered.html,
        });
        expect(sut.headers.get('content-security-policy')).toBe(policy);
        expect(sut.headers.get('x-frame-options')).toBe('DENY');
        expect(sut.headers.get('cache-control')).toBe('public, max-age=60');
      }
      const missing = await get(nginx.url, '/tweet/0190a1b2-0000-7000-8000-00000000dead');
      expect(missing.status).toBe(404);
      expect(missing.html).toBe(INDEX_HTML);
      // The app's other routes are the shell, as before.
      const other = await get(nginx.url, '/explore');
      expect([other.status, other.html]).toEqual([200, INDEX_HTML]);
    });

    it('serves the plain shell with 503 while the renderer is down', async () => {
      const closed = await freePort();
      const alone = await startNginx({
        gatewayUrl: stack.gateway.url,
        pageMetaUrl: `http://127.0.0.1:${closed}`,
      });
      try {
        const sut = await get(alone.url, `/tweet/${post.id}`);
        expect(sut.status).toBe(503);
        expect(sut.html).toBe(INDEX_HTML);
        expect(sut.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
        expect((await get(alone.url, '/')).status).toBe(200);
      } finally {
        await alone.stop();
      }
    });
  });

  describe('when the gateway cannot answer', () => {
    let silent: Server;
    let silentUrl: string;
    const held = new Set<Socket>();

    beforeAll(async () => {
      // A gateway that takes the connection and never answers.
      const port = await freePort();
      silent = createServer((socket) => {
        held.add(socket);
        socket.on('close', () => held.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
      silentUrl = `http://127.0.0.1:${port}`;
    });
    afterAll(async () => {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent?.close(resolve));
    });

    it('serves the app shell with 503 and Retry-After, never cached, once the short timeout passes', async () => {
      const server = await startPageMetaServer(silentUrl, {
        PUBLIC_ORIGIN: ORIGIN,
        PAGE_META_TIMEOUT_MS: '300',
      });
      try {
        const started = Date.now();
        const sut = await get(server.url, `/tweet/${post.id}`);
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(sut.status).toBe(503);
        expect(sut.html).toBe(INDEX_HTML);
        expect(sut.headers.get('retry-after')).toBe('30');
        expect(sut.headers.get('cache-control')).toBe('no-store');
        expect(server.output()).toMatch(/page sent without its markup/);
      } finally {
        await server.stop();
      }
    });

    it("does the same in npm start's server when nothing listens where the gateway should be", async () => {
      const closed = await freePort();
      const server = await startWeb(`http://127.0.0.1:${closed}`, { PUBLIC_ORIGIN: ORIGIN });
      try {
        const sut = await get(server.url, `/profile/${adaUser.username}`);
        expect(sut.status).toBe(503);
        expect(sut.html).toBe(INDEX_HTML);
        expect(sut.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      } finally {
        await server.stop();
      }
    });
  });
});
