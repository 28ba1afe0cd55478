import { PassThrough, Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { toErrorResponse } from '@wave/service-runtime';
import type { OutboundFetcher } from '../outbound/outbound-fetcher';
import { OutboundException } from '../outbound/outbound.exception';
import type { OutboundRequest, OutboundResponse } from '../outbound/safe-fetcher';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, ImageProxyService } from './image-proxy.service';
import { ImageProxySigner } from './image-proxy.signer';

const imageResponse = (overrides: Partial<OutboundResponse> = {}): OutboundResponse => ({
  url: new URL('https://cdn.example.com/a.png'),
  status: 200,
  contentType: 'image/png',
  charset: null,
  contentLength: 4,
  headers: {},
  body: Readable.from([Buffer.from([1, 2, 3, 4])]),
  ...overrides,
});

const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const CANNOT_LOAD = { status: 422, body: { message: "This image can't be loaded" } };

describe(ImageProxyService.name, () => {
  const signer = new ImageProxySigner('image-proxy-spec-secret-0123456789abcdef');
  let fetcher: { open: jest.Mock<Promise<OutboundResponse>, [OutboundRequest]> };
  let sut: ImageProxyService;
  /** What the proxy answers for a URL the server signed. */
  const open = (url: string) => sut.proxy(url, signer.sign(url));
  const failureOf = async (url: string) =>
    toErrorResponse(await open(url).catch((error: unknown) => error));

  // Failures are logged at debug; keep the test output quiet.
  beforeAll(() => jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  beforeEach(() => {
    fetcher = { open: jest.fn() };
    sut = new ImageProxyService(fetcher as unknown as OutboundFetcher, signer);
  });

  it.each([
    ['no signature', undefined],
    ['an empty one', ''],
    ['the signature of another URL', signer.sign('https://cdn.example.com/b.png')],
    [
      'one made with another secret',
      new ImageProxySigner(`${'x'.repeat(40)}`).sign('https://cdn.example.com/a.png'),
    ],
  ])('refuses %s with 403, before fetching anything', async (_label, sig) => {
    const error: unknown = await sut
      .proxy('https://cdn.example.com/a.png', sig)
      .catch((error: unknown) => error);
    expect(toErrorResponse(error)).toEqual({
      status: 403,
      body: { message: 'This image link is not signed by the server' },
    });
    expect(fetcher.open).not.toHaveBeenCalled();
  });

  it('asks for raster images only, up to 10 MB', async () => {
    fetcher.open.mockResolvedValue(imageResponse());
    await open('https://cdn.example.com/a.png');
    expect(fetcher.open).toHaveBeenCalledWith(
      expect.objectContaining({ allowedTypes: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES }),
    );
    expect(IMAGE_TYPES).not.toContain('image/svg+xml');
  });

  it('answers with safe headers, passing on the validators, and the body intact', async () => {
    fetcher.open.mockResolvedValue(
      imageResponse({
        headers: {
          etag: '"abc"',
          'last-modified': 'Wed, 21 Oct 2015 07:28:00 GMT',
          'set-cookie': ['tracker=1'],
          'content-type': 'image/png',
        },
      }),
    );

    const image = await open('https://cdn.example.com/a.png');

    expect(image.headers).toEqual({
      'content-type': 'image/png',
      'content-length': '4',
      'cache-control': 'public, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
      etag: '"abc"',
      'last-modified': 'Wed, 21 Oct 2015 07:28:00 GMT',
    });
    expect(await readAll(image.body)).toEqual(Buffer.from([1, 2, 3, 4]));
  });

  it('leaves out Content-Length when it is not known', async () => {
    fetcher.open.mockResolvedValue(imageResponse({ contentLength: null }));
    const image = await open('https://cdn.example.com/a.png');
    expect(image.headers).not.toHaveProperty('content-length');
  });

  it('cannot load an image whose body fails before its first byte', async () => {
    const body = new Readable({ read() {} });
    fetcher.open.mockResolvedValue(imageResponse({ body }));
    setImmediate(() => body.destroy(new OutboundException('TIMEOUT')));

    expect(await failureOf('https://cdn.example.com/a.png')).toEqual(CANNOT_LOAD);
  });

  it('does not wait forever for an empty body that ended before anyone read it', async () => {
    const body = new PassThrough();
    body.end();
    await new Promise(setImmediate);
    fetcher.open.mockResolvedValue(imageResponse({ body, contentLength: 0 }));

    const image = await open('https://cdn.example.com/empty.png');

    expect(await readAll(image.body)).toEqual(Buffer.alloc(0));
  });

  it('cannot load an image whose body is destroyed before its first byte', async () => {
    const body = new Readable({ read() {} });
    fetcher.open.mockResolvedValue(imageResponse({ body }));
    setImmediate(() => body.destroy());

    expect(await failureOf('https://cdn.example.com/a.png')).toEqual(CANNOT_LOAD);
  });

  it('answers a refused address like any other failure, with the reason in the log', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    fetcher.open.mockRejectedValueOnce(new OutboundException('FORBIDDEN_ADDRESS', 'to 10.0.0.1'));
    fetcher.open.mockRejectedValueOnce(new OutboundException('UPSTREAM_ERROR', 'ENOTFOUND'));

    expect(await failureOf('http://169.254.169.254/')).toEqual(CANNOT_LOAD);
    expect(await failureOf('http://nowhere.invalid/')).toEqual(CANNOT_LOAD);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('FORBIDDEN_ADDRESS: to 10.0.0.1'));
    warn.mockRestore();
  });
});
