import { Logger } from '@nestjs/common';
import { ServerRedis } from '@nestjs/microservices';
import { SpanKind } from '@opentelemetry/api';
import type { Observable } from 'rxjs';
import { throwError } from 'rxjs';
import type { RpcName, RpcRequest, RpcResponse } from '@wave/contracts';
import { rpcChannel, rpcSchemas } from '@wave/contracts';
import { redisOptionsFromUrl } from '@wave/redis';
import { inSpanFrom, traceCarrierOf } from '@wave/tracing';

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
  private readonly logger = new Logger(RpcServer.name);

  constructor(private readonly options: RpcEndpointOptions) {
    this.server = new ServerRedis(transportOptions(options.url));
  }

  handle<N extends RpcName>(
    name: N,
    handler: (request: RpcRequest<N>) => Promise<RpcResponse<N>>,
  ): void {
    const schemas = rpcSchemas[name];
    // A failure is answered as an error packet ({ message }): thrown out of the
    // transport's handler, it would be an unhandled rejection (a crash on Node 20)
    // and the caller would wait for its timeout.
    this.server.addHandler(rpcChannel(this.options.prefix, name), async (data: unknown) => {
      const request = schemas.request.safeParse(data);
      if (!request.success) {
        return rpcError(`Invalid ${name} request: ${request.error.message}`);
      }
      const carrier = traceCarrierOf((data as Record<string, unknown>)[RPC_TRACE_KEY]);
      try {
        return await inSpanFrom(carrier, `rpc ${name}`, SpanKind.SERVER, async () =>
          schemas.response.parse(await handler(request.data as RpcRequest<N>)),
        );
      } catch (error) {
        // The cause stays in this service's log; the caller learns that the call failed.
        this.logger.error(
          `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        return rpcError(`${name} failed`);
      }
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

/** The key of a call's data that carries the caller's trace context (`TraceCarrier`). */
export const RPC_TRACE_KEY = '$trace';

/** What the caller receives as the error of a failed call. */
export interface RpcErrorPacket {
  message: string;
}

const rpcError = (message: string): Observable<never> =>
  throwError((): RpcErrorPacket => ({ message }));

/** How long the transport waits between two attempts to reconnect to Redis. */
export const RPC_RECONNECT_DELAY_MS = 500;

/**
 * The connection fields the Redis transport takes. Without `retryAttempts`, Nest's transport
 * never reconnects once its connection to Redis drops (a Redis restart): the server's clients
 * end, so it hears no call again, and the client makes new ones without a listener for the
 * answers, so every call times out, until the process restarts. With it, ioredis reconnects
 * the same connections for ever and subscribes them again to their channels; the client fails
 * calls at once while it reconnects.
 */
export function transportOptions(url: string) {
  const { host, port, username, password, db, tls } = redisOptionsFromUrl(url);
  return {
    host,
    port,
    username,
    password,
    db,
    tls,
    maxRetriesPerRequest: 2,
    retryAttempts: Number.POSITIVE_INFINITY,
    retryDelay: RPC_RECONNECT_DELAY_MS,
  };
}
