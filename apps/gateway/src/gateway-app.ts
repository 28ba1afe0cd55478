import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { openApiDocument } from '@wave/contracts';
import { createServiceApp } from '@wave/service-runtime';
import { SESSION_COOKIE_NAME } from '@wave/sessions';
import type { GatewayConfig } from './config/gateway.config';
import { trustProxySetting } from './config/gateway.config';
import { apiDocsRoutes } from './docs/api-docs-routes';
import { GatewayModule } from './gateway.module';
import { GatewayPipeline } from './pipeline/gateway-pipeline';
import { proxyRoutes } from './proxy/proxy-routes';
import { Upstreams } from './proxy/upstreams';

/** The gateway, ready to listen. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestFastifyApplication> {
  const app = await createServiceApp(GatewayModule.register(config), {
    bodyLimit: config.JSON_BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    // Its callers are the public: each request begins a trace of its own.
    continueCallerTraces: false,
  });
  // Before the proxy's scope is registered, so that its routes run the hook too.
  app.getHttpAdapter().getInstance().addHook('onRequest', app.get(GatewayPipeline).onRequest);
  await app.register(proxyRoutes(app.get(Upstreams), config.JSON_BODY_LIMIT_BYTES));
  // Made once, here: converting every schema of every operation is not for each request.
  await app.register(apiDocsRoutes(openApiDocument({ sessionCookieName: SESSION_COOKIE_NAME })));
  return app;
}
