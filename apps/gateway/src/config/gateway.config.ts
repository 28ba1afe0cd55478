import { z } from 'zod';
import { listVar, loadConfig, portVar, serviceEnvSchema, urlListVar } from '@wave/config';
import { SERVICE_PORTS } from '@wave/contracts';
import { DEFAULT_SESSION_TTL_SECONDS } from '@wave/sessions';
import type { UpstreamUrlVar } from '../routing/route-table';
import { UPSTREAMS, urlVarOf } from '../routing/route-table';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
/**
 * A service's URL, or its replicas' URLs separated by commas (the gateway takes them in turn and
 * retries a failed connection on another: `Replicas`). Behind one URL the platform balances.
 */
const serviceUrl = (port: number) => urlListVar(`http://127.0.0.1:${port}`, ['http:', 'https:']);

/** `IDENTITY_URL`, `TIMELINE_URL`, …: one per service of the route table's record. */
const upstreamUrls = Object.fromEntries(
  UPSTREAMS.map((upstream) => [urlVarOf(upstream), serviceUrl(SERVICE_PORTS[upstream])]),
) as Record<UpstreamUrlVar, ReturnType<typeof serviceUrl>>;

export const gatewayEnvSchema = serviceEnvSchema({
  PORT: portVar(SERVICE_PORTS.gateway),
  ...upstreamUrls,
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
  /**
   * How long the gateway remembers a session it resolved (0: it asks Redis on every call). An
   * ended session is forgotten at once, announced by identity; this bounds the rest.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  SESSION_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(100_000),
  JSON_BODY_LIMIT_BYTES: count(1024 * 1024),
  UPSTREAM_TIMEOUT_MS: count(10_000),
  /** Sign-ins from one address, whatever the account, per window. */
  LOGIN_RATE_LIMIT_PER_IP: count(10),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: count(60),
  /**
   * Failed sign-ins to one account from one address: this many in a row cost
   * nothing, then each failure makes that pair wait twice as long as the last
   * (from LOGIN_DELAY_BASE_SECONDS up to LOGIN_DELAY_MAX_SECONDS). Failures are
   * remembered LOGIN_FAILURE_MEMORY_SECONDS; a successful sign-in forgets them.
   */
  LOGIN_FREE_FAILURES: count(5),
  LOGIN_DELAY_BASE_SECONDS: count(1),
  LOGIN_DELAY_MAX_SECONDS: count(900),
  LOGIN_FAILURE_MEMORY_SECONDS: count(86_400),
  REGISTER_RATE_LIMIT_PER_IP: count(10),
  REGISTER_RATE_LIMIT_WINDOW_SECONDS: count(3600),
  REQUEST_RATE_LIMIT_PER_IP: count(1200),
  REQUEST_RATE_LIMIT_WINDOW_SECONDS: count(60),
  /** Each link preview may make the server fetch a page: members only, and few of them. */
  LINK_PREVIEW_RATE_LIMIT_PER_USER: count(30),
  LINK_PREVIEW_RATE_LIMIT_PER_IP: count(60),
  LINK_PREVIEW_RATE_LIMIT_WINDOW_SECONDS: count(60),
  /**
   * Image-proxy loads per address, visitors' and members' alike: generous, as a
   * feed shows many previews, but a signed link cannot be replayed at the
   * general budget's pace.
   */
  IMAGE_PROXY_RATE_LIMIT_PER_IP: count(300),
  IMAGE_PROXY_RATE_LIMIT_WINDOW_SECONDS: count(60),
  /**
   * Page views (`/api/seo/track`, one per navigation) and impression reports
   * (`/api/analytics/impressions`, one per 10 s per tab) per address, visitors'
   * and members' alike: generous (a household or an office shares an address),
   * but a script cannot inflate views at the general budget's pace.
   */
  PAGE_VIEW_RATE_LIMIT_PER_IP: count(600),
  PAGE_VIEW_RATE_LIMIT_WINDOW_SECONDS: count(60),
  IMPRESSION_RATE_LIMIT_PER_IP: count(300),
  IMPRESSION_RATE_LIMIT_WINDOW_SECONDS: count(60),
  /**
   * SEO analyses (`/api/seo/analyze` and `/optimize`): members only; each takes up to about
   * 45 ms of the analytics service's time on a 100,000-character text.
   */
  SEO_ANALYSIS_RATE_LIMIT_PER_USER: count(60),
  SEO_ANALYSIS_RATE_LIMIT_PER_IP: count(120),
  SEO_ANALYSIS_RATE_LIMIT_WINDOW_SECONDS: count(60),
  /**
   * Page views (`POST /api/seo/track`, answered here) wait this long for others, or until
   * this many, before going to analytics' `analytics-ingest` queue as one job.
   */
  INGEST_BATCH_MS: z.coerce.number().int().min(1).max(10_000).default(50),
  INGEST_BATCH_MAX_VIEWS: z.coerce.number().int().min(1).max(10_000).default(500),
}).refine((env) => env.LOGIN_DELAY_MAX_SECONDS >= env.LOGIN_DELAY_BASE_SECONDS, {
  message: 'LOGIN_DELAY_MAX_SECONDS must be at least LOGIN_DELAY_BASE_SECONDS',
  path: ['LOGIN_DELAY_MAX_SECONDS'],
});

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
