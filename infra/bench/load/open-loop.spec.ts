import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenLoopResult } from './open-loop';
import {
  dueCount,
  formatOpenLoopRow,
  latencySummary,
  loopbackUrl,
  OPEN_LOOP_TABLE_HEADER,
  openLoop,
  planSchedule,
  scheduledMs,
} from './open-loop';

describe('the schedule', () => {
  it('puts request i at i / rate seconds', () => {
    expect(scheduledMs(0, 1000)).toBe(0);
    expect(scheduledMs(1, 1000)).toBe(1);
    expect(scheduledMs(3, 200)).toBe(15);
    expect(scheduledMs(1, 3)).toBeCloseTo(333.333, 3);
  });

  it('counts the requests due at a time, request 0 at once', () => {
    expect(dueCount(-1, 1000, 100)).toBe(0);
    expect(dueCount(0, 1000, 100)).toBe(1);
    expect(dueCount(0.999, 1000, 100)).toBe(1);
    expect(dueCount(1, 1000, 100)).toBe(2);
    expect(dueCount(9.5, 1000, 100)).toBe(10);
    expect(dueCount(5_000, 1000, 100)).toBe(100);
    // A rate whose period is not a whole number of milliseconds.
    expect(dueCount(333.3, 3, 10)).toBe(1);
    expect(dueCount(scheduledMs(1, 3), 3, 10)).toBe(2);
  });

  it('agrees with scheduledMs at every due time', () => {
    for (const rate of [7, 200, 1000, 1234.5, 2000]) {
      for (let index = 0; index < 500; index += 1) {
        const at = scheduledMs(index, rate);
        expect(dueCount(at, rate, 500)).toBe(index + 1);
      }
    }
  });

  it('plans warm-up and measured requests', () => {
    expect(planSchedule(1000, 2, 10)).toEqual({
      total: 12_000,
      firstMeasured: 2_000,
      warmupMs: 2_000,
      endMs: 12_000,
    });
    expect(planSchedule(200, 0, 1)).toEqual({
      total: 200,
      firstMeasured: 0,
      warmupMs: 0,
      endMs: 1_000,
    });
  });
});

describe('the latency summary', () => {
  it('gives the percentiles within 0.1 %', () => {
    const values = Array.from({ length: 10_000 }, (_, index) => (index + 1) / 10); // 0.1 … 1000 ms
    const summary = latencySummary(values);
    expect(summary.count).toBe(10_000);
    for (const [value, expected] of [
      [summary.p50, 500],
      [summary.p90, 900],
      [summary.p99, 990],
      [summary.p999, 999],
      [summary.max, 1000],
    ] as const) {
      expect(Math.abs(value - expected) / expected).toBeLessThan(0.001);
    }
  });

  it('keeps microseconds', () => {
    const summary = latencySummary([0.25, 0.25, 0.25, 1.5]);
    expect(summary.p50).toBeCloseTo(0.25, 3);
    expect(summary.max).toBeCloseTo(1.5, 3);
  });

  it('is all 0 with no values', () => {
    expect(latencySummary([])).toEqual({ count: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 });
  });
});

describe('the Markdown row', () => {
  const result: OpenLoopResult = {
    offeredRate: 1000,
    achievedRate: 998.6,
    durationSeconds: 10,
    scheduled: 10_000,
    sent: 9_990,
    ok: 9_985,
    non2xx: 3,
    errors: 2,
    dropped: 10,
    latency: { count: 9_988, p50: 1.234, p90: 4.5, p99: 12.345, p999: 48.2, max: 102.75 },
    sendLag: { count: 9_990, p50: 0.1, p90: 0.5, p99: 1, p999: 1.2, max: 2 },
  };

  it('has the header columns', () => {
    const row = formatOpenLoopRow('feed, 1,000 req/s', result);
    expect(row).toBe(
      '| feed, 1,000 req/s | 1000 | 999 | 1.23 ms | 4.50 ms | 12.3 ms | 48.2 ms | 102.8 ms | 5 | 10 |',
    );
    const [header, separator] = OPEN_LOOP_TABLE_HEADER.split('\n');
    const columns = (line: string) => line.split('|').length;
    expect(columns(header!)).toBe(columns(row));
    expect(columns(separator!)).toBe(columns(row));
  });

  it('shows a dash for latencies of a run with no answers', () => {
    const none = { ...result, latency: { count: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 } };
    expect(formatOpenLoopRow('x', none)).toBe('| x | 1000 | 999 | – | – | – | – | – | 5 | 10 |');
  });
});

describe('loopback only', () => {
  it('accepts 127.0.0.1, ::1 and localhost', () => {
    expect(loopbackUrl('http://127.0.0.1:3000/api').port).toBe('3000');
    expect(loopbackUrl('http://[::1]:3000/').hostname).toBe('[::1]');
    expect(loopbackUrl('http://localhost/').hostname).toBe('localhost');
  });

  it('refuses other hosts and protocols', async () => {
    expect(() => loopbackUrl('http://10.0.0.1/')).toThrow(/loopback only/);
    expect(() => loopbackUrl('http://example.com/')).toThrow(/loopback only/);
    expect(() => loopbackUrl('ftp://127.0.0.1/')).toThrow(/not http/);
    await expect(
      openLoop({
        url: 'http://192.168.1.1/',
        rate: 1,
        durationSeconds: 1,
        connections: 1,
        headersFor: () => ({}),
      }),
    ).rejects.toThrow(/loopback only/);
  });
});

describe('against a real server', () => {
  /** A server on 127.0.0.1 that answers every request after `delayMs` (never, if null). */
  async function delayedServer(delayMs: number | null) {
    const seen = { requests: 0, inFlight: 0, maxInFlight: 0, headers: [] as string[] };
    const server: Server = createServer((request, response) => {
      seen.requests += 1;
      seen.inFlight += 1;
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
      seen.headers.push(String(request.headers['x-index']));
      if (delayMs === null) return;
      setTimeout(() => {
        seen.inFlight -= 1;
        response.end('{"ok":true}');
      }, delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return { url: `http://127.0.0.1:${port}/feed?x=1`, seen, close };
  }

  const headersFor = (index: number) => ({ 'x-index': String(index) });

  it('sends every request on time and measures the server delay', async () => {
    const server = await delayedServer(20);
    try {
      const result = await openLoop({
        url: server.url,
        rate: 200,
        durationSeconds: 1,
        connections: 64,
        headersFor,
      });
      expect(result.scheduled).toBe(200);
      expect(result.sent).toBe(200);
      expect(result.dropped).toBe(0);
      expect(result.ok).toBe(200);
      expect(result.non2xx + result.errors).toBe(0);
      expect(server.seen.requests).toBe(200);
      expect(server.seen.headers.slice(0, 3)).toEqual(['0', '1', '2']);
      expect(result.latency.count).toBe(200);
      expect(result.latency.p50).toBeGreaterThanOrEqual(20);
      expect(result.latency.p50).toBeLessThan(100);
      expect(result.achievedRate).toBeGreaterThan(150);
    } finally {
      await server.close();
    }
  });

  it('keeps sending while a stalled server holds the answers, and counts the stall', async () => {
    const server = await delayedServer(300);
    try {
      const started = Date.now();
      const result = await openLoop({
        url: server.url,
        rate: 100,
        durationSeconds: 1,
        connections: 64,
        headersFor,
      });
      expect(result.sent).toBe(100);
      expect(result.dropped).toBe(0);
      expect(result.ok).toBe(100);
      // 100 a second each held 300 ms: about 30 at the server at once.
      expect(server.seen.maxInFlight).toBeGreaterThanOrEqual(25);
      expect(result.latency.p50).toBeGreaterThanOrEqual(300);
      expect(result.latency.max).toBeLessThan(600);
      // The schedule (1 s) and the last answers (300 ms), not 100 × 300 ms.
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await server.close();
    }
  });

  it('drops the requests due while every socket is busy', async () => {
    const server = await delayedServer(300);
    try {
      const result = await openLoop({
        url: server.url,
        rate: 100,
        durationSeconds: 1,
        connections: 4,
        headersFor,
      });
      expect(result.sent + result.dropped).toBe(100);
      expect(server.seen.maxInFlight).toBeLessThanOrEqual(4);
      // 4 sockets for 300 ms each: 4 sent every 300 ms or so.
      expect(result.sent).toBeGreaterThanOrEqual(8);
      expect(result.sent).toBeLessThanOrEqual(24);
      expect(result.ok).toBe(result.sent);
      expect(result.latency.p50).toBeGreaterThanOrEqual(300);
    } finally {
      await server.close();
    }
  });

  it('counts the requests never answered as errors, after timeoutMs', async () => {
    const server = await delayedServer(null);
    try {
      const started = Date.now();
      const result = await openLoop({
        url: server.url,
        rate: 20,
        durationSeconds: 0.5,
        connections: 16,
        timeoutMs: 300,
        headersFor,
      });
      expect(result.sent).toBe(10);
      expect(result.ok).toBe(0);
      expect(result.errors).toBe(10);
      expect(result.firstError).toBeDefined();
      expect(result.latency.count).toBe(0);
      expect(result.achievedRate).toBe(0);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await server.close();
    }
  });

  it('leaves the warm-up out of the counts', async () => {
    const server = await delayedServer(1);
    try {
      const result = await openLoop({
        url: server.url,
        rate: 100,
        warmupSeconds: 0.3,
        durationSeconds: 0.5,
        connections: 16,
        headersFor,
      });
      expect(server.seen.requests).toBe(80);
      expect(result.scheduled).toBe(50);
      expect(result.sent).toBe(50);
      expect(result.ok).toBe(50);
    } finally {
      await server.close();
    }
  });
});
