import { PassThrough, Readable } from 'node:stream';
import type { OutboundFetcher } from '../outbound/outbound-fetcher';
import { OutboundException } from '../outbound/outbound.exception';
import type { OutboundRequest, OutboundResponse } from '../outbound/safe-fetcher';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, ImageProxyService } from './image-proxy.service';

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

describe(ImageProxyService.name, () => {
  let fetcher: { open: jest.Mock<Promise<OutboundResponse>, [OutboundRequest]> };
  let sut: ImageProxyService;

  beforeEach(() => {
    fetcher = { open: jest.fn() };
    sut = new ImageProxyService(fetcher as unknown as OutboundFetcher);
  });

  it('asks for raster images only, up to 10 MB', async () => {
    fetcher.open.mockResolvedValue(imageResponse());
    await sut.open('https://cdn.example.com/a.png');
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

    const image = await sut.open('https://cdn.example.com/a.png');

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
    const image = await sut.open('https://cdn.example.com/a.png');
    expect(image.headers).not.toHaveProperty('content-length');
  });

  it('fails with the OutboundException when the body fails before its first byte', async () => {
    const body = new Readable({ read() {} });
    fetcher.open.mockResolvedValue(imageResponse({ body }));
    setImmediate(() => body.destroy(new OutboundException('TIMEOUT')));

    await expect(sut.open('https://cdn.example.com/a.png')).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
  });

  it('does not wait forever for an empty body that ended before anyone read it', async () => {
    const body = new PassThrough();
    body.end();
    await new Promise(setImmediate);
    fetcher.open.mockResolvedValue(imageResponse({ body, contentLength: 0 }));

    const image = await sut.open('https://cdn.example.com/empty.png');

    expect(await readAll(image.body)).toEqual(Buffer.alloc(0));
  });

  it('fails when the body is destroyed before its first byte', async () => {
    const body = new Readable({ read() {} });
    fetcher.open.mockResolvedValue(imageResponse({ body }));
    setImmediate(() => body.destroy());

    await expect(sut.open('https://cdn.example.com/a.png')).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    });
  });

  it('passes on a refusal from the fetcher', async () => {
    fetcher.open.mockRejectedValue(new OutboundException('FORBIDDEN_ADDRESS'));
    await expect(sut.open('http://169.254.169.254/')).rejects.toMatchObject({
      code: 'FORBIDDEN_ADDRESS',
    });
  });
});
