import { ClientRedis } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import type { RpcName } from '@wave/contracts';
import { rpcChannel } from '@wave/contracts';
import { transportOptions } from '@wave/rpc';

/**
 * Sends RPC calls without the client's validation, as a broken caller would: for tests of a
 * server's refusals (its answer to a bad request is an error packet, `{ message }`).
 */
export class RawRpcCaller {
  private readonly client: ClientRedis;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    this.client = new ClientRedis(transportOptions(redisUrl));
  }

  async send(name: RpcName, data: unknown, timeoutMs = 5_000): Promise<unknown> {
    await this.client.connect();
    return firstValueFrom(
      this.client.send<unknown>(rpcChannel(this.prefix, name), data).pipe(timeout(timeoutMs)),
    );
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
