import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@wave/service-runtime';
import type { GatewayConfig } from './config/gateway.config';
import { trustProxySetting } from './config/gateway.config';
import { GatewayModule } from './gateway.module';

/** The gateway, ready to listen. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestFastifyApplication> {
  const app = await createServiceApp(GatewayModule.register(config), {
    bodyLimit: config.JSON_BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
  });
  // Security headers on every answer, proxied ones included (an onRequest hook).
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  return app;
}
