import 'reflect-metadata';
import { runServiceCommands, serveTraced } from '@wave/service-runtime';
import { gatewayConfigFromEnvironment } from './config/gateway.config';
import { createGatewayApp } from './gateway-app';

/** `node main.js [serve]`. */
runServiceCommands('gateway', () => {
  const config = gatewayConfigFromEnvironment();
  return {
    serve: () => serveTraced('gateway', config, () => createGatewayApp(config)),
  };
});
