/** Why a request is sent again to another replica. */
export type RetryReason = 'refused' | 'reset';

/** The connection was never made: nothing reached the service. */
const REFUSED = new Set(['ECONNREFUSED']);

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
 * or whose body it read itself (a body streamed to the service is gone). A refused connection is
 * retried whatever the method, since nothing was sent; a broken one only for an idempotent
 * method, since the service may have acted. A timeout is never retried: a slow service is not
 * given the same work twice. Answers, a 503 included, are the service's and are passed on.
 */
export function retryReasonOf(
  method: string,
  codes: readonly string[],
  replayable: boolean,
): RetryReason | null {
  if (!replayable) return null;
  if (codes.some((code) => REFUSED.has(code))) return 'refused';
  if (IDEMPOTENT.has(method) && codes.some((code) => RESET.has(code))) return 'reset';
  return null;
}
