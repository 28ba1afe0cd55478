import type { z } from 'zod';
import type { ServiceName } from '../services.contract';

/** Who answers an operation: a service behind the gateway, or the gateway itself. */
export type ApiService = Exclude<ServiceName, 'web'>;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * What the session cookie does for an operation: `required` answers 401 without one, `optional`
 * answers anyone but differently for a member (their flags, their own record), `none` answers
 * everyone alike.
 */
export type OperationAuth = 'required' | 'optional' | 'none';

export interface OperationResponse {
  description: string;
  /** The body's media type: JSON unless named here; null for an answer without a body. */
  mediaType?: string | null;
  /** The body's shape, where a zod schema of it exists (most answers are interfaces). */
  schema?: z.ZodType;
}

/**
 * One public operation of the API, with the schemas its service validates it with: the
 * documentation (`openApiDocument`) is made from these, and the gateway's tests check that every
 * route it serves has one, and every one of these a route.
 */
export interface ApiOperation {
  /** Unique, a verb first: `createTweet`. */
  operationId: string;
  method: HttpMethod;
  /** An OpenAPI path template: `/api/tweets/{id}`. */
  path: `/${string}`;
  service: ApiService;
  /** Answered by the gateway on the service's behalf (the page views it queues for analytics). */
  inGateway?: true;
  summary: string;
  description?: string;
  auth: OperationAuth;
  /** The path parameters, a property each (named as in `path`). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A body of raw bytes instead (an upload): the media types it may have. */
  rawBody?: { mediaTypes: readonly string[]; description: string };
  /**
   * The answers particular to this operation, by status. The ones every operation may get (a
   * refused body, no session, the rate limits, a service that is down) are added to the document
   * from what the operation declares.
   */
  responses: Readonly<Record<number, string | OperationResponse>>;
}
