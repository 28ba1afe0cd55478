import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@wave/service-runtime';
import type { GatewayConfig } from './config/gateway.config';
import { trustProxySetting } from './config/gateway.config';
import { GatewayModule } from './gateway.module';

/** The gateway, ready to listen. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestFastifyApplication> {
  return createServiceApp(GatewayModule.register(config), {
    bodyLimit: config.JSON_BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
  });
}
