import { RpcException, ServerRedis } from '@nestjs/microservices';
import type { RpcName, RpcRequest, RpcResponse } from '@wave/contracts';
import { rpcChannel, rpcSchemas } from '@wave/contracts';
import { redisOptionsFromUrl } from '@wave/redis';

export interface RpcEndpointOptions {
  url: string;
  /** The deployment's key prefix (REDIS_KEY_PREFIX): calls of other deployments are not heard. */
  prefix: string;
}

/**
 * Answers calls, on @nestjs/microservices' Redis transport. Every request is
 * validated before the handler sees it, every answer before it leaves.
 */
export class RpcServer {
  private readonly server: ServerRedis;

  constructor(private readonly options: RpcEndpointOptions) {
    this.server = new ServerRedis(transportOptions(options.url));
  }

  handle<N extends RpcName>(
    name: N,
    handler: (request: RpcRequest<N>) => Promise<RpcResponse<N>>,
  ): void {
    const schemas = rpcSchemas[name];
    this.server.addHandler(rpcChannel(this.options.prefix, name), async (data: unknown) => {
      const request = schemas.request.safeParse(data);
      if (!request.success)
        throw new RpcException(`Invalid ${name} request: ${request.error.message}`);
      return schemas.response.parse(await handler(request.data as RpcRequest<N>));
    });
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.server.listen((error?: unknown) =>
        error
          ? reject(error instanceof Error ? error : new Error('The RPC server did not start'))
          : resolve(),
      ),
    );
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** The connection fields the Redis transport takes. */
export function transportOptions(url: string) {
  const { host, port, username, password, db, tls } = redisOptionsFromUrl(url);
  return { host, port, username, password, db, tls, maxRetriesPerRequest: 2 };
}
