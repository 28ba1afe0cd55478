// The local S3-compatible server for one machine (s3rver): media stores its
// objects here through the same S3 client it uses against MinIO in production.
// Started by `npm start` on 127.0.0.1:9000 with its data in infra/.run/s3.
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { ROOT } from './lib/shell.mjs';

const directory = `${ROOT}/infra/.run/s3`;
mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.S3_PORT ?? 9000),
  directory,
  silent: true,
});
await server.run();
process.stdout.write(
  `s3rver listening on 127.0.0.1:${process.env.S3_PORT ?? 9000} (${directory})\n`,
);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
