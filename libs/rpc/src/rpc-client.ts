import { ClientRedis } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import type { RpcName, RpcRequest, RpcResponse } from '@wave/contracts';
import { rpcChannel, rpcSchemas } from '@wave/contracts';
import { currentTraceCarrier } from '@wave/tracing';

import type { RpcEndpointOptions } from './rpc-server';
import { RPC_TRACE_KEY, transportOptions } from './rpc-server';

/** An Error's message, or the `message` of an error packet from the server. */
const describeCause = (cause: unknown): string =>
  cause instanceof Error
    ? cause.message
    : typeof cause === 'object' && cause !== null && 'message' in cause
      ? String(cause.message)
      : String(cause);

/** A call that got no valid answer in time (the other service is down or failing). */
export class RpcUnavailableError extends Error {
  constructor(
    readonly call: RpcName,
    cause: unknown,
  ) {
    super(`${call} did not answer: ${describeCause(cause)}`);
    this.name = 'RpcUnavailableError';
  }
}

/** Makes calls, with a timeout, validating the request and the answer. */
export class RpcClient {
  private readonly client: ClientRedis;

  constructor(private readonly options: RpcEndpointOptions & { timeoutMs?: number }) {
    this.client = new ClientRedis(transportOptions(options.url));
  }

  async call<N extends RpcName>(name: N, request: RpcRequest<N>): Promise<RpcResponse<N>> {
    const schemas = rpcSchemas[name];
    // The caller's trace rides along under a key of its own, which request schemas (plain
    // objects) ignore: a server that does not read it still answers.
    const carrier = currentTraceCarrier();
    const checked = carrier
      ? { ...schemas.request.parse(request), [RPC_TRACE_KEY]: carrier }
      : schemas.request.parse(request);
    let answer: unknown;
    try {
      await this.client.connect();
      answer = await firstValueFrom(
        this.client
          .send<unknown>(rpcChannel(this.options.prefix, name), checked)
          .pipe(timeout(this.options.timeoutMs ?? 5_000)),
      );
    } catch (error) {
      throw new RpcUnavailableError(name, error);
    }
    const parsed = schemas.response.safeParse(answer);
    if (!parsed.success) throw new RpcUnavailableError(name, parsed.error);
    return parsed.data as RpcResponse<N>;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
