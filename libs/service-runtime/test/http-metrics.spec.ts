import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Controller, Get, Module, Param, Req, Res } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExpositionSample } from '@wave/metrics';
import {
  ABORTED_STATUS,
  labelRoute,
  MetricsModule,
  samplesOf,
  ServiceMetrics,
  UNMATCHED_ROUTE,
} from '@wave/metrics';
import { loggingModule } from '../src/logging';
import { createServiceApp } from '../src/service-app';

const SERVICE = 'hook-spec';
const COUNT = 'http_request_duration_seconds_count';

/** A promise and what settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** What the `/slow` handler waits on: it says when a request reached it, and answers when let. */
let slow = { arrived: deferred(), release: deferred(), returned: deferred() };

@Controller()
class HookSpecController {
  @Get('items/:id')
  item(@Param('id') id: string): { id: string } {
    return { id };
  }

  /** Answers only once the test releases it. */
  @Get('slow')
  async slow(): Promise<{ ok: true }> {
    const gate = slow;
    gate.arrived.resolve();
    await gate.release.promise;
    gate.returned.resolve();
    return { ok: true };
  }

  /** Writes its answer on the raw response itself, as a proxy does. */
  @Get('hijacked')
  hijacked(@Res() reply: FastifyReply): void {
    reply.hijack();
    reply.raw.writeHead(403, { 'content-type': 'application/json' });
    reply.raw.end(JSON.stringify({ message: 'Refused by the handler' }));
  }

  /** Routes by itself, as the gateway does: counted under the route it names. */
  @Get('labelled/:anything')
  labelled(@Req() request: FastifyRequest): { ok: true } {
    labelRoute(request.raw, '/custom/label');
    return { ok: true };
  }
}

/** The module of a service with metrics, with or without a request-scoped logger. */
function hookSpecModule(perRequest: boolean) {
  @Module({
    imports: [
      loggingModule({ service: SERVICE, level: 'silent', perRequest }),
      MetricsModule.forRoot({ service: SERVICE }),
    ],
    controllers: [HookSpecController],
  })
  class HookSpecModule {}
  return HookSpecModule;
}

/** The labels of a request's series. */
const series = (route: string, statusCode: number, method = 'GET') => ({
  service: SERVICE,
  method,
  route,
  status_code: String(statusCode),
});

/** Polls `probe` until `done` accepts its value (at most 5 s). */
async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting; last seen: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each([
  ['without a request-scoped logger', false],
  ['with a request-scoped logger', true],
])('the HTTP metrics of a service %s', (_name, perRequest) => {
  let app: NestFastifyApplication;
  let url: string;

  /** The request counts the service reports now (one sample per series). */
  const counts = async (): Promise<ExpositionSample[]> =>
    samplesOf((await app.get(ServiceMetrics).render()).body, COUNT);
  /** The counts once they add up to `total` requests: each is counted once its answer is sent. */
  const countsOf = (total: number) =>
    eventually(counts, (found) => found.reduce((sum, sample) => sum + sample.value, 0) >= total);
  const count = (name: string, value: number, labels: Record<string, string>) => ({
    name,
    labels,
    value,
  });

  beforeEach(async () => {
    app = await createServiceApp(hookSpecModule(perRequest));
    // A check in front of every route that refuses on the raw response, as the gateway's do.
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRequest', (request, reply, done) => {
        if (request.headers['x-refuse'] !== undefined) {
          reply.hijack();
          reply.raw.writeHead(429, { 'content-type': 'application/json' });
          reply.raw.end(JSON.stringify({ message: 'Refused by a hook' }));
        }
        done();
      });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    slow = { arrived: deferred(), release: deferred(), returned: deferred() };
  });

  afterEach(async () => {
    slow.release.resolve();
    await app?.close();
  });

  it('counts each request once, under its route pattern, method and status', async () => {
    for (const id of ['1', '2', 'three']) {
      const response = await fetch(`${url}/items/${id}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id });
    }

    expect(await countsOf(3)).toEqual([count(COUNT, 3, series('/items/:id', 200))]);
    // The status a string label, as Prometheus has every label.
    expect((await app.get(ServiceMetrics).render()).body).toContain(
      `${COUNT}{service="${SERVICE}",method="GET",route="/items/:id",status_code="200"} 3\n`,
    );
  });

  it(`counts requests no route matched under "${UNMATCHED_ROUTE}", one series for all`, async () => {
    for (const path of ['/nowhere', '/items', '/items/1/more']) {
      expect((await fetch(`${url}${path}`)).status).toBe(404);
    }
    expect((await fetch(`${url}/items/1`, { method: 'DELETE' })).status).toBe(404);

    expect(await countsOf(4)).toEqual([
      count(COUNT, 3, series(UNMATCHED_ROUTE, 404)),
      count(COUNT, 1, series(UNMATCHED_ROUTE, 404, 'DELETE')),
    ]);
  });

  it(`counts a request whose client went away before the answer as ${ABORTED_STATUS}, once`, async () => {
    const gate = slow;
    const outgoing = httpRequest(`${url}/slow`);
    outgoing.on('error', () => {
      // "socket hang up": the client itself hung up.
    });
    outgoing.end();
    await gate.arrived.promise;

    outgoing.destroy();

    expect(await countsOf(1)).toEqual([count(COUNT, 1, series('/slow', ABORTED_STATUS))]);

    // The handler answers after all, to no one: the request stays counted once, as aborted.
    gate.release.resolve();
    await gate.returned.promise;
    expect((await fetch(`${url}/items/1`)).status).toBe(200);
    expect(await countsOf(2)).toEqual([
      count(COUNT, 1, series('/slow', ABORTED_STATUS)),
      count(COUNT, 1, series('/items/:id', 200)),
    ]);
  });

  it('counts an answer its handler wrote on the raw response, with its status', async () => {
    const response = await fetch(`${url}/hijacked`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Refused by the handler' });

    expect(await countsOf(1)).toEqual([count(COUNT, 1, series('/hijacked', 403))]);
  });

  it('counts an answer a hook wrote on the raw response before the handler, under its route', async () => {
    for (const path of ['/items/1', '/nowhere']) {
      const response = await fetch(`${url}${path}`, { headers: { 'x-refuse': 'yes' } });
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ message: 'Refused by a hook' });
    }

    expect(await countsOf(2)).toEqual([
      count(COUNT, 1, series('/items/:id', 429)),
      count(COUNT, 1, series(UNMATCHED_ROUTE, 429)),
    ]);
  });

  it('counts a request under the route labelRoute gave it, rather than the framework’s', async () => {
    for (const path of ['/labelled/a', '/labelled/b']) {
      expect((await fetch(`${url}${path}`)).status).toBe(200);
    }

    expect(await countsOf(2)).toEqual([count(COUNT, 2, series('/custom/label', 200))]);
  });
});
