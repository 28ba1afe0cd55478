import { ClientRedis } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import { rpcChannel } from '@wave/contracts';
import { RpcClient, RpcUnavailableError } from '../src/rpc-client';
import { RpcServer, transportOptions } from '../src/rpc-server';

/** What the calls claim images for (a tweet). */
const subjectId = uuidv7();

describe('rpc over Redis', () => {
  // Calls leave no keys behind (publish/subscribe only), so no test namespace is needed;
  // prefixes of their own keep concurrent runs apart. (@wave/testing builds on this library.)
  const url = process.env['WAVE_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const options = { url, prefix: `wave-test-rpc-${uuidv7()}:` };
  const otherPrefix = `wave-test-rpc-${uuidv7()}:`;
  let server: RpcServer;
  let sut: RpcClient;
  const seen: unknown[] = [];

  beforeAll(async () => {
    server = new RpcServer(options);
    server.handle('media.claim-objects', (request) => {
      seen.push(request);
      if (request.objectPaths[0] === '/objects/uploads/fails') {
        return Promise.reject(new Error('the database is down (secret details)'));
      }
      return Promise.resolve(
        request.objectPaths[0] === '/objects/uploads/theirs'
          ? { ok: false as const, reason: 'not-yours' as const, objectPath: request.objectPaths[0] }
          : { ok: true as const, claimId: '0190b1de-1111-7000-8000-00000000c1a1' },
      );
    });
    await server.listen();
    sut = new RpcClient({ ...options, timeoutMs: 1_000 });
  });

  afterAll(async () => {
    await sut.close();
    await server.close();
  });

  it('answers a valid call', async () => {
    const ownerId = uuidv7();
    const answer = await sut.call('media.claim-objects', {
      ownerId,
      objectPaths: ['/objects/uploads/a'],
      purpose: 'tweet',
      subjectId,
    });
    expect(answer).toEqual({ ok: true, claimId: '0190b1de-1111-7000-8000-00000000c1a1' });
    expect(seen).toContainEqual({
      ownerId,
      objectPaths: ['/objects/uploads/a'],
      purpose: 'tweet',
      subjectId,
    });
  });

  it('carries a refusal back', async () => {
    const answer = await sut.call('media.claim-objects', {
      ownerId: uuidv7(),
      objectPaths: ['/objects/uploads/theirs'],
      purpose: 'profile',
      subjectId,
    });
    expect(answer).toEqual({
      ok: false,
      reason: 'not-yours',
      objectPath: '/objects/uploads/theirs',
    });
  });

  it('refuses to send an invalid request', async () => {
    await expect(
      sut.call('media.claim-objects', {
        ownerId: 'nope',
        objectPaths: [],
        purpose: 'tweet',
        subjectId,
      }),
    ).rejects.toThrow();
  });

  it('answers an invalid request with an error at once, and keeps serving', async () => {
    const raw = new ClientRedis(transportOptions(url));
    await raw.connect();
    try {
      const started = Date.now();
      await expect(
        firstValueFrom(
          raw
            .send(rpcChannel(options.prefix, 'media.claim-objects'), { ownerId: 'nope' })
            .pipe(timeout(1_000)),
        ),
      ).rejects.toEqual({
        message: expect.stringContaining('Invalid media.claim-objects request'),
      });
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await raw.close();
    }
    await expect(
      sut.call('media.claim-objects', {
        ownerId: uuidv7(),
        objectPaths: ['/objects/uploads/a'],
        purpose: 'tweet',
        subjectId,
      }),
    ).resolves.toMatchObject({ ok: true });
  });

  it('answers a failing handler with an error at once, without its details', async () => {
    const started = Date.now();
    const call = sut.call('media.claim-objects', {
      ownerId: uuidv7(),
      objectPaths: ['/objects/uploads/fails'],
      purpose: 'tweet',
      subjectId,
    });
    await expect(call).rejects.toBeInstanceOf(RpcUnavailableError);
    await expect(call).rejects.toThrow(
      'media.claim-objects did not answer: media.claim-objects failed',
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('times out when nobody listens (another deployment prefix)', async () => {
    const lonely = new RpcClient({ url, prefix: otherPrefix, timeoutMs: 300 });
    await expect(
      lonely.call('media.claim-objects', {
        ownerId: uuidv7(),
        objectPaths: ['/objects/uploads/a'],
        purpose: 'tweet',
        subjectId,
      }),
    ).rejects.toBeInstanceOf(RpcUnavailableError);
    await lonely.close();
  });
});
