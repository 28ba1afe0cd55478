import 'reflect-metadata';
import { gatewayConfigFromEnvironment } from './config/gateway.config';
import { createGatewayApp } from './gateway-app';

async function main(): Promise<void> {
  const config = gatewayConfigFromEnvironment();
  const app = await createGatewayApp(config);
  await app.listen(config.PORT, config.HOST);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
