import { v7 as uuidv7 } from 'uuid';
import { MediaHarness, pngOf } from './media-harness';

describe('media: uploads', () => {
  const sut = new MediaHarness();
  const owner = uuidv7();

  beforeAll(() =>
    sut.start('media_uploads', {
      IMAGE_MAX_PIXELS: '1000000',
      UPLOAD_MAX_BYTES: String(2 * 1024 * 1024),
    }),
  );
  afterAll(() => sut.stop());

  const status = async (id: string): Promise<string> => {
    const rows = await sut.dataSource.query<{ status: string }[]>(
      `SELECT status FROM media.uploads WHERE id = $1`,
      [id],
    );
    return rows[0]?.status ?? 'missing';
  };

  it('stores an image and records what it is', async () => {
    const { uploadURL, response } = await sut.upload(owner, await pngOf(300, 200));
    expect(response.statusCode).toBe(200);
    const id = /uploads\/([0-9a-f-]{36})/.exec(uploadURL)?.[1] ?? '';
    expect(response.json()).toEqual({
      objectPath: `/objects/uploads/${id}`,
      contentType: 'image/png',
      size: expect.any(Number),
      width: 300,
      height: 200,
    });
    expect(await status(id)).toBe('stored');
    const served = await sut.call('GET', `/objects/uploads/${id}`, { as: null });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a declared or streamed body over the limit, and burns the URL', async () => {
    const big = Buffer.concat([await pngOf(10, 10), Buffer.alloc(3 * 1024 * 1024)]);
    const { uploadURL, response } = await sut.upload(owner, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Images can be at most 25 MB' });
    const id = /uploads\/([0-9a-f-]{36})/.exec(uploadURL)?.[1] ?? '';
    expect(await status(id)).toBe('failed');
  });

  it('refuses a decompression bomb: more pixels than allowed', async () => {
    const { response } = await sut.upload(owner, await pngOf(1200, 1000));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/megapixels/);
  });

  it('refuses something that starts like a PNG but is not one', async () => {
    const fake = Buffer.concat([
      (await pngOf(10, 10)).subarray(0, 64),
      Buffer.from('garbage'.repeat(20)),
    ]);
    const { response } = await sut.upload(owner, fake);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The file is not a readable image' });
  });

  it('refuses an empty body and a non-image', async () => {
    const empty = await sut.upload(owner, Buffer.alloc(0));
    expect([400, 415]).toContain(empty.response.statusCode);
    const html = await sut.upload(owner, Buffer.from('<html>'.repeat(50)), 'image/png');
    expect(html.response.statusCode).toBe(415);
  });

  it('needs the identity of the gateway and a signed-in user', async () => {
    expect((await sut.call('POST', '/api/objects/upload')).statusCode).toBe(401);
    expect((await sut.call('POST', '/api/objects/upload', { as: null })).statusCode).toBe(401);
  });
});
