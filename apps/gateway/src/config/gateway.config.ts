import { z } from 'zod';
import {
  commonEnvShape,
  listVar,
  loadConfig,
  portVar,
  productionSecretRule,
  refuseDevelopmentSecretInProduction,
  urlVar,
} from '@wave/config';
import { SERVICE_PORTS } from '@wave/contracts';
import { DEFAULT_SESSION_TTL_SECONDS } from '@wave/sessions';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const serviceUrl = (port: number) => urlVar(`http://127.0.0.1:${port}`, ['http:', 'https:']);

export const gatewayEnvSchema = z
  .object({
    ...commonEnvShape,
    PORT: portVar(SERVICE_PORTS.gateway),
    IDENTITY_URL: serviceUrl(SERVICE_PORTS.identity),
    TIMELINE_URL: serviceUrl(SERVICE_PORTS.timeline),
    COMMUNITIES_URL: serviceUrl(SERVICE_PORTS.communities),
    SEARCH_URL: serviceUrl(SERVICE_PORTS.search),
    MEDIA_URL: serviceUrl(SERVICE_PORTS.media),
    /** Browser origins allowed to make state-changing calls (besides the gateway's own). */
    ALLOWED_ORIGINS: listVar([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]),
    /**
     * Which proxies in front of the gateway to believe about the client address:
     * "false" (none), "true" (all), "loopback", a comma list of addresses or
     * CIDR ranges, or a hop count.
     */
    TRUST_PROXY: z.string().default('false'),
    SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(DEFAULT_SESSION_TTL_SECONDS),
    JSON_BODY_LIMIT_BYTES: count(1024 * 1024),
    UPSTREAM_TIMEOUT_MS: count(10_000),
    LOGIN_RATE_LIMIT_PER_IP: count(10),
    LOGIN_RATE_LIMIT_PER_ACCOUNT: count(10),
    LOGIN_RATE_LIMIT_WINDOW_SECONDS: count(60),
    REGISTER_RATE_LIMIT_PER_IP: count(10),
    REGISTER_RATE_LIMIT_WINDOW_SECONDS: count(3600),
    REQUEST_RATE_LIMIT_PER_IP: count(1200),
    REQUEST_RATE_LIMIT_WINDOW_SECONDS: count(60),
  })
  .refine(refuseDevelopmentSecretInProduction, productionSecretRule);

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export const loadGatewayConfig = (env: Record<string, string | undefined>): GatewayConfig =>
  loadConfig(gatewayEnvSchema, env);

/** The only place the gateway reads the environment. */
export const gatewayConfigFromEnvironment = (): GatewayConfig => loadGatewayConfig(process.env);

/** TRUST_PROXY in the form Fastify and proxy-addr take. */
export function trustProxySetting(value: string): boolean | number | string[] {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'false' || trimmed === '') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
