/** Why a request is sent again to another replica. */
export type RetryReason = 'refused' | 'reset';

/**
 * The connection was never made (refused, no route to the host, the connect timed out, the
 * name did not resolve): nothing reached the service.
 */
const REFUSED = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Whether these error codes (outermost first) say the connection was never made. */
export const neverConnected = (codes: readonly string[]): boolean =>
  codes.some((code) => REFUSED.has(code));

/**
 * The connection broke before an answer came (the replica died, or closed a kept-alive
 * connection as the request went out): the service may have acted on the request.
 */
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Methods whose repetition does what one does (RFC 9110 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Whether a request that failed with these error codes (outermost first) is sent once more, to
 * another replica, and why. Only a request the gateway can send again whole: one without a body,
 * or whose body it holds (a small one, or one it parsed; a body streamed to the service is
 * gone). A connection never made is retried whatever the method, since nothing was sent; a
 * broken one only for an idempotent method, since the service may have acted. A slow answer is
 * never retried: a slow service is not given the same work twice. Answers, a 503 included, are
 * the service's and are passed on.
 */
export function retryReasonOf(
  method: string,
  codes: readonly string[],
  replayable: boolean,
): RetryReason | null {
  if (!replayable) return null;
  if (neverConnected(codes)) return 'refused';
  if (IDEMPOTENT.has(method) && codes.some((code) => RESET.has(code))) return 'reset';
  return null;
}
