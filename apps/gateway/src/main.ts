import 'reflect-metadata';
import { runServiceCommands, serveUntilStopped } from '@wave/service-runtime';
import { gatewayConfigFromEnvironment } from './config/gateway.config';
import { createGatewayApp } from './gateway-app';

/** `node main.js [serve]`. */
runServiceCommands('gateway', () => {
  const config = gatewayConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createGatewayApp(config);
      await serveUntilStopped(app, config);
    },
  };
});
