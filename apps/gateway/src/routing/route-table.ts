/**
 * Every service behind the gateway, the one record its upstreams come from: each is reached at
 * `<SERVICE>_URL` (a URL, or its replicas' URLs; the port of SERVICE_PORTS by default), and may
 * take `timeoutMs` to answer where the default (UPSTREAM_TIMEOUT_MS) is too short (media decodes
 * and re-encodes images of up to 40 megapixels). A new service is a line here and its rules below.
 */
export const UPSTREAM_SERVICES = {
  identity: {},
  timeline: {},
  communities: {},
  search: {},
  media: { timeoutMs: 60_000 },
  recommendations: {},
  analytics: {},
} as const satisfies Record<string, { timeoutMs?: number }>;

export type Upstream = keyof typeof UPSTREAM_SERVICES;
export const UPSTREAMS = Object.keys(UPSTREAM_SERVICES) as Upstream[];

/** The variable naming where a service runs: `TIMELINE_URL`. */
export type UpstreamUrlVar = `${Uppercase<Upstream>}_URL`;
export const urlVarOf = (upstream: Upstream): UpstreamUrlVar =>
  `${upstream.toUpperCase() as Uppercase<Upstream>}_URL`;

export const UPSTREAM_TIMEOUTS_MS: Partial<Record<Upstream, number>> = Object.fromEntries(
  Object.entries(UPSTREAM_SERVICES).flatMap(([upstream, settings]) =>
    'timeoutMs' in settings ? [[upstream, settings.timeoutMs]] : [],
  ),
);

/*
 * Which service owns which public path (ROUTES): the first matching rule wins, so a more
 * specific rule of one service (say `/api/users/{id}/tweets`) must come before a broader rule
 * of another (`/api/users/...`).
 */

/**
 * Limits of single routes, on top of the general budget; ROUTE_LIMITS
 * (security/rate-limits.ts) says whom each counts, per what, and its refusal.
 */
export const ROUTE_LIMIT_NAMES = [
  'linkPreview',
  'imageProxy',
  'pageViews',
  'impressions',
  'seoAnalysis',
] as const;
export type RouteLimitName = (typeof ROUTE_LIMIT_NAMES)[number];

export interface RouteRule {
  upstream: Upstream;
  pattern: RegExp;
  /** Largest request body this route takes; the gateway default otherwise. */
  bodyLimit?: number;
  /** A limit of this route's own, counted once the session is known. */
  limit?: RouteLimitName;
  /**
   * Answered by a controller of the gateway after the same checks (session, visitor key,
   * limit) instead of proxied: the page views, which it queues for the upstream itself.
   */
  inGateway?: true;
}

/** A post may carry an inline image of 25 MB as a data URL (a third larger in base64). */
export const TWEET_BODY_LIMIT_BYTES = 36 * 1024 * 1024;
/** An uploaded image is at most 25 MB (the media service checks it exactly). */
export const UPLOAD_BODY_LIMIT_BYTES = 25 * 1024 * 1024 + 64 * 1024;

export const ROUTES: readonly RouteRule[] = [
  { upstream: 'identity', pattern: /^\/api\/(?:register|login|logout|user)$/ },
  { upstream: 'timeline', pattern: /^\/api\/tweets$/, bodyLimit: TWEET_BODY_LIMIT_BYTES },
  { upstream: 'timeline', pattern: /^\/api\/tweets\/[^/]+(?:\/[^/]+)?$/ },
  { upstream: 'timeline', pattern: /^\/api\/users\/[^/]+\/tweets$/ },
  { upstream: 'timeline', pattern: /^\/api\/link-preview$/, limit: 'linkPreview' },
  { upstream: 'timeline', pattern: /^\/api\/image-proxy$/, limit: 'imageProxy' },
  { upstream: 'identity', pattern: /^\/api\/users(?:\/[^/]+)*$/ },
  { upstream: 'communities', pattern: /^\/api\/communities(?:\/[^/]+)*$/ },
  { upstream: 'communities', pattern: /^\/api\/posts\/[^/]+(?:\/[^/]+)?$/ },
  { upstream: 'search', pattern: /^\/api\/(?:search|search\/analytics|trends)$/ },
  { upstream: 'media', pattern: /^\/api\/objects\/upload$/ },
  { upstream: 'recommendations', pattern: /^\/api\/ai\/recommendations$/ },
  { upstream: 'recommendations', pattern: /^\/api\/ai\/feedback$/ },
  { upstream: 'analytics', pattern: /^\/api\/seo\/track$/, limit: 'pageViews', inGateway: true },
  { upstream: 'analytics', pattern: /^\/api\/seo\/(?:analyze|optimize)$/, limit: 'seoAnalysis' },
  { upstream: 'analytics', pattern: /^\/api\/seo\/(?:analytics|recommendations)$/ },
  { upstream: 'analytics', pattern: /^\/api\/analytics\/impressions$/, limit: 'impressions' },
  { upstream: 'analytics', pattern: /^\/api\/analytics\/user\/[^/]+\/[^/]+$/ },
  { upstream: 'analytics', pattern: /^\/api\/analytics\/views$/ },
  // The sitemaps, for crawlers: on the site's origin (the web server passes these paths on).
  { upstream: 'analytics', pattern: /^\/sitemap\.xml$/ },
  { upstream: 'analytics', pattern: /^\/sitemaps\/[^/]+$/ },
  {
    upstream: 'media',
    pattern: /^\/objects\/uploads\/[^/]+(?:\/display)?$/,
    bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
  },
];

/**
 * The paths under which ROUTES lie, for the router (find-my-way wildcards): requests to
 * them go to the proxy's routes once ProxyRouter has matched their rule.
 */
export const PROXIED_PATHS = ['/api/*', '/sitemap.xml', '/sitemaps/*', '/objects/*'] as const;

/** Routes the gateway answers itself. */
export const GATEWAY_ROUTES: ReadonlySet<string> = new Set(['/api/health']);

/**
 * The API's documentation, which the gateway answers too (docs/): its page here, the document
 * at `/json` and `/yaml` beneath, and the page's scripts and styles under `/static/`.
 */
export const API_DOCS_PATH = '/api/docs';

/**
 * The route label of a path the gateway answers itself (the documentation's paths all under
 * one, so that its files make one series of metrics), or null for any other.
 */
export function gatewayRouteOf(path: string): string | null {
  if (GATEWAY_ROUTES.has(path)) return path;
  if (path === API_DOCS_PATH || path.startsWith(`${API_DOCS_PATH}/`)) return API_DOCS_PATH;
  return null;
}

export const pathOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/**
 * A rule's pattern as a route label for the metrics: `/api/tweets/:id(?:/:id)?` for
 * `^\/api\/tweets\/[^/]+(?:\/[^/]+)?$` (one series per rule, however many paths it matches).
 */
export const routeLabelOf = (rule: RouteRule): string =>
  rule.pattern.source
    .replace(/^\^|\$$/g, '')
    .replace(/\[\^\/\]\+/g, ':id')
    .replace(/\\(.)/g, '$1');

export function matchRoute(url: string): RouteRule | null {
  const path = pathOf(url);
  return ROUTES.find((rule) => rule.pattern.test(path)) ?? null;
}
