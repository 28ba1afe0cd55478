/** Every way an outbound fetch can be refused or fail. */
export const OUTBOUND_ERROR_CODES = [
  'INVALID_URL',
  'FORBIDDEN_ADDRESS',
  'TOO_MANY_REDIRECTS',
  'TIMEOUT',
  'TOO_LARGE',
  'UNSUPPORTED_TYPE',
  'UPSTREAM_ERROR',
] as const;
export type OutboundErrorCode = (typeof OUTBOUND_ERROR_CODES)[number];

export const isOutboundErrorCode = (value: unknown): value is OutboundErrorCode =>
  typeof value === 'string' && (OUTBOUND_ERROR_CODES as readonly string[]).includes(value);

/**
 * A refused or failed outbound fetch, for logs, the failure cache and tests.
 * It is deliberately not an HTTP answer: telling a private address from a name
 * that does not resolve or a port that is closed would map the inside of the
 * network. Each caller answers every one of them the same way (link previews,
 * the image proxy), so an OutboundException that escapes is a bug (a 500 with
 * nothing in it), never a leak.
 */
export class OutboundException extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    readonly detail?: string,
  ) {
    super(detail === undefined ? code : `${code}: ${detail}`);
    this.name = 'OutboundException';
  }
}

/**
 * Logs why a fetch was refused or failed (the client is told only that it
 * was): a refused address as a warning, since someone may be probing; the
 * rest, the web being the web, at debug.
 */
export function logOutboundFailure(
  logger: { warn(message: string): void; debug(message: string): void },
  subject: string,
  error: OutboundException,
): void {
  const line = `${subject} refused: ${error.message}`;
  if (error.code === 'FORBIDDEN_ADDRESS') logger.warn(line);
  else logger.debug(line);
}
