import { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { toErrorResponse } from '@wave/service-runtime';
import { ImageProxySigner } from '../image-proxy/image-proxy.signer';
import type { OutboundFetcher } from '../outbound/outbound-fetcher';
import { OUTBOUND_ERROR_CODES, OutboundException } from '../outbound/outbound.exception';
import type { OutboundRequest, OutboundResponse } from '../outbound/safe-fetcher';
import type {
  CachedLinkPreview,
  LinkPreviewCacheRepository,
} from './link-preview-cache.repository';
import type { PagePreview } from './link-preview-parser';
import {
  FAILURE_TTL_SECONDS,
  HTML_MAX_BYTES,
  LinkPreviewsService,
  PREVIEW_TTL_SECONDS,
} from './link-previews.service';

const URL_ = 'https://example.com/post';

const htmlResponse = (html: string | Buffer[], overrides: Partial<OutboundResponse> = {}) => {
  const chunks = typeof html === 'string' ? [Buffer.from(html)] : html;
  return {
    url: new URL(URL_),
    status: 200,
    contentType: 'text/html',
    charset: 'utf-8',
    contentLength: null,
    headers: {},
    body: Readable.from(chunks),
    ...overrides,
  } satisfies OutboundResponse;
};

const aPreview = (overrides: Partial<PagePreview> = {}): PagePreview => ({
  url: URL_,
  title: 'Cached',
  description: null,
  image: null,
  siteName: 'example.com',
  ...overrides,
});

describe(LinkPreviewsService.name, () => {
  let fetcher: { open: jest.Mock<Promise<OutboundResponse>, [OutboundRequest]> };
  let cache: {
    find: jest.Mock<Promise<CachedLinkPreview | null>, [string]>;
    save: jest.Mock<Promise<void>, [string, CachedLinkPreview, number]>;
  };
  let sut: LinkPreviewsService;
  const signer = new ImageProxySigner('link-previews-spec-secret-0123456789abcdef');

  beforeEach(() => {
    fetcher = { open: jest.fn() };
    cache = {
      find: jest.fn().mockResolvedValue(null),
      save: jest.fn().mockResolvedValue(undefined),
    };
    sut = new LinkPreviewsService(
      fetcher as unknown as OutboundFetcher,
      cache as unknown as LinkPreviewCacheRepository,
      signer,
    );
  });

  it('fetches HTML with the 1 MB cap, reads the preview and caches it for 24 h', async () => {
    fetcher.open.mockResolvedValue(
      htmlResponse('<html><head><meta property="og:title" content="Fresh"></head></html>'),
    );

    const preview = await sut.previewFor(URL_);

    expect(preview).toEqual({
      url: URL_,
      title: 'Fresh',
      description: null,
      image: null,
      siteName: 'example.com',
    });
    expect(fetcher.open).toHaveBeenCalledWith(
      expect.objectContaining({
        url: URL_,
        allowedTypes: ['text/html', 'application/xhtml+xml'],
        maxBytes: HTML_MAX_BYTES,
      }),
    );
    expect(cache.save).toHaveBeenCalledWith(URL_, { ok: true, preview }, PREVIEW_TTL_SECONDS);
  });

  it('normalises the URL before looking in the cache', async () => {
    cache.find.mockResolvedValue({ ok: true, preview: aPreview() });

    await expect(sut.previewFor('  HTTPS://EXAMPLE.com:443/post#top ')).resolves.toEqual(
      aPreview(),
    );

    expect(cache.find).toHaveBeenCalledWith(URL_);
    expect(fetcher.open).not.toHaveBeenCalled();
  });

  it('answers a cached failure with the same error, without fetching', async () => {
    cache.find.mockResolvedValue({ ok: false, code: 'FORBIDDEN_ADDRESS' });

    await expect(sut.previewFor(URL_)).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    expect(fetcher.open).not.toHaveBeenCalled();
  });

  it('caches a failed fetch for 10 minutes and rethrows it', async () => {
    fetcher.open.mockRejectedValue(new OutboundException('UNSUPPORTED_TYPE'));

    await expect(sut.previewFor(URL_)).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    expect(cache.save).toHaveBeenCalledWith(
      URL_,
      { ok: false, code: 'UNSUPPORTED_TYPE' },
      FAILURE_TTL_SECONDS,
    );
  });

  it('reports a body that fails mid-way (too large) as that error', async () => {
    const body = new Readable({ read() {} });
    fetcher.open.mockResolvedValue(htmlResponse([], { body }));
    body.push('<html><head><title>');
    setImmediate(() => body.destroy(new OutboundException('TOO_LARGE')));

    await expect(sut.previewFor(URL_)).rejects.toMatchObject({ code: 'TOO_LARGE' });
    expect(cache.save).toHaveBeenCalledWith(URL_, { ok: false, code: 'TOO_LARGE' }, 600);
  });

  it('refuses an invalid URL before the cache or the network', async () => {
    await expect(sut.previewFor('ftp://example.com/')).rejects.toMatchObject({
      code: 'INVALID_URL',
    });
    expect(cache.find).not.toHaveBeenCalled();
    expect(fetcher.open).not.toHaveBeenCalled();
  });

  it('stops reading at </head> and closes the body', async () => {
    const head = Buffer.from('<html><head><title>Short head</title></head><body>');
    const body = Readable.from(
      (function* () {
        yield head;
        for (;;) yield Buffer.alloc(64 * 1024, 'x');
      })(),
    );
    fetcher.open.mockResolvedValue(htmlResponse([], { body }));

    await expect(sut.previewFor(URL_)).resolves.toMatchObject({ title: 'Short head' });
    expect(body.destroyed).toBe(true);
  });

  it('decodes the page with the charset its header or <meta> declares', async () => {
    const latin1 = Buffer.from(
      '<head><meta charset="iso-8859-1"><title>Caf\xe9</title></head>',
      'latin1',
    );
    fetcher.open.mockResolvedValue(htmlResponse([latin1], { charset: null }));

    await expect(sut.previewFor(URL_)).resolves.toMatchObject({ title: 'Café' });
  });

  it('decodes a multi-byte character split across chunks', async () => {
    const bytes = Buffer.from('<head><title>Wave 🌊 on</title></head>');
    const cut = bytes.indexOf(Buffer.from('🌊')) + 2;
    fetcher.open.mockResolvedValue(htmlResponse([bytes.subarray(0, cut), bytes.subarray(cut)]));

    await expect(sut.previewFor(URL_)).resolves.toMatchObject({ title: 'Wave 🌊 on' });
  });

  it('fetches once for concurrent requests of the same URL', async () => {
    let release!: (response: OutboundResponse) => void;
    fetcher.open.mockReturnValue(new Promise((resolve) => (release = resolve)));

    const all = Promise.all([sut.previewFor(URL_), sut.previewFor(URL_), sut.previewFor(URL_)]);
    await new Promise(setImmediate);
    release(htmlResponse('<head><title>Once</title></head>'));

    expect((await all).map((preview) => preview.title)).toEqual(['Once', 'Once', 'Once']);
    expect(fetcher.open).toHaveBeenCalledTimes(1);
  });

  it('still answers when the cache is down', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    cache.find.mockRejectedValue(new Error('Connection is closed.'));
    cache.save.mockRejectedValue(new Error('Connection is closed.'));
    fetcher.open.mockResolvedValue(htmlResponse('<head><title>No cache</title></head>'));

    await expect(sut.previewFor(URL_)).resolves.toMatchObject({ title: 'No cache' });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  describe('answering a member', () => {
    it('links the picture through the image proxy, signed for that URL', async () => {
      const image = 'https://cdn.example.com/cover.png';
      cache.find.mockResolvedValue({ ok: true, preview: aPreview({ image }) });

      await expect(sut.preview('user-1', URL_)).resolves.toEqual({
        ...aPreview({ image }),
        imageProxyUrl: `/api/image-proxy?url=${encodeURIComponent(image)}&sig=${signer.sign(image)}`,
      });
    });

    it('gives no link without a picture', async () => {
      cache.find.mockResolvedValue({ ok: true, preview: aPreview({ image: null }) });
      await expect(sut.preview('user-1', URL_)).resolves.toMatchObject({ imageProxyUrl: null });
    });

    it('answers every refused or failed destination the same way, keeping the reason in the log', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
      const answers = [];
      for (const code of OUTBOUND_ERROR_CODES) {
        fetcher.open.mockRejectedValueOnce(new OutboundException(code, `detail of ${code}`));
        answers.push(
          toErrorResponse(
            await sut.preview('user-1', `${URL_}/${code}`).catch((error: unknown) => error),
          ),
        );
      }

      expect(answers).toEqual(
        OUTBOUND_ERROR_CODES.map(() => ({
          status: 422,
          body: { message: "This link can't be previewed" },
        })),
      );
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('FORBIDDEN_ADDRESS: detail of FORBIDDEN_ADDRESS'),
      );
      expect(debug).toHaveBeenCalledWith(expect.stringContaining('TIMEOUT: detail of TIMEOUT'));
      warn.mockRestore();
      debug.mockRestore();
    });

    it('answers a cached failure the same way, without fetching', async () => {
      cache.find.mockResolvedValue({ ok: false, code: 'FORBIDDEN_ADDRESS' });
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

      const error: unknown = await sut.preview('user-1', URL_).catch((error: unknown) => error);

      expect(toErrorResponse(error)).toEqual({
        status: 422,
        body: { message: "This link can't be previewed" },
      });
      expect(fetcher.open).not.toHaveBeenCalled();
      warn.mockRestore();
    });

    it('refuses a link with credentials as bad input, before the cache or the network', async () => {
      const error: unknown = await sut
        .preview('user-1', 'https://user:pw@example.com/')
        .catch((error: unknown) => error);

      expect(toErrorResponse(error)).toEqual({
        status: 400,
        body: { message: 'The link must be an http or https URL without a user name or password' },
      });
      expect(cache.find).not.toHaveBeenCalled();
      expect(fetcher.open).not.toHaveBeenCalled();
    });
  });
});
