import { HttpException, HttpStatus } from '@nestjs/common';

/** Every way an outbound fetch can be refused or fail, with its HTTP status decided in one place. */
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

const MESSAGES: Record<OutboundErrorCode, string> = {
  INVALID_URL: 'The link must be an http or https URL without a user name or password',
  FORBIDDEN_ADDRESS: 'The link points to an address that cannot be fetched',
  TOO_MANY_REDIRECTS: 'The link redirects too many times',
  TIMEOUT: 'The link took too long to respond',
  TOO_LARGE: 'The linked content is too large',
  UNSUPPORTED_TYPE: 'The linked content is not of a supported type',
  UPSTREAM_ERROR: 'The link could not be fetched',
};

/**
 * Every failure is a 4xx: the request named something we will not or could not
 * fetch, which is the caller's link, not our fault. 422 rather than 408/413/415/502,
 * whose meanings are about the request itself or invite retries.
 */
export function statusOf(code: OutboundErrorCode): HttpStatus {
  switch (code) {
    case 'INVALID_URL':
      return HttpStatus.BAD_REQUEST;
    case 'FORBIDDEN_ADDRESS':
      return HttpStatus.FORBIDDEN;
    case 'TOO_MANY_REDIRECTS':
    case 'TIMEOUT':
    case 'TOO_LARGE':
    case 'UNSUPPORTED_TYPE':
    case 'UPSTREAM_ERROR':
      return HttpStatus.UNPROCESSABLE_ENTITY;
  }
}

/**
 * A refused or failed outbound fetch. The client sees only `{ message }`;
 * `detail` is for logs and tests.
 */
export class OutboundException extends HttpException {
  constructor(
    readonly code: OutboundErrorCode,
    readonly detail?: string,
  ) {
    super({ message: MESSAGES[code] }, statusOf(code));
    this.name = 'OutboundException';
  }
}
