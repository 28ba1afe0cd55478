// The apps `npm start` runs, in start order (the gateway, then the web app, last).
// Each new service adds itself here. `command` overrides `node dist/apps/<name>/main.js`.
// `seed`: its `seed` command writes its part of the demo community (the first one alone,
// then the others side by side). `metricsPort`: where it serves its Prometheus metrics
// (METRICS_PORT: 9400 plus its port's last digit, apart from its API). `replay`: it owns rows
// others project, and `npm run replay -- --to <service>` runs its `replay` command.
export const SERVICES = [
  { name: 'identity', port: 3001, metricsPort: 9401, migrate: true, seed: true, replay: true },
  { name: 'timeline', port: 3002, metricsPort: 9402, migrate: true, seed: true, replay: true },
  { name: 'communities', port: 3003, metricsPort: 9403, migrate: true, seed: true },
  { name: 'search', port: 3005, metricsPort: 9405, migrate: true },
  { name: 'media', port: 3004, metricsPort: 9404, migrate: true },
  { name: 'recommendations', port: 3006, metricsPort: 9406, migrate: true },
  // Its seed waits for timeline's posts and likes: its views follow them.
  { name: 'analytics', port: 3007, metricsPort: 9407, migrate: true, seed: true },
  { name: 'gateway', port: 3000, metricsPort: 9400 },
  {
    name: 'web',
    port: 8080,
    // The built client, served with /api and /objects proxied to the gateway (same origin).
    command: ['node_modules/.bin/vite', 'preview', '--config', 'apps/web/vite.config.ts'],
  },
];

export const GATEWAY_URL = 'http://localhost:3000';
export const WEB_URL = 'http://localhost:8080';

/** The local S3 server media writes to (s3rver). */
export const OBJECT_STORE_PORT = 9000;
