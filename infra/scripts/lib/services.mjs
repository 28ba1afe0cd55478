// The apps `npm start` runs, in start order (the gateway, then the web app, last).
// Each new service adds itself here. `command` overrides `node dist/apps/<name>/main.js`.
// `seed`: its `seed` command writes its part of the demo community (the first one alone,
// then the others side by side).
export const SERVICES = [
  { name: 'identity', port: 3001, migrate: true, seed: true },
  { name: 'timeline', port: 3002, migrate: true, seed: true },
  { name: 'communities', port: 3003, migrate: true, seed: true },
  { name: 'search', port: 3005, migrate: true },
  { name: 'media', port: 3004, migrate: true },
  { name: 'recommendations', port: 3006, migrate: true },
  // Its seed waits for timeline's posts and likes: its views follow them.
  { name: 'analytics', port: 3007, migrate: true, seed: true },
  { name: 'gateway', port: 3000 },
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
