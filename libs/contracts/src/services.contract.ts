/** The deployable parts and their default ports (ARCHITECTURE.md). */
export const SERVICE_PORTS = {
  gateway: 3000,
  identity: 3001,
  timeline: 3002,
  communities: 3003,
  media: 3004,
  search: 3005,
  recommendations: 3006,
  analytics: 3007,
  web: 8080,
} as const;
export type ServiceName = keyof typeof SERVICE_PORTS;
