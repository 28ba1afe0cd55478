// The apps `npm start` runs, in start order (the gateway last). Each new
// service adds itself here.
export const SERVICES = [
  { name: 'identity', port: 3001, migrate: true, seed: true },
  { name: 'timeline', port: 3002, migrate: true, seed: true },
  { name: 'gateway', port: 3000 },
];

export const GATEWAY_URL = 'http://localhost:3000';
