import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Module } from '@nestjs/common';
import { RpcClient } from './rpc-client';
import type { RpcEndpointOptions } from './rpc-server';

@Injectable()
class RpcClientShutdown implements OnApplicationShutdown {
  constructor(private readonly client: RpcClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

/** Provides an `RpcClient` to call other services, closed when the app stops. */
@Module({})
export class RpcClientModule {
  static forRoot(options: RpcEndpointOptions & { timeoutMs?: number }): DynamicModule {
    return {
      module: RpcClientModule,
      global: true,
      providers: [
        { provide: RpcClient, useFactory: () => new RpcClient(options) },
        RpcClientShutdown,
      ],
      exports: [RpcClient],
    };
  }
}
