import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TestBucket } from '@wave/testing';
import { createTestBucket } from '@wave/testing';
import { loadMediaConfig } from '../src/config/media.config';
import {
  isMissingObjectError,
  ObjectStorage,
  s3ClientOptions,
} from '../src/storage/object-storage';

const bytesOf = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

describe(ObjectStorage.name, () => {
  let bucket: TestBucket;
  let sut: ObjectStorage;

  beforeAll(async () => {
    bucket = createTestBucket('object-storage');
    sut = new ObjectStorage(
      loadMediaConfig({
        NODE_ENV: 'test',
        S3_ENDPOINT: bucket.endpoint,
        S3_ACCESS_KEY: bucket.accessKey,
        S3_SECRET_KEY: bucket.secretKey,
        S3_BUCKET: bucket.bucket,
      }),
    );
    await sut.ensureBucket();
  });

  afterAll(async () => {
    await bucket.cleanup();
  });

  const uniqueKey = (name: string) => `uploads/${randomBytes(6).toString('hex')}/${name}`;

  it('creates the bucket once and tolerates being asked again, even concurrently', async () => {
    await expect(sut.ensureBucket()).resolves.toBeUndefined();
    await expect(Promise.all([sut.ensureBucket(), sut.ensureBucket()])).resolves.toEqual([
      undefined,
      undefined,
    ]);
  });

  it('creates a missing bucket while another instance creates it too', async () => {
    const other = createTestBucket('object-storage-race');
    const config = loadMediaConfig({
      NODE_ENV: 'test',
      S3_ENDPOINT: other.endpoint,
      S3_ACCESS_KEY: other.accessKey,
      S3_SECRET_KEY: other.secretKey,
      S3_BUCKET: other.bucket,
    });
    try {
      await Promise.all([
        new ObjectStorage(config).ensureBucket(),
        new ObjectStorage(config).ensureBucket(),
      ]);
      const storage = new ObjectStorage(config);
      await storage.put('x', Buffer.from('x'), 'text/plain');
      expect(await storage.stat('x')).toMatchObject({ size: 1 });
    } finally {
      await other.cleanup();
    }
  });

  it('stores an object and gives back its bytes, size, content type and ETag', async () => {
    const key = uniqueKey('photo.webp');
    const data = randomBytes(10_000);
    const before = Date.now();

    await sut.put(key, data, 'image/webp');

    const stat = await sut.stat(key);
    expect(stat).toEqual({
      size: data.length,
      etag: expect.stringMatching(/^[0-9a-f]{32}$/),
      contentType: 'image/webp',
      lastModified: expect.any(Date),
    });
    expect(stat!.lastModified.getTime()).toBeGreaterThan(before - 60_000);
    expect(await bytesOf(await sut.read(key))).toEqual(data);
  });

  it('reads exactly the bytes of an inclusive range', async () => {
    const key = uniqueKey('range.bin');
    const data = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
    await sut.put(key, data, 'application/octet-stream');

    expect(await bytesOf(await sut.read(key, { start: 100, end: 199 }))).toEqual(
      data.subarray(100, 200),
    );
    // s3rver takes an end of 0 for no end and sends everything; read cuts it to the range.
    expect(await bytesOf(await sut.read(key, { start: 0, end: 0 }))).toEqual(data.subarray(0, 1));
    expect(await bytesOf(await sut.read(key, { start: 0, end: 1 }))).toEqual(data.subarray(0, 2));
    expect(await bytesOf(await sut.read(key, { start: 5, end: 5 }))).toEqual(data.subarray(5, 6));
    expect(await bytesOf(await sut.read(key, { start: 990, end: 999 }))).toEqual(
      data.subarray(990),
    );
  });

  it('reads a range spanning many chunks of a larger object', async () => {
    const key = uniqueKey('large.bin');
    const data = randomBytes(1024 * 1024);
    await sut.put(key, data, 'application/octet-stream');

    expect(await bytesOf(await sut.read(key, { start: 1000, end: 600_000 }))).toEqual(
      data.subarray(1000, 600_001),
    );
    expect(await bytesOf(await sut.read(key, { start: 0, end: data.length + 10 }))).toEqual(data);
  });

  it('refuses a range that is not one', async () => {
    const key = uniqueKey('range.bin');
    await expect(sut.read(key, { start: 10, end: 5 })).rejects.toThrow(RangeError);
    await expect(sut.read(key, { start: -1, end: 5 })).rejects.toThrow(RangeError);
  });

  it('says null for the stat of a missing key, and reading it fails recognisably', async () => {
    const key = uniqueKey('missing');

    expect(await sut.stat(key)).toBeNull();
    const error: unknown = await sut.read(key).catch((reason: unknown) => reason);
    expect(isMissingObjectError(error)).toBe(true);
    const rangeError: unknown = await sut
      .read(key, { start: 0, end: 9 })
      .catch((reason: unknown) => reason);
    expect(isMissingObjectError(rangeError)).toBe(true);
  });

  it('replaces an object written again under the same key', async () => {
    const key = uniqueKey('again');
    await sut.put(key, Buffer.from('first'), 'text/plain');
    await sut.put(key, Buffer.from('second!'), 'image/png');

    expect(await sut.stat(key)).toMatchObject({ size: 7, contentType: 'image/png' });
  });

  it('removes objects, missing keys included', async () => {
    const kept = uniqueKey('kept');
    const gone = [uniqueKey('a'), uniqueKey('b')];
    for (const key of [kept, ...gone]) await sut.put(key, Buffer.from(key), 'text/plain');

    await sut.remove([...gone, uniqueKey('never-there')]);

    expect(await sut.stat(gone[0]!)).toBeNull();
    expect(await sut.stat(gone[1]!)).toBeNull();
    expect(await sut.stat(kept)).not.toBeNull();
    await expect(sut.remove([])).resolves.toBeUndefined();
    await expect(sut.remove(gone)).resolves.toBeUndefined();
  });

  it('removes every object under a shared prefix at once', async () => {
    const prefix = uniqueKey('post');
    const keys = ['original', 'display', 'thumbnail'].map((name) => `${prefix}/${name}`);
    for (const key of keys) await sut.put(key, Buffer.from(key), 'text/plain');

    await sut.remove(keys);

    for (const key of keys) expect(await sut.stat(key)).toBeNull();
  });
});

describe(s3ClientOptions.name, () => {
  const optionsFor = (S3_ENDPOINT: string) =>
    s3ClientOptions(loadMediaConfig({ NODE_ENV: 'test', S3_ENDPOINT }));

  it('takes host, port and TLS from the endpoint URL', () => {
    expect(optionsFor('http://127.0.0.1:9000')).toMatchObject({
      endPoint: '127.0.0.1',
      port: 9000,
      useSSL: false,
      pathStyle: true,
      region: 'us-east-1',
    });
    expect(optionsFor('https://s3.example.com')).toMatchObject({
      endPoint: 's3.example.com',
      useSSL: true,
    });
    expect(optionsFor('https://s3.example.com').port).toBeUndefined();
  });

  it('refuses an endpoint with a path', () => {
    expect(() => optionsFor('http://127.0.0.1:9000/bucket')).toThrow(/bare origin/);
  });
});
