import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorResponse } from '@wave/contracts';

/** The raw request as the gateway's pipeline sees it, with what the pipeline adds. */
export interface GatewayRequest extends IncomingMessage {
  /** A buffered, parsed JSON body (only for the few routes the gateway reads). */
  body?: unknown;
}

/** Answers with `{ message }` straight on the raw response. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: ErrorResponse = { message };
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
  });
  res.end(payload);
}

export const tooManyRequests = (
  res: ServerResponse,
  retryAfterSeconds: number,
  message: string,
): void => sendError(res, 429, message, { 'retry-after': String(retryAfterSeconds) });
