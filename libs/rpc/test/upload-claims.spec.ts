import { randomUUID } from 'node:crypto';
import type { RpcRequest, RpcResponse } from '@wave/contracts';
import { RpcClient } from '../src/rpc-client';
import { RpcServer } from '../src/rpc-server';
import { claimObjects, releaseClaims } from '../src/upload-claims';

/** Over the Redis server of the Jest global setup, under prefixes of their own (no keys left). */
describe('upload claims', () => {
  const url = process.env['WAVE_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const prefix = `wave-test-upload-claims-${randomUUID()}:`;
  const request: RpcRequest<'media.claim-objects'> = {
    ownerId: randomUUID(),
    objectPaths: [`/objects/uploads/${randomUUID()}`],
    purpose: 'profile',
    subjectId: randomUUID(),
  };
  let media: RpcServer;
  let answer: RpcResponse<'media.claim-objects'>;
  let rpc: RpcClient;
  let silent: RpcClient;

  beforeAll(async () => {
    media = new RpcServer({ url, prefix });
    media.handle('media.claim-objects', () => Promise.resolve(answer));
    await media.listen();
    rpc = new RpcClient({ url, prefix });
    // Nobody answers under this prefix.
    silent = new RpcClient({ url, prefix: `${prefix}nobody:`, timeoutMs: 300 });
  });
  afterAll(async () => {
    await Promise.all([media.close(), rpc.close(), silent.close()]);
  });

  describe(claimObjects.name, () => {
    it("answers the claim's id", async () => {
      const claimId = randomUUID();
      answer = { ok: true, claimId };
      expect(await claimObjects(rpc, request)).toEqual({ ok: true, claimId });
    });

    it.each(['not-found', 'not-yours', 'not-an-upload'] as const)(
      'answers media’s refusal %s',
      async (reason) => {
        answer = { ok: false, reason, objectPath: request.objectPaths[0] ?? '' };
        expect(await claimObjects(rpc, request)).toEqual({ ok: false, reason });
      },
    );

    it('answers unavailable when media does not answer', async () => {
      expect(await claimObjects(silent, request)).toEqual({ ok: false, reason: 'unavailable' });
    });

    it('throws a request the contract refuses, as a mistake of the caller', async () => {
      await expect(claimObjects(rpc, { ...request, objectPaths: [] })).rejects.toThrow();
    });
  });

  describe(releaseClaims.name, () => {
    it('never throws, and says so when media does not answer', async () => {
      const warnings: string[] = [];
      const logger = { warn: (message: string) => void warnings.push(message) };

      await releaseClaims(
        silent,
        {
          ownerId: request.ownerId,
          purpose: 'profile',
          subjectId: request.subjectId,
          claimId: randomUUID(),
        },
        logger,
      );

      expect(warnings).toEqual([
        expect.stringContaining(`Claims of profile ${request.subjectId} not released`),
      ]);
    });
  });
});
