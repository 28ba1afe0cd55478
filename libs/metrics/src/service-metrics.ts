import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Seconds: from a fast cached read (a few ms) to the proxy's timeout (10 s). */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Where a server that routes by itself (the gateway, behind one wildcard route) puts the route
 * a request matched, on the raw request, for its metrics to label it by (`labelRoute`).
 */
const ROUTE_LABEL = Symbol.for('wave.metrics.route');

type Labelled = { [ROUTE_LABEL]?: string };

/** Labels the request's metrics with this route pattern instead of the framework's route. */
export const labelRoute = (raw: object, route: string): void => {
  (raw as Labelled)[ROUTE_LABEL] = route;
};

/** The route label `labelRoute` gave the request, if any. */
export const labelledRouteOf = (raw: object): string | undefined => (raw as Labelled)[ROUTE_LABEL];

/** The route label of a request no route matched (404s): one series, however many paths. */
export const UNMATCHED_ROUTE = 'unmatched';

type HttpChild = ReturnType<Histogram<'method' | 'route' | 'status_code'>['labels']>;

/**
 * One service's Prometheus metrics: its own registry (so that apps built side by side in one
 * process, as tests do, never share a series), every series labelled with the service's name,
 * Node's process metrics (memory, CPU, event-loop lag, garbage collection), and the duration of
 * each HTTP request by method, route pattern and status, which gives the request rate and the
 * error rate too. Features add their own metrics to `registry`.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Label sets seen, each with its child (prom-client still hashes a child's labels per call). */
  private readonly httpChildren = new Map<string, HttpChild>();

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request received to its answer sent, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_DURATION_BUCKETS,
      registers: [this.registry],
    });
  }

  /**
   * Records one answered request. `route` is the route's pattern (`/tweets/:id`), never the
   * path itself, so that the number of series stays that of the routes.
   */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
    const routeLabel = route ?? UNMATCHED_ROUTE;
    const key = `${method} ${statusCode} ${routeLabel}`;
    let child = this.httpChildren.get(key);
    if (!child) {
      child = this.httpDuration.labels(method, routeLabel, String(statusCode));
      this.httpChildren.set(key, child);
    }
    child.observe(seconds);
  }

  /** The exposition text, as Prometheus scrapes it. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
