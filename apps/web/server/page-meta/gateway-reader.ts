/**
 * Reads the public API through the gateway as a visitor: no cookie, no credential, nothing of
 * the reader's but the address chain (X-Forwarded-For), so that the gateway's per-address
 * limits count the reader and not the web server. Every answer is one of four outcomes;
 * nothing throws.
 */
export type Lookup<T> =
  | { outcome: 'found'; value: T }
  /** 404, or 400: an identifier that names nothing. */
  | { outcome: 'missing' }
  /** 403: kept from visitors (a post of a private community). */
  | { outcome: 'hidden' }
  /** The gateway is down, slow, limiting, or failed: nothing can be said now. */
  | { outcome: 'unavailable'; reason: string };

export type GatewayRead = <T>(path: string, forwardedFor?: string) => Promise<Lookup<T>>;

export interface GatewayReaderOptions {
  /** The gateway's base URL (`http://127.0.0.1:3000`). */
  gatewayUrl: string;
  /** How long one call may take, the answer's body included. */
  timeoutMs: number;
}

/** An error with its cause (fetch says only "fetch failed"; the cause says ECONNREFUSED). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}: ${error.message}${cause}`;
}

export function createGatewayReader({ gatewayUrl, timeoutMs }: GatewayReaderOptions): GatewayRead {
  const base = gatewayUrl.replace(/\/+$/, '');
  return async <T>(path: string, forwardedFor?: string): Promise<Lookup<T>> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    try {
      const response = await fetch(`${base}${path}`, {
        headers,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) return { outcome: 'found', value: (await response.json()) as T };
      await response.body?.cancel();
      switch (response.status) {
        case 400:
        case 404:
          return { outcome: 'missing' };
        case 403:
          return { outcome: 'hidden' };
        default:
          return { outcome: 'unavailable', reason: `GET ${path} answered ${response.status}` };
      }
    } catch (error) {
      return { outcome: 'unavailable', reason: `GET ${path} failed (${describeError(error)})` };
    }
  };
}
