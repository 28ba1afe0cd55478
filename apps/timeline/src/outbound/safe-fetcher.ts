import { lookup as dnsLookup } from 'node:dns';
import type { IncomingHttpHeaders, IncomingMessage, RequestOptions } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import type { Readable, TransformCallback } from 'node:stream';
import { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { isPublicAddress } from './address-policy.util';
import { outboundTargetOf, parseAllowlist, parseOutboundUrl } from './outbound-url.util';
import { OutboundException } from './outbound.exception';

export const MAX_REDIRECTS = 3;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_TOTAL_TIMEOUT_MS = 10_000;
export const OUTBOUND_USER_AGENT = 'WaveBot/1.0 (+link previews)';

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface SafeFetcherOptions {
  /**
   * `host:port` pairs that skip the address policy (integration tests against a
   * local server). Nothing else bypasses the policy; production config refuses it.
   */
  allowlist: readonly string[];
  /** From the start of each hop until its TCP connection is up (DNS included). */
  connectTimeoutMs?: number;
  /** The whole fetch: every hop, the headers and the body. */
  totalTimeoutMs?: number;
}

export interface OutboundRequest {
  url: string;
  /** The Accept header. */
  accept: string;
  /** Media types (lower case, no parameters) the caller will take. */
  allowedTypes: readonly string[];
  /** The body fails with TOO_LARGE once more than this many (decoded) bytes arrive. */
  maxBytes: number;
  /**
   * The caller may stop reading before the end (an HTML head), so a declared
   * Content-Length over maxBytes is not refused up front; only bytes read count.
   */
  partialRead?: boolean;
}

export interface OutboundResponse {
  /** The final URL, after redirects. */
  url: URL;
  status: number;
  /** The validated media type: one of the request's allowedTypes. */
  contentType: string;
  /** The charset parameter of Content-Type, lower case, if any. */
  charset: string | null;
  /** The declared length of the body as delivered, when known. */
  contentLength: number | null;
  headers: IncomingHttpHeaders;
  /**
   * The body, decoded. It errors with an OutboundException (TOO_LARGE, TIMEOUT,
   * UPSTREAM_ERROR) and closes the upstream connection when something goes wrong;
   * destroying it closes the upstream connection too. Read it or destroy it.
   */
  body: Readable;
}

/**
 * Fetches public http(s) resources without letting a URL reach anything internal
 * (SSRF): every hop is validated (scheme, credentials, host), names are resolved
 * by a `lookup` that refuses the whole answer if any address is not public and
 * hands the socket only vetted addresses (so DNS rebinding cannot slip in), and
 * the connected socket's remote address is checked again. Redirects are followed
 * by hand (at most MAX_REDIRECTS), with timeouts and a byte cap.
 */
export class SafeFetcher {
  private readonly allowlist: ReadonlySet<string>;
  private readonly connectTimeoutMs: number;
  private readonly totalTimeoutMs: number;

  constructor(options: SafeFetcherOptions) {
    this.allowlist = parseAllowlist(options.allowlist);
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  }

  /** Resolves once the final response's headers are in and acceptable; throws OutboundException. */
  async open(request: OutboundRequest): Promise<OutboundResponse> {
    let url = parseOutboundUrl(request.url);
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      deadline.abort(
        new OutboundException('TIMEOUT', `no complete answer within ${this.totalTimeoutMs} ms`),
      );
    }, this.totalTimeoutMs);
    try {
      for (let redirects = 0; ; redirects += 1) {
        const response = await this.send(url, request.accept, deadline.signal);
        const location = response.headers.location;
        if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || location === undefined) {
          return acceptResponse(url, response, request, deadline, timer);
        }
        response.on('error', ignore);
        response.destroy();
        if (redirects >= MAX_REDIRECTS) {
          throw new OutboundException('TOO_MANY_REDIRECTS', `more than ${MAX_REDIRECTS}`);
        }
        url = parseOutboundUrl(location, url);
      }
    } catch (error) {
      clearTimeout(timer);
      throw toOutboundException(error, deadline.signal);
    }
  }

  /** One hop: the response's headers, or the reason there is none. */
  private send(url: URL, accept: string, signal: AbortSignal): Promise<IncomingMessage> {
    const target = outboundTargetOf(url);
    const trusted = this.allowlist.has(target.key);
    if (!trusted && target.ip !== null && !isPublicAddress(target.ip)) {
      return Promise.reject(
        new OutboundException('FORBIDDEN_ADDRESS', `${target.ip} is not a public address`),
      );
    }
    return new Promise((resolve, reject) => {
      const options: RequestOptions = {
        method: 'GET',
        hostname: target.hostname,
        port: target.port,
        path: `${url.pathname}${url.search}`,
        headers: {
          host: url.host,
          'user-agent': OUTBOUND_USER_AGENT,
          accept,
          'accept-encoding': 'identity',
        },
        // A fresh connection per hop: a pooled socket would skip the connect-time check.
        agent: false,
        lookup: vettedLookup(trusted),
        signal,
      };
      const req = url.protocol === 'https:' ? httpsRequest(options) : httpRequest(options);
      const connectTimer = setTimeout(() => {
        req.destroy(
          new OutboundException('TIMEOUT', `no connection within ${this.connectTimeoutMs} ms`),
        );
      }, this.connectTimeoutMs);
      req.once('socket', (socket: Socket) => {
        const check = (): void => {
          clearTimeout(connectTimer);
          const remote = socket.remoteAddress ?? '';
          if (!trusted && !isPublicAddress(remote)) {
            req.destroy(new OutboundException('FORBIDDEN_ADDRESS', `connected to ${remote}`));
          }
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
      req.once('response', (response) => {
        clearTimeout(connectTimer);
        resolve(response);
      });
      req.on('error', (error) => {
        clearTimeout(connectTimer);
        reject(error);
      });
      req.end();
    });
  }
}

/**
 * Resolves every address of a name and refuses the whole answer if any of them is
 * not public; the socket then connects only to addresses that were checked.
 */
function vettedLookup(trusted: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(
      hostname,
      { all: true, family: options.family, hints: options.hints },
      (error, addresses) => {
        if (error) {
          callback(error, '');
          return;
        }
        const refused = trusted ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (refused) {
          const detail = `${hostname} resolves to ${refused.address}`;
          callback(new OutboundException('FORBIDDEN_ADDRESS', detail), '');
          return;
        }
        const first = addresses[0];
        if (!first) {
          callback(new OutboundException('UPSTREAM_ERROR', `${hostname} has no address`), '');
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
    );
  };
}

function acceptResponse(
  url: URL,
  response: IncomingMessage,
  request: OutboundRequest,
  deadline: AbortController,
  timer: NodeJS.Timeout,
): OutboundResponse {
  try {
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      throw new OutboundException('UPSTREAM_ERROR', `status ${status}`);
    }
    const { type, charset } = parseContentType(response.headers['content-type']);
    if (!request.allowedTypes.includes(type)) {
      throw new OutboundException('UNSUPPORTED_TYPE', `content type ${JSON.stringify(type)}`);
    }
    const decoder = decoderFor(response.headers['content-encoding']);
    const contentLength = decoder ? null : declaredLength(response.headers['content-length']);
    if (contentLength !== null && contentLength > request.maxBytes && !request.partialRead) {
      throw new OutboundException('TOO_LARGE', `declared ${contentLength} bytes`);
    }
    const body = limitBody(response, decoder, request.maxBytes, deadline, timer);
    return {
      url,
      status,
      contentType: type,
      charset,
      contentLength,
      headers: response.headers,
      body,
    };
  } catch (error) {
    response.on('error', ignore);
    response.destroy();
    throw error;
  }
}

/** Fails once more than maxBytes have gone through. */
class ByteLimit extends Transform {
  private seen = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) {
      callback(new OutboundException('TOO_LARGE', `more than ${this.maxBytes} bytes`));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * The response through its decoder and the byte cap. Any failure upstream
 * destroys the returned stream with an OutboundException; when it closes, for
 * whatever reason, the upstream connection and the deadline go with it.
 */
function limitBody(
  response: IncomingMessage,
  decoder: Transform | null,
  maxBytes: number,
  deadline: AbortController,
  timer: NodeJS.Timeout,
): Readable {
  const limit = new ByteLimit(maxBytes);
  const stages: Readable[] = decoder ? [response, decoder] : [response];
  const fail = (error: unknown): void => {
    limit.destroy(toOutboundException(error, deadline.signal));
  };
  const onDeadline = (): void => fail(deadline.signal.reason);
  for (const stage of stages) stage.on('error', fail);
  deadline.signal.addEventListener('abort', onDeadline, { once: true });
  limit.once('close', () => {
    clearTimeout(timer);
    deadline.signal.removeEventListener('abort', onDeadline);
    for (const stage of stages) stage.destroy();
  });
  if (decoder) response.pipe(decoder).pipe(limit);
  else response.pipe(limit);
  return limit;
}

/** We ask for `identity`; a server that compresses anyway is decoded (and capped after decoding). */
function decoderFor(header: string | undefined): Transform | null {
  const encoding = (header ?? '').trim().toLowerCase();
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new OutboundException('UPSTREAM_ERROR', `content encoding ${encoding}`);
  }
}

export function parseContentType(header: string | undefined): {
  type: string;
  charset: string | null;
} {
  const [type = '', ...parameters] = (header ?? '').split(';');
  let charset: string | null = null;
  for (const parameter of parameters) {
    const match = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(parameter);
    if (match?.[1]) charset = match[1].toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

function declaredLength(header: string | undefined): number | null {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** Whatever went wrong, as the OutboundException the caller should see. */
export function toOutboundException(error: unknown, signal?: AbortSignal): OutboundException {
  if (error instanceof OutboundException) return error;
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof OutboundException ? reason : new OutboundException('TIMEOUT');
  }
  if (error instanceof Error && error.cause instanceof OutboundException) return error.cause;
  const detail = error instanceof Error ? error.message : String(error);
  return new OutboundException('UPSTREAM_ERROR', detail);
}

const ignore = (): void => undefined;
