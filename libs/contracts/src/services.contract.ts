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

/**
 * How a service's warning about text PostgreSQL refused (and no contract checked) begins: the
 * error filter writes it, and the whole-stack tests watch the logs for it.
 */
export const UNSTORABLE_TEXT_LOG_PREFIX = 'PostgreSQL refused text that no contract checked';
