import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loggingModule } from './logging';
import { createServiceApp } from './service-app';

@Controller('things')
class ThingsController {
  @Get(':id')
  thing(): { ok: true } {
    return { ok: true };
  }
}

@Module({
  imports: [loggingModule({ service: 'service-app-spec', level: 'silent' })],
  controllers: [ThingsController],
})
class ThingsModule {}

describe(createServiceApp.name, () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createServiceApp(ThingsModule);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each(['/things/%E0%A4%A', '/nowhere/%E0%A4%A'])(
    'answers a URL with a broken escape (%s) with 400 and a message',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The URL is not valid' });
    },
  );

  it('answers a good URL as usual', async () => {
    const response = await app.inject({ method: 'GET', url: '/things/caf%C3%A9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
