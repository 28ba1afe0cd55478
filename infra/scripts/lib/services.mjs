// The apps `npm start` runs, in start order (the gateway last). Each new
// service adds itself here.
export const SERVICES = [
  { name: 'identity', port: 3001, migrate: true, seed: true },
  { name: 'timeline', port: 3002, migrate: true, seed: true },
  { name: 'media', port: 3004, migrate: true },
  { name: 'gateway', port: 3000 },
];

export const GATEWAY_URL = 'http://localhost:3000';

/** The local S3 server media writes to (s3rver). */
export const OBJECT_STORE_PORT = 9000;
