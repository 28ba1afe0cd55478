import type { IncomingMessage } from 'node:http';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { Catch, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '@wave/contracts';
import { UNSTORABLE_TEXT_LOG_PREFIX } from '@wave/contracts';
import { REQUEST_ID_HEADER } from './logging';
import {
  isUnavailableError,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from './unavailable';

/**
 * Fastify rejects some requests before a handler runs (Nest passes them on as
 * HttpExceptions with Fastify's wording); these are the client-facing words.
 */
const FASTIFY_MESSAGES: readonly [prefix: string, message: string][] = [
  ['Body is not valid JSON', 'Request body is not valid JSON'],
  [
    'Body cannot be empty when content-type',
    'Request body must not be empty when the content type is JSON',
  ],
  ['Unsupported Media Type', 'Unsupported content type: send JSON'],
  ['Request body is too large', 'Request body is too large'],
  ['Request body size did not match Content-Length', 'Content-Length does not match the body'],
];

const clientMessage = (message: string): string =>
  FASTIFY_MESSAGES.find(([prefix]) => message.startsWith(prefix))?.[1] ?? message;

interface ErrorWithStatus {
  statusCode?: unknown;
  message?: unknown;
}

/**
 * PostgreSQL's answers to text it cannot store: 22021 character_not_in_repertoire
 * (U+0000, invalid UTF-8), 22P05 untranslatable_character. The contracts refuse
 * such text first; this is the second line, so a path they miss answers 400, not 500.
 */
const UNSTORABLE_TEXT_CODES: ReadonlySet<string> = new Set(['22021', '22P05']);
export const UNSTORABLE_TEXT_MESSAGE = 'Text contains characters that cannot be stored';

/** A database error (TypeORM's QueryFailedError, or pg's own) about unstorable text. */
export function isUnstorableTextError(exception: unknown): boolean {
  if (typeof exception !== 'object' || exception === null) return false;
  const { code, driverError } = exception as { code?: unknown; driverError?: { code?: unknown } };
  const sqlState = typeof code === 'string' ? code : driverError?.code;
  return typeof sqlState === 'string' && UNSTORABLE_TEXT_CODES.has(sqlState);
}

/** Turns any error into a status and `{ message }`; nothing internal reaches the client. */
export function toErrorResponse(exception: unknown): { status: number; body: ErrorResponse } {
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    let message: string = exception.message;
    if (typeof response === 'string') message = response;
    else if (typeof response === 'object' && response !== null && 'message' in response) {
      const value = response.message;
      if (typeof value === 'string') message = value;
      else if (Array.isArray(value))
        message = value.filter((item) => typeof item === 'string').join('; ');
    }
    return { status: exception.getStatus(), body: { message: clientMessage(message) } };
  }
  if (isUnstorableTextError(exception)) {
    return { status: HttpStatus.BAD_REQUEST, body: { message: UNSTORABLE_TEXT_MESSAGE } };
  }
  const candidate = (exception ?? {}) as ErrorWithStatus;
  if (
    typeof candidate.statusCode === 'number' &&
    candidate.statusCode >= 400 &&
    candidate.statusCode < 500 &&
    typeof candidate.message === 'string'
  ) {
    return { status: candidate.statusCode, body: { message: clientMessage(candidate.message) } };
  }
  // After the client's own errors: an upload the client broke off carries ECONNRESET and a 400.
  if (isUnavailableError(exception)) {
    return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { message: UNAVAILABLE_MESSAGE } };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: 'Internal server error' } };
}

/**
 * The id createServiceApp gave the request: Fastify's request carries it, and a raw one (an
 * error raised in middleware) its header.
 */
function requestIdOf(request: FastifyRequest | IncomingMessage | undefined): string {
  if (request && 'id' in request && typeof request.id === 'string') return request.id;
  const header = request?.headers[REQUEST_ID_HEADER];
  return typeof header === 'string' ? header : 'unknown';
}

@Catch()
export class ErrorResponseFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body } = toErrorResponse(exception);
    // Named in the line: a service without a request-scoped logger would not say it otherwise.
    const requestId = requestIdOf(host.switchToHttp().getRequest<FastifyRequest | undefined>());
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (body.message === UNAVAILABLE_MESSAGE && !(exception instanceof HttpException)) {
      // A store is away: its health says so; one line, not a stack per request.
      this.logger.warn(
        `Request ${requestId} failed, a store is unavailable: ${exception instanceof Error ? exception.message : String(exception)}`,
      );
      void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    } else if (status >= 500) {
      this.logger.error(
        `Request ${requestId} failed: ${exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)}`,
      );
    } else if (isUnstorableTextError(exception)) {
      // A contract let such text through: answered, but a check is missing (the tests fail on it).
      this.logger.warn(
        `${UNSTORABLE_TEXT_LOG_PREFIX}: ${exception instanceof Error ? exception.message : String(exception)} (request ${requestId})`,
      );
    }
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }
}
