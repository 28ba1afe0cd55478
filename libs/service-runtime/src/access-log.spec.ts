import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PinoLogger } from 'nestjs-pino';
import { symbols } from 'pino';
import { loggingModule } from './logging';
import { createServiceApp } from './service-app';

@Controller('things')
class ThingsController {
  @Get('fine')
  fine(): { ok: true } {
    return { ok: true };
  }

  @Get('broken')
  broken(): never {
    throw new Error('the thing broke');
  }

  /** Answers after a while: long enough for a client to go away first. */
  @Get('slow')
  async slow(): Promise<{ ok: true }> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { ok: true };
  }
}

@Module({
  imports: [loggingModule({ service: 'access-log-spec', level: 'info', perRequest: false })],
  controllers: [ThingsController],
})
class ThingsModule {}

interface Line {
  level: number;
  message: string;
  req?: object;
  res?: object;
  responseTime?: number;
}

/**
 * A service whose logging module keeps no request-scoped logger (`perRequest: false`), as timeline
 * and the gateway do: the lines as written, caught on the root logger's stream.
 */
describe('a service without a request-scoped logger', () => {
  let app: NestFastifyApplication;
  let url: string;
  let written: jest.SpyInstance;

  const lines = (): Line[] =>
    written.mock.calls.map(([chunk]) => JSON.parse(String(chunk)) as Line);
  const accessLines = () => lines().filter((line) => line.message.startsWith('request '));
  /** Waits until `count` access lines are written (one is written as its answer ends). */
  const untilAccessLines = async (count: number) => {
    for (let tries = 0; accessLines().length < count && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return accessLines();
  };

  beforeAll(async () => {
    app = await createServiceApp(ThingsModule);
    // The module's one root logger, which every PinoLogger writes to outside a request context.
    const root = (await app.resolve(PinoLogger)).logger as unknown as Record<symbol, unknown>;
    const stream = root[symbols.streamSym] as { write(chunk: string): boolean };
    written = jest.spyOn(stream, 'write').mockImplementation(() => true);
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    written?.mockRestore();
    await app?.close();
  });

  beforeEach(() => written.mockClear());

  it('writes an access line per answer: request id, method, URL, status and time', async () => {
    const response = await fetch(`${url}/things/fine?x=1`, {
      headers: { 'x-request-id': 'trace-fine' },
    });
    expect(response.status).toBe(200);
    expect(await untilAccessLines(1)).toEqual([
      expect.objectContaining({
        level: 30,
        message: 'request completed',
        req: { requestId: 'trace-fine', method: 'GET', url: '/things/fine?x=1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('names the request in the line of an error it answers with a 500', async () => {
    const response = await fetch(`${url}/things/broken`, {
      headers: { 'x-request-id': 'trace-broken' },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal server error' });
    await untilAccessLines(1);
    expect(lines().filter((line) => line.level >= 50)).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('Request trace-broken failed: Error: the thing broke'),
      }),
    ]);
    expect(accessLines()).toEqual([
      expect.objectContaining({ message: 'request completed', res: { statusCode: 500 } }),
    ]);
  });

  it('writes "request aborted" for a request whose client went away before the answer', async () => {
    await new Promise<void>((resolve) => {
      const request = httpRequest(`${url}/things/slow`, {
        headers: { 'x-request-id': 'trace-gone' },
      });
      request.on('error', () => resolve());
      request.end();
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 50);
    });
    expect(await untilAccessLines(1)).toEqual([
      expect.objectContaining({
        message: 'request aborted',
        req: expect.objectContaining({ requestId: 'trace-gone', url: '/things/slow' }),
      }),
    ]);
  });

  it('writes no access line for health checks', async () => {
    await fetch(`${url}/health`);
    await fetch(`${url}/things/fine`);
    expect((await untilAccessLines(1)).map((line) => line.req)).toEqual([
      expect.objectContaining({ url: '/things/fine' }),
    ]);
  });
});
