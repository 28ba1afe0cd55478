import { randomUUID } from 'node:crypto';
import type { ObjectClaimPurpose, RpcRequest } from '@wave/contracts';
import { RpcServer } from '@wave/rpc';

/** A use of an upload the stand-in holds: claimed and not given back. */
export interface HeldClaim {
  objectPath: string;
  purpose: ObjectClaimPurpose;
  subjectId: string;
}

/** A claim call kept waiting for its answer until the test lets it go. */
export interface PausedClaim {
  /** Resolves with the request once it arrived (and waits). */
  arrived: Promise<RpcRequest<'media.claim-objects'>>;
  /** Lets it be answered. */
  answer(): void;
}

export interface MediaClaimsStandIn {
  /** Every claim it was asked for. */
  claims: RpcRequest<'media.claim-objects'>[];
  /** Every give-back (`media.release-claims`) it was asked for. */
  releases: RpcRequest<'media.release-claims'>[];
  /** The claims made and not given back, as media would keep them. */
  held(): HeldClaim[];
  /** Keeps the next claim call waiting until `answer()`, to act while it is in flight. */
  pauseNextClaim(): PausedClaim;
  close(): Promise<void>;
}

/**
 * Answers media's claim and release calls for services tested without media
 * (the whole stack tests use the real one): a path with "theirs" in it belongs
 * to someone else, one with "missing" was never uploaded, anything else is the
 * owner's. It keeps the claims it granted as media does, one per path and
 * use, each with the id of the call that made it (cleared when another call
 * claims the same use), and lets go of a call's own claims when a release
 * names its id.
 */
export async function startMediaClaimsStandIn(
  url: string,
  prefix: string,
): Promise<MediaClaimsStandIn> {
  const server = new RpcServer({ url, prefix });
  const claims: RpcRequest<'media.claim-objects'>[] = [];
  const releases: RpcRequest<'media.release-claims'>[] = [];
  /** The claims held, with the id of the only call that made each (null when several did). */
  const held = new Map<string, { claim: HeldClaim; claimId: string | null }>();
  const keyOf = (claim: HeldClaim) => `${claim.purpose} ${claim.subjectId} ${claim.objectPath}`;
  let paused: {
    arrived: (request: RpcRequest<'media.claim-objects'>) => void;
    go: Promise<void>;
  } | null = null;

  server.handle('media.claim-objects', async (request) => {
    claims.push(request);
    if (paused) {
      const { arrived, go } = paused;
      paused = null;
      arrived(request);
      await go;
    }
    const refused = (reason: 'not-yours' | 'not-found') => {
      const objectPath = request.objectPaths.find((path) =>
        path.includes(reason === 'not-yours' ? 'theirs' : 'missing'),
      );
      return objectPath ? { ok: false as const, reason, objectPath } : null;
    };
    const refusal = refused('not-yours') ?? refused('not-found');
    if (refusal) return refusal;
    const claimId = randomUUID();
    for (const objectPath of request.objectPaths) {
      const claim = { objectPath, purpose: request.purpose, subjectId: request.subjectId };
      held.set(keyOf(claim), { claim, claimId: held.has(keyOf(claim)) ? null : claimId });
    }
    return { ok: true as const, claimId };
  });
  server.handle('media.release-claims', (request) => {
    releases.push(request);
    let released = 0;
    for (const [key, { claim, claimId }] of held) {
      if (
        claimId === request.claimId &&
        claim.purpose === request.purpose &&
        claim.subjectId === request.subjectId
      ) {
        held.delete(key);
        released += 1;
      }
    }
    return Promise.resolve({ released });
  });
  await server.listen();
  return {
    claims,
    releases,
    held: () => [...held.values()].map(({ claim }) => claim),
    pauseNextClaim() {
      let answer = () => {};
      const go = new Promise<void>((resolve) => {
        answer = resolve;
      });
      const arrived = new Promise<RpcRequest<'media.claim-objects'>>((resolve) => {
        paused = { arrived: resolve, go };
      });
      return { arrived, answer };
    },
    close: () => server.close(),
  };
}
