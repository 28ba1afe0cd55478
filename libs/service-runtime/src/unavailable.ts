/**
 * Errors that say a store the service needs is away (PostgreSQL stopped or restarting, Redis
 * restarting, the object store down, a connection cut), not that the request or the code is
 * wrong. They answer 503 with `Retry-After`, so a client (and the gateway's breaker) knows to try
 * again shortly, and are logged as one warning line rather than an error with its stack: the
 * store's own health says what is wrong, and one outage would otherwise write thousands of
 * identical stacks.
 */

/** Node's and the drivers' codes for a connection that was refused, cut or timed out. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * PostgreSQL's SQLSTATEs for a server going away: the connection exceptions of class 08 that
 * say so (not 08P01 protocol_violation, a bug such as too many bind parameters), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or recovering).
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/** What the drivers say without a code (pg, pg-pool, ioredis). */
const UNAVAILABLE_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/, // pg: the server closed the connection, or the connect timed out
  /^timeout exceeded when trying to connect/, // pg-pool: no connection within its timeout
  /^Client has encountered a connection error and is not queryable/, // pg
  /^Connection is closed\.?$/, // ioredis: a command on a closed connection
  /^Reached the max retries per request limit/, // ioredis: Redis away for every retry
  /^Stream isn't writeable and enableOfflineQueue options is false/, // ioredis
];

export const UNAVAILABLE_MESSAGE = 'The service is unavailable right now; try again shortly';
/** Seconds a client should wait before it tries again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

interface ErrorFields {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  driverError?: unknown;
  errors?: unknown;
}

/**
 * Whether `error` (or what it wraps: `cause`, TypeORM's `driverError`, an AggregateError's
 * `errors`, a few levels deep) is a store being unreachable.
 */
export function isUnavailableError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, driverError, errors } = error as ErrorFields;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
  }
  if (
    typeof message === 'string' &&
    UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
  ) {
    return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isUnavailableError(inner, depth + 1))) {
    return true;
  }
  return isUnavailableError(cause, depth + 1) || isUnavailableError(driverError, depth + 1);
}
