import type { IncomingHttpHeaders } from 'node:http';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  INTERNAL_IDENTITY_HEADER,
  signInternalIdentity,
  VISITOR_KEY_HEADER,
} from '@wave/internal-auth';
import { DRAINING_HEADER } from '@wave/service-runtime';
import { injectRequestContext, requestSpanOf } from '@wave/tracing';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';
import type { RouteRule, Upstream } from '../routing/route-table';
import {
  pathOf,
  routeLabelOf,
  UPSTREAM_TIMEOUTS_MS,
  UPSTREAMS,
  urlVarOf,
} from '../routing/route-table';
import type { GatewayRequest } from './raw-http';
import type { CircuitState } from './replicas';
import { CIRCUIT_FAILURES, Replicas } from './replicas';
import { neverConnected, retryReasonOf } from './retry-rule';
import { UpstreamMetrics } from './upstream-metrics';
import { BodyTooLargeError } from './streamed-body';

/** What the gateway has decided about a request before handing it on. */
export interface ProxiedRequest extends GatewayRequest {
  identity?: { userId: string | null };
  /** The visitor key analytics receives (VISITOR_KEY_HEADER); set for analytics routes only. */
  visitorKey?: string;
  /** The route table's rule the request matched (null: none), once the pipeline has looked. */
  rule?: RouteRule | null;
  /** The service the request goes to, once every check has passed. */
  upstream?: Upstream;
  /** The largest body the request's route takes. */
  bodyLimit?: number;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** How often a replica whose circuit is open is asked for its `/health`. */
export const CIRCUIT_PROBE_INTERVAL_MS = 2_000;
/** How long a probe waits for the answer. */
const CIRCUIT_PROBE_TIMEOUT_MS = 1_000;

/** No answer within the upstream timeout (reply-from's, or undici's for the headers). */
const TIMED_OUT = new Set([
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
]);

/**
 * Hop-by-hop request headers (RFC 9110 7.6.1) that are the client's business with the gateway,
 * not the service's; undici refuses several of them outright (`expect`, `keep-alive`, `upgrade`).
 */
const HOP_BY_HOP_REQUEST_HEADERS = [
  'expect',
  'keep-alive',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
];

/** Response headers that say too much about what runs behind the gateway. */
const HIDDEN_RESPONSE_HEADERS = ['x-powered-by', 'server'];

/** True when the URL parser leaves the path as it is (what the service will be sent). */
function isCanonicalPath(path: string): boolean {
  try {
    return new URL(path, 'http://gateway.invalid').pathname === path;
  } catch {
    return false;
  }
}

/** What an error answer needs of a reply (reply-from's onError types it for any server). */
interface ErrorReply {
  readonly sent: boolean;
  readonly raw: {
    readonly headersSent: boolean;
    readonly destroyed: boolean;
    readonly socket: { destroyed: boolean } | null;
    destroy(): void;
  };
  code(status: number): this;
  header(name: string, value: string): this;
  send(payload: string): this;
}

/**
 * reply-from's own retry sends a request again to the same URL, after a random delay: the gateway
 * retries by itself instead, once, on another replica (`retryReasonOf`).
 */
const NO_RETRY = (): null => null;

/** The replica a request went to, whether it is a retry, and when the service's time is up. */
interface Attempt {
  replica: number;
  retry: boolean;
  /** The upstream timeout counts from the first try: a retry gets what is left of it. */
  deadline: number;
}

/**
 * An error and its causes, outermost first (at most five). Checked by shape: an error made by
 * Node's own sockets need not be an `Error` of the realm reading it (Jest's, say).
 */
function chainOf(error: unknown): object[] {
  const chain: object[] = [];
  for (let current = error; typeof current === 'object' && current !== null;) {
    chain.push(current);
    if (chain.length === 5) break;
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The error codes along an error's chain of causes. */
const codesOf = (error: unknown): string[] =>
  chainOf(error)
    .map((link) => (link as { code?: unknown }).code)
    .filter((code): code is string => typeof code === 'string');

/** Whether the client's connection is closed (its request, fully read, says nothing of it). */
const clientGone = (res: {
  readonly destroyed: boolean;
  readonly socket: { destroyed: boolean } | null;
}) => res.destroyed || res.socket === null || res.socket.destroyed;

/** The first error of that type along an error's chain of causes. */
function causeOf<T extends Error>(
  error: unknown,
  type: new (...args: never[]) => T,
): T | undefined {
  return chainOf(error).find((link): link is T => link instanceof type);
}

/**
 * Hands requests to their service with @fastify/reply-from (undici, a keep-alive pool per
 * replica). Every proxied request carries the signed identity (user or visitor) bound to its
 * method and path; only identity receives the session cookie, and only analytics a visitor key
 * (`x-wave-visitor`, made here: a client's own is always dropped). A service may have several
 * replicas: requests go to them in turn, and one whose connection was refused, or broke, is sent
 * once more to another when that is safe (`retryReasonOf`).
 */
@Injectable()
export class Upstreams implements OnApplicationShutdown {
  private readonly logger = new Logger(Upstreams.name);
  private readonly replicas: Record<Upstream, Replicas>;
  /** The probes of replicas whose circuit is open, by `upstream replica`. */
  private readonly probes = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly metrics: UpstreamMetrics,
  ) {
    this.replicas = Object.fromEntries(
      UPSTREAMS.map((upstream) => [upstream, new Replicas(this.urlsOf(upstream))]),
    ) as Record<Upstream, Replicas>;
    metrics.watch(this.replicas);
  }

  /** The service's replicas, as configured. */
  replicasOf(upstream: Upstream): readonly string[] {
    return this.replicas[upstream].origins;
  }

  /** The service's circuit: open when every replica's is (its requests are answered at once). */
  circuitOf(upstream: Upstream): CircuitState {
    const replicas = this.replicas[upstream];
    return replicas.openCircuits() === replicas.origins.length ? 'open' : 'closed';
  }

  onApplicationShutdown(): void {
    for (const timer of this.probes.values()) clearTimeout(timer);
    this.probes.clear();
  }

  /**
   * Asks a replica whose circuit has opened for its `/health` every `CIRCUIT_PROBE_INTERVAL_MS`
   * until it answers 200, then closes the circuit: no client's request is spent finding out.
   */
  private probeUntilAnswered(upstream: Upstream, index: number): void {
    const key = `${upstream} ${index}`;
    if (this.probes.has(key)) return;
    const replicas = this.replicas[upstream];
    const origin = replicas.origins[index] ?? '';
    this.logger.warn(
      `${upstream} (${origin}) failed ${CIRCUIT_FAILURES} times in a row: circuit open`,
    );
    const probe = async (): Promise<void> => {
      const ok = await fetch(new URL('/health', origin), {
        signal: AbortSignal.timeout(CIRCUIT_PROBE_TIMEOUT_MS),
      }).then(
        (response) => response.ok,
        () => false,
      );
      if (!this.probes.has(key)) return;
      if (ok) {
        this.probes.delete(key);
        replicas.closeCircuit(index);
        this.logger.log(`${upstream} (${origin}) answers again: circuit closed`);
        return;
      }
      this.probes.set(key, setTimeout(() => void probe(), CIRCUIT_PROBE_INTERVAL_MS).unref());
    };
    this.probes.set(key, setTimeout(() => void probe(), CIRCUIT_PROBE_INTERVAL_MS).unref());
  }

  private urlsOf(upstream: Upstream): string[] {
    return this.config[urlVarOf(upstream)];
  }

  /**
   * Sends the request on to its service and the service's answer back, streamed both ways. The
   * service sees the path and query exactly as the client sent them (the identity header signs
   * them so): a path that URL parsing would change (dot segments, backslashes, characters left
   * unescaped) is refused rather than rewritten, and the query is passed on untouched.
   */
  forward(request: FastifyRequest, reply: FastifyReply, upstream: Upstream): void {
    const raw = request.raw as ProxiedRequest;
    const path = pathOf(raw.url ?? '/');
    if (!isCanonicalPath(path)) {
      this.send(reply, 400, 'The path is not valid');
      return;
    }
    const span = requestSpanOf(raw);
    if (span && raw.rule) {
      span.updateName(`${raw.method ?? 'GET'} ${routeLabelOf(raw.rule)}`);
      span.setAttributes({ 'http.route': routeLabelOf(raw.rule), 'wave.upstream': upstream });
    }
    const replica = this.replicas[upstream].pick();
    if (replica === null) {
      // Every replica's circuit is open: answered now, not after a timeout per request.
      this.metrics.shortCircuited(upstream);
      if (!raw.complete) reply.header('connection', 'close');
      reply.header('retry-after', String(Math.ceil(CIRCUIT_PROBE_INTERVAL_MS / 1_000)));
      this.send(reply, 503, `The ${upstream} service is unavailable`);
      return;
    }
    this.attempt(request, reply, upstream, path, {
      replica,
      retry: false,
      deadline: Date.now() + this.timeoutOf(upstream),
    });
  }

  /** How long a request to the service may take, retry included. */
  private timeoutOf(upstream: Upstream): number {
    return Math.max(this.config.UPSTREAM_TIMEOUT_MS, UPSTREAM_TIMEOUTS_MS[upstream] ?? 0);
  }

  private attempt(
    request: FastifyRequest,
    reply: FastifyReply,
    upstream: Upstream,
    path: string,
    attempt: Attempt,
  ): void {
    const raw = request.raw as ProxiedRequest;
    const replicas = this.replicas[upstream];
    // A body the gateway has read already (a sign-in it counted) is sent as it was read,
    // whatever JSON value it is (`false`, `0`, `null` and `""` included); a small body the
    // proxy's parser held (`heldBody`), as it came.
    const held = Buffer.isBuffer(request.body) ? request.body : undefined;
    const body =
      raw.body !== undefined
        ? { body: JSON.stringify(raw.body) ?? 'null', contentType: 'application/json' }
        : held
          ? { body: held, contentType: raw.headers['content-type'] ?? 'application/octet-stream' }
          : {};
    // The path alone: reply-from appends the request's own query, as it came.
    reply.from(`${replicas.origins[attempt.replica]}${path}`, {
      ...body,
      timeout: Math.max(1, attempt.deadline - Date.now()),
      retryDelay: NO_RETRY,
      rewriteRequestHeaders: (_request, headers) => this.requestHeaders(upstream, raw, headers),
      rewriteHeaders: (headers) => {
        // An answer, whatever its status: the replica is there.
        replicas.answered(attempt.replica);
        // It is stopping: no new request goes to it (a connection it may reset unread).
        if (headers[DRAINING_HEADER] !== undefined) replicas.refused(attempt.replica);
        delete headers[DRAINING_HEADER];
        for (const name of HIDDEN_RESPONSE_HEADERS) delete headers[name];
        return headers;
      },
      onError: (failed, { error }) => {
        const codes = codesOf(error);
        // Out of turn for a while, whatever becomes of this request.
        if (neverConnected(codes)) replicas.refused(attempt.replica);
        // A failure of the replica's (not of a client that went away, nor of a body too large).
        if (!clientGone(failed.raw) && !causeOf(error, BodyTooLargeError)) {
          if (replicas.failed(attempt.replica)) this.probeUntilAnswered(upstream, attempt.replica);
        }
        // Sent again whole: no body, or one the gateway holds (a streamed body is spent); and
        // not for a client that has gone (its request has ended long since: its socket says).
        const replayable =
          request.body === undefined || raw.body !== undefined || held !== undefined;
        const reason =
          attempt.retry || clientGone(failed.raw)
            ? null
            : retryReasonOf(raw.method ?? 'GET', codes, replayable);
        if (reason === null || failed.sent || failed.raw.headersSent) {
          // A body streamed to a service that failed is left half read: the connection cannot
          // carry another request (the client would wait on it).
          if (!raw.complete) failed.header('connection', 'close');
          this.answerError(upstream, request.id, failed, error, codes);
          return;
        }
        const other = replicas.other(attempt.replica);
        if (other === null) {
          // Its only replica's circuit has just opened: not sent to it again.
          if (!raw.complete) failed.header('connection', 'close');
          this.answerError(upstream, request.id, failed, error, codes);
          return;
        }
        this.metrics.retried(upstream, reason);
        requestSpanOf(raw)?.addEvent('retried on another replica', { reason });
        this.attempt(request, reply, upstream, path, { ...attempt, replica: other, retry: true });
      },
    });
  }

  private requestHeaders(
    upstream: Upstream,
    req: ProxiedRequest,
    headers: IncomingHttpHeaders,
  ): IncomingHttpHeaders {
    headers[INTERNAL_IDENTITY_HEADER] = signInternalIdentity({
      secret: this.config.INTERNAL_AUTH_SECRET,
      userId: req.identity?.userId ?? null,
      method: req.method ?? 'GET',
      url: req.url ?? '/',
    });
    for (const name of HOP_BY_HOP_REQUEST_HEADERS) delete headers[name];
    // The gateway's trace of the request, never a client's.
    injectRequestContext(req, headers);
    if (upstream !== 'identity') delete headers.cookie;
    // Always the gateway's own: a client's header of that name never reaches a service.
    delete headers[VISITOR_KEY_HEADER];
    if (req.visitorKey !== undefined) headers[VISITOR_KEY_HEADER] = req.visitorKey;
    const address = req.socket.remoteAddress ?? '';
    const forwardedFor = headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)},${address}` : address;
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] ??= req.headers.host;
    return headers;
  }

  private answerError(
    upstream: Upstream,
    requestId: string,
    reply: ErrorReply,
    error: Error,
    codes: readonly string[],
  ): void {
    const tooLarge = causeOf(error, BodyTooLargeError);
    if (tooLarge) {
      // The rest of the body is not read: the connection cannot be used again.
      reply.header('connection', 'close');
      return this.send(reply, 413, tooLarge.message);
    }
    // The gateway keeps no request-scoped logger (GatewayPipeline): the line names its request.
    this.logger.warn(
      `request ${requestId}: ${upstream} proxy error: ${codes.at(-1) ?? error.message}`,
    );
    if (codes.some((code) => TIMED_OUT.has(code))) {
      return this.send(reply, 504, `The ${upstream} service did not answer in time`);
    }
    if (codes.some((code) => UNREACHABLE.has(code))) {
      return this.send(reply, 502, `The ${upstream} service is unavailable`);
    }
    this.send(reply, 502, `The ${upstream} service did not answer`);
  }

  private send(reply: ErrorReply, status: number, message: string): void {
    if (reply.sent || reply.raw.headersSent) {
      reply.raw.destroy();
      return;
    }
    reply
      .code(status)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(JSON.stringify({ message }));
  }
}
