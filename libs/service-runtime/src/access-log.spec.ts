import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PinoLogger } from 'nestjs-pino';
import { ACCESS_LOG_MESSAGE } from './access-log';
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
}

@Module({
  imports: [loggingModule({ service: 'access-log-spec', level: 'info', perRequest: false })],
  controllers: [ThingsController],
})
class ThingsModule {}

/** A service without a request-scoped logger (`perRequestLogger: false`), as timeline and the gateway are. */
describe('a service without a request-scoped logger', () => {
  let app: NestFastifyApplication;
  let info: jest.SpyInstance;
  let error: jest.SpyInstance;

  /** The access log lines written so far: what each names. */
  const accessLines = (): { req: { url: string } }[] =>
    (info.mock.calls as [{ req: { url: string } }, string][])
      .filter(([, message]) => message === ACCESS_LOG_MESSAGE)
      .map(([fields]) => fields);

  beforeAll(async () => {
    app = await createServiceApp(ThingsModule, { perRequestLogger: false });
    // The module's one root logger, which every PinoLogger writes to outside a request context.
    const root = (await app.resolve(PinoLogger)).logger;
    info = jest.spyOn(root, 'info').mockImplementation();
    error = jest.spyOn(root, 'error').mockImplementation();
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    // Nest keeps its start-up lines until the app listens; these tests do not listen.
    app.flushLogs();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await app?.close();
  });

  beforeEach(() => jest.clearAllMocks());

  it('writes an access line per answer: request id, method, URL, status and time', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/things/fine?x=1',
      headers: { 'x-request-id': 'trace-fine' },
    });
    expect(response.statusCode).toBe(200);
    expect(accessLines()).toEqual([
      {
        req: { requestId: 'trace-fine', method: 'GET', url: '/things/fine?x=1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      },
    ]);
  });

  it('names the request in the line of an error it answers with a 500', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/things/broken',
      headers: { 'x-request-id': 'trace-broken' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });
    const lines = error.mock.calls.map((call) => JSON.stringify(call));
    expect(lines).toEqual([
      expect.stringContaining('Request trace-broken failed: Error: the thing broke'),
    ]);
    expect(accessLines()).toEqual([expect.objectContaining({ res: { statusCode: 500 } })]);
  });

  it('writes no access line for health checks', async () => {
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/things/fine' });
    expect(accessLines().map((line) => line.req.url)).toEqual(['/things/fine']);
  });
});
