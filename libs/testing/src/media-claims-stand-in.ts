import type { RpcRequest } from '@wave/contracts';
import { RpcServer } from '@wave/rpc';

export interface MediaClaimsStandIn {
  /** Every claim it was asked for. */
  claims: RpcRequest<'media.claim-objects'>[];
  close(): Promise<void>;
}

/**
 * Answers media's claim call for services tested without media (the whole
 * stack tests use the real one): a path with "theirs" in it belongs to someone
 * else, one with "missing" was never uploaded, anything else is the owner's.
 */
export async function startMediaClaimsStandIn(
  url: string,
  prefix: string,
): Promise<MediaClaimsStandIn> {
  const server = new RpcServer({ url, prefix });
  const claims: RpcRequest<'media.claim-objects'>[] = [];
  server.handle('media.claim-objects', (request) => {
    claims.push(request);
    const refused = (reason: 'not-yours' | 'not-found') => {
      const objectPath = request.objectPaths.find((path) =>
        path.includes(reason === 'not-yours' ? 'theirs' : 'missing'),
      );
      return objectPath ? { ok: false as const, reason, objectPath } : null;
    };
    return Promise.resolve(refused('not-yours') ?? refused('not-found') ?? { ok: true as const });
  });
  await server.listen();
  return { claims, close: () => server.close() };
}
