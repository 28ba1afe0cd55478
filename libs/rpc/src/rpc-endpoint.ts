import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { RpcEndpointOptions } from './rpc-server';
import { RpcServer } from './rpc-server';

/**
 * A service's answers to other services, as a Nest provider: the subclass
 * registers its handlers on `server` in its constructor; calls are heard
 * from application start to shutdown.
 */
export abstract class RpcEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly server: RpcServer;

  protected constructor(options: RpcEndpointOptions) {
    this.server = new RpcServer(options);
  }

  onApplicationBootstrap(): Promise<void> {
    return this.server.listen();
  }

  onApplicationShutdown(): Promise<void> {
    return this.server.close();
  }
}

/**
 * One page of a keyset-paged call from rows read with `limit + 1`: the first
 * `limit` rows, and `next` (the key of the last one) only when a row follows,
 * so `next` is null exactly after the last page.
 */
export function keysetPage<R, K>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => K,
): { rows: R[]; next: K | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last !== undefined ? keyOf(last) : null };
}
