import { randomBytes } from 'node:crypto';
import dns from 'node:dns';
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { OutboundException } from '../../src/outbound/outbound.exception';
import type { OutboundRequest } from '../../src/outbound/safe-fetcher';
import { OUTBOUND_USER_AGENT, SafeFetcher } from '../../src/outbound/safe-fetcher';
import {
  neverAnswer,
  redirectTo,
  sendBytes,
  sendHtml,
  stallAfterHeaders,
  streamBytes,
  TestOriginServer,
} from './test-origin-server';

const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The code of the OutboundException a promise fails with, or null when it succeeds. */
const failureOf = async (work: Promise<unknown>): Promise<string | null> => {
  try {
    await work;
    return null;
  } catch (error) {
    return error instanceof OutboundException
      ? error.code
      : `not an OutboundException: ${String(error)}`;
  }
};

describe(SafeFetcher.name, () => {
  const origin = new TestOriginServer();
  /** Another local server, not on the allowlist. */
  const other = new TestOriginServer();
  const png = randomBytes(300_000);
  /** 20 MB of zeros, compressed once here so that no request waits on the compression. */
  const bomb = gzipSync(Buffer.alloc(20 * MB));
  let sut: SafeFetcher;

  const html = (url: string, overrides: Partial<OutboundRequest> = {}) =>
    sut.open({ url, accept: 'text/html', allowedTypes: ['text/html'], maxBytes: MB, ...overrides });
  const image = (url: string, maxBytes = 10 * MB) =>
    sut.open({ url, accept: 'image/*', allowedTypes: IMAGE_TYPES, maxBytes });

  beforeAll(async () => {
    await Promise.all([origin.start(), other.start()]);
    other.route('/secret', sendHtml('<title>internal</title>'));
    origin
      .route('/page', sendHtml('<html><head><title>Hello</title></head></html>'))
      .route('/r1', redirectTo('/r2', 301))
      .route('/r2', redirectTo('/page', 307))
      .route('/hop1', redirectTo('/hop2'))
      .route('/hop2', redirectTo('/hop3'))
      .route('/hop3', redirectTo('/hop4'))
      .route('/hop4', redirectTo('/page'))
      .route('/to-other-port', redirectTo(other.url('/secret')))
      .route('/to-metadata', redirectTo('http://169.254.169.254/latest/meta-data/'))
      .route('/to-localhost', redirectTo(`http://localhost:${origin.port}/page`))
      .route('/to-file', redirectTo('file:///etc/passwd'))
      .route('/json', sendHtml('{"a":1}', 'application/json'))
      .route('/no-type', (_request, response) => response.end('<title>?</title>'))
      .route('/missing', (_request, response) => response.writeHead(404).end())
      .route('/declared-huge', (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html', 'content-length': 2 * MB });
        response.write('<html>');
      })
      .route('/streamed-huge', streamBytes(2 * MB, 'text/html'))
      .route('/gzip', (_request, response) => {
        response
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
          .end(gzipSync('<title>compressed</title>'));
      })
      .route('/gzip-bomb', (_request, response) => {
        response
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
          .end(bomb);
      })
      .route('/never', neverAnswer)
      .route('/stall', stallAfterHeaders('text/html'))
      .route('/image.png', sendBytes(png, 'image/png', { etag: '"v1"' }))
      .route('/image.svg', sendBytes(Buffer.from('<svg/>'), 'image/svg+xml'))
      .route('/huge.png', streamBytes(11 * MB, 'image/png'));
  });

  beforeEach(() => {
    sut = new SafeFetcher({
      allowlist: [origin.hostPort],
      connectTimeoutMs: 500,
      totalTimeoutMs: 1000,
    });
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await Promise.all([origin.stop(), other.stop()]);
  });

  it('fetches an allowlisted page, saying who it is', async () => {
    const response = await html(origin.url('/page'));

    expect(response.status).toBe(200);
    expect(response.contentType).toBe('text/html');
    expect(response.charset).toBe('utf-8');
    expect((await readAll(response.body)).toString()).toContain('<title>Hello</title>');
    expect(origin.lastHeaders.get('/page')).toMatchObject({
      'user-agent': OUTBOUND_USER_AGENT,
      accept: 'text/html',
      'accept-encoding': 'identity',
      host: origin.hostPort,
    });
  });

  describe('address policy on the real connect path', () => {
    it('refuses the same local server without the allowlist', async () => {
      const guarded = new SafeFetcher({ allowlist: [] });
      const before = origin.hits.get('/page') ?? 0;

      expect(await failureOf(guarded.open(htmlRequest(origin.url('/page'))))).toBe(
        'FORBIDDEN_ADDRESS',
      );
      expect(origin.hits.get('/page') ?? 0).toBe(before);
    });

    it('refuses a name that resolves to loopback', async () => {
      expect(await failureOf(html(`http://localhost:${origin.port}/page`))).toBe(
        'FORBIDDEN_ADDRESS',
      );
    });

    it('refuses a name if any one of its addresses is not public', async () => {
      const lookup = jest.spyOn(dns, 'lookup').mockImplementation(((
        _hostname: string,
        _options: unknown,
        callback: (error: null, addresses: dns.LookupAddress[]) => void,
      ) => {
        callback(null, [
          { address: '93.184.216.34', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ]);
      }) as unknown as typeof dns.lookup);

      expect(await failureOf(html('http://rebinding.example/'))).toBe('FORBIDDEN_ADDRESS');
      expect(lookup).toHaveBeenCalledWith(
        'rebinding.example',
        expect.objectContaining({ all: true }),
        expect.any(Function),
      );
    });

    it.each([
      'http://127.0.0.1/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://0.0.0.0/',
    ])('refuses %s before connecting', async (url) => {
      expect(await failureOf(html(url))).toBe('FORBIDDEN_ADDRESS');
    });

    it('refuses what is not http(s) or carries credentials', async () => {
      expect(await failureOf(html('ftp://example.com/'))).toBe('INVALID_URL');
      expect(await failureOf(html(`http://user:pw@${origin.hostPort}/page`))).toBe('INVALID_URL');
    });
  });

  describe('redirects', () => {
    it('follows a chain of two, each hop checked, and reports the final URL', async () => {
      const response = await html(origin.url('/r1'));
      expect(response.url.href).toBe(origin.url('/page'));
      expect((await readAll(response.body)).toString()).toContain('Hello');
    });

    it('follows three and refuses the fourth', async () => {
      const three = await html(origin.url('/hop2'));
      expect(three.url.href).toBe(origin.url('/page'));
      three.body.destroy();

      expect(await failureOf(html(origin.url('/hop1')))).toBe('TOO_MANY_REDIRECTS');
    });

    it('refuses a redirect to another port on the same host (the allowlist is exact)', async () => {
      expect(await failureOf(html(origin.url('/to-other-port')))).toBe('FORBIDDEN_ADDRESS');
      expect(other.hits.get('/secret')).toBeUndefined();
    });

    it('refuses a redirect to the cloud metadata address', async () => {
      expect(await failureOf(html(origin.url('/to-metadata')))).toBe('FORBIDDEN_ADDRESS');
    });

    it('refuses a redirect to a name that resolves to loopback', async () => {
      expect(await failureOf(html(origin.url('/to-localhost')))).toBe('FORBIDDEN_ADDRESS');
    });

    it('refuses a redirect to another scheme', async () => {
      expect(await failureOf(html(origin.url('/to-file')))).toBe('INVALID_URL');
    });
  });

  describe('responses', () => {
    it('refuses a content type the caller did not allow, or none', async () => {
      expect(await failureOf(html(origin.url('/json')))).toBe('UNSUPPORTED_TYPE');
      expect(await failureOf(html(origin.url('/no-type')))).toBe('UNSUPPORTED_TYPE');
    });

    it('calls an error status or a refused connection an upstream error', async () => {
      expect(await failureOf(html(origin.url('/missing')))).toBe('UPSTREAM_ERROR');
      const closed = new TestOriginServer();
      await closed.start();
      await closed.stop();
      const refused = new SafeFetcher({ allowlist: [closed.hostPort] });
      expect(await failureOf(refused.open(htmlRequest(closed.url('/'))))).toBe('UPSTREAM_ERROR');
    });

    it('refuses a declared length over the cap up front, unless the caller reads partially', async () => {
      expect(await failureOf(html(origin.url('/declared-huge')))).toBe('TOO_LARGE');

      const partial = await html(origin.url('/declared-huge'), { partialRead: true });
      expect(partial.contentLength).toBe(2 * MB);
      partial.body.destroy();
    });

    it('fails the body once more than the cap has arrived', async () => {
      const response = await html(origin.url('/streamed-huge'));
      expect(await failureOf(readAll(response.body))).toBe('TOO_LARGE');
    });

    it('decodes a compressed body, and caps it after decoding', async () => {
      const response = await html(origin.url('/gzip'));
      expect((await readAll(response.body)).toString()).toBe('<title>compressed</title>');
      expect(response.contentLength).toBeNull();

      // The cap is under test here, not the clock: on a loaded CI machine this process can
      // stall for longer than the suite's one-second total timeout.
      sut = new SafeFetcher({ allowlist: [origin.hostPort], totalTimeoutMs: 30_000 });
      const inflated = await html(origin.url('/gzip-bomb'));
      expect(await failureOf(readAll(inflated.body))).toBe('TOO_LARGE');
    });
  });

  describe('timeouts', () => {
    it('gives up on a server that never answers within the total timeout', async () => {
      const started = Date.now();
      expect(await failureOf(html(origin.url('/never')))).toBe('TIMEOUT');
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it('counts the body against the total timeout', async () => {
      const response = await html(origin.url('/stall'));
      expect(await failureOf(readAll(response.body))).toBe('TIMEOUT');
    });

    it('gives up on a connection (name resolution included) after the connect timeout', async () => {
      jest.spyOn(dns, 'lookup').mockImplementation(() => undefined);
      const slow = new SafeFetcher({ allowlist: [], connectTimeoutMs: 200, totalTimeoutMs: 5000 });
      const started = Date.now();

      expect(await failureOf(slow.open(htmlRequest('http://hangs.example/')))).toBe('TIMEOUT');
      expect(Date.now() - started).toBeLessThan(1500);
    });
  });

  describe('images', () => {
    it('streams an allowed image byte for byte, with its headers', async () => {
      const response = await image(origin.url('/image.png'));
      expect(response.contentType).toBe('image/png');
      expect(response.contentLength).toBe(png.length);
      expect(response.headers.etag).toBe('"v1"');
      expect((await readAll(response.body)).equals(png)).toBe(true);
    });

    it('refuses SVG', async () => {
      expect(await failureOf(image(origin.url('/image.svg')))).toBe('UNSUPPORTED_TYPE');
    });

    it('aborts an image over the cap mid-stream', async () => {
      const response = await image(origin.url('/huge.png'));
      expect(await failureOf(readAll(response.body))).toBe('TOO_LARGE');
      expect(response.body.destroyed).toBe(true);
    });
  });
});

function htmlRequest(url: string): OutboundRequest {
  return { url, accept: 'text/html', allowedTypes: ['text/html'], maxBytes: MB };
}
