/**
 * Which service owns which public path. The first matching rule wins, so a more
 * specific rule of one service (say `/api/users/{id}/tweets`) must come before a
 * broader rule of another (`/api/users/...`).
 */
export const UPSTREAMS = ['identity'] as const;
export type Upstream = (typeof UPSTREAMS)[number];

export interface RouteRule {
  upstream: Upstream;
  pattern: RegExp;
  /** Largest request body this route takes; the gateway default otherwise. */
  bodyLimit?: number;
}

export const ROUTES: readonly RouteRule[] = [
  { upstream: 'identity', pattern: /^\/api\/(?:register|login|logout|user)$/ },
  { upstream: 'identity', pattern: /^\/api\/users(?:\/[^/]+)*$/ },
];

/** Routes the gateway answers itself. */
export const GATEWAY_ROUTES: ReadonlySet<string> = new Set(['/api/health']);

export const pathOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

export function matchRoute(url: string): RouteRule | null {
  const path = pathOf(url);
  return ROUTES.find((rule) => rule.pattern.test(path)) ?? null;
}
