import { Test } from '@nestjs/testing';
import { register as globalRegistry } from 'prom-client';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, prepareDatabase } from '@wave/database';
import { samplesOf, ServiceMetrics } from '@wave/metrics';
import type { TestDatabase } from '@wave/testing';
import { createTestDatabase } from '@wave/testing';
import { OutboxEventEntity } from '../src/outbox-event.entity';
import { OUTBOX_COUNT_CAP, OutboxMetrics } from '../src/outbox-metrics';

const SCHEMA = 'outbox_metrics';
const COUNT = 'outbox_unpublished_events';
const AGE = 'outbox_oldest_unpublished_seconds';

/** The value of the one sample of an unlabelled metric (but for `service`); fails without it. */
function valueOf(body: string, name: string, service: string): number {
  const samples = samplesOf(body, name);
  expect(samples).toEqual([{ name, labels: { service }, value: expect.any(Number) }]);
  return samples[0]!.value;
}

/** The values as prom-client holds them (the text spells NaN its own way). */
async function heldValue(metrics: ServiceMetrics, name: string): Promise<number | undefined> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((found) => found.name === name);
  return (metric as { values: { value: number }[] } | undefined)?.values[0]?.value;
}

describe(OutboxMetrics.name, () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const openDataSource = async (synchronize: boolean) => {
    const opened = new DataSource({
      ...buildDataSourceOptions({
        url: database.url,
        schema: SCHEMA,
        entities: [OutboxEventEntity],
        migrations: [],
      }),
      synchronize,
    });
    return opened.initialize();
  };
  /** Inserts an event; `ageSeconds` back-dates when it occurred. */
  const insert = (options: { ageSeconds?: number; published?: boolean } = {}) =>
    dataSource.query(
      `INSERT INTO ${SCHEMA}.outbox (event_id, name, payload, occurred_at, published_at)
       VALUES (gen_random_uuid(), 'user.registered', '{}'::jsonb,
               now() - make_interval(secs => $1), CASE WHEN $2 THEN now() END)`,
      [options.ageSeconds ?? 0, options.published ?? false],
    );

  beforeAll(async () => {
    database = await createTestDatabase('outbox_metrics');
    await prepareDatabase(database.url, SCHEMA);
    dataSource = await openDataSource(true);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  beforeEach(async () => {
    await dataSource.query(`TRUNCATE ${SCHEMA}.outbox`);
  });

  it('counts the unpublished events and gives the age of the oldest', async () => {
    const metrics = new ServiceMetrics('test');
    new OutboxMetrics(dataSource, metrics);
    const startedAt = Date.now();
    // The oldest first, as the relay takes them (by id).
    await insert({ ageSeconds: 60 });
    await insert({ ageSeconds: 5 });
    await insert();
    await insert({ ageSeconds: 600, published: true });

    const { body } = await metrics.render();
    const elapsedSeconds = (Date.now() - startedAt) / 1000;

    expect(body).toContain(`${COUNT}{service="test"} 3\n`);
    const age = valueOf(body, AGE, 'test');
    expect(age).toBeGreaterThanOrEqual(60);
    expect(age).toBeLessThanOrEqual(60 + elapsedSeconds);
    expect(age).toBeLessThan(120);
  });

  it('gives 0 events and 0 s once every event is published, and with none at all', async () => {
    const metrics = new ServiceMetrics('test');
    new OutboxMetrics(dataSource, metrics);

    const empty = (await metrics.render()).body;
    await insert({ ageSeconds: 60, published: true });
    await insert({ published: true });
    const published = (await metrics.render()).body;

    for (const body of [empty, published]) {
      expect(valueOf(body, COUNT, 'test')).toBe(0);
      expect(valueOf(body, AGE, 'test')).toBe(0);
    }
  });

  it('follows the outbox from one scrape to the next', async () => {
    const metrics = new ServiceMetrics('test');
    new OutboxMetrics(dataSource, metrics);
    await insert({ ageSeconds: 30 });
    await insert();
    const before = (await metrics.render()).body;
    expect(valueOf(before, COUNT, 'test')).toBe(2);
    expect(valueOf(before, AGE, 'test')).toBeGreaterThanOrEqual(30);

    await dataSource.query(
      `UPDATE ${SCHEMA}.outbox SET published_at = now()
       WHERE id = (SELECT min(id) FROM ${SCHEMA}.outbox)`,
    );
    const after = (await metrics.render()).body;

    expect(valueOf(after, COUNT, 'test')).toBe(1);
    expect(valueOf(after, AGE, 'test')).toBeLessThan(30);
  });

  it(`stops counting at ${OUTBOX_COUNT_CAP}`, async () => {
    const metrics = new ServiceMetrics('test');
    new OutboxMetrics(dataSource, metrics);
    await dataSource.query(
      `INSERT INTO ${SCHEMA}.outbox (event_id, name, payload)
       SELECT gen_random_uuid(), 'user.registered', '{}'::jsonb
       FROM generate_series(1, $1)`,
      [OUTBOX_COUNT_CAP + 10],
    );

    const { body } = await metrics.render();

    expect(valueOf(body, COUNT, 'test')).toBe(OUTBOX_COUNT_CAP);
  });

  it('registers nothing, anywhere, without ServiceMetrics', async () => {
    const bystander = new ServiceMetrics('bystander');
    await insert();

    expect(() => new OutboxMetrics(dataSource)).not.toThrow();
    expect(() => new OutboxMetrics(dataSource, undefined)).not.toThrow();

    expect(globalRegistry.getSingleMetric(COUNT)).toBeUndefined();
    expect(globalRegistry.getSingleMetric(AGE)).toBeUndefined();
    const { body } = await bystander.render();
    expect(body).not.toContain('outbox_');
  });

  it('is built by Nest with or without ServiceMetrics', async () => {
    const metrics = new ServiceMetrics('test');
    const withMetrics = await Test.createTestingModule({
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: ServiceMetrics, useValue: metrics },
        OutboxMetrics,
      ],
    }).compile();
    const withoutMetrics = await Test.createTestingModule({
      providers: [{ provide: DataSource, useValue: dataSource }, OutboxMetrics],
    }).compile();
    try {
      expect(withMetrics.get(OutboxMetrics)).toBeInstanceOf(OutboxMetrics);
      expect(withoutMetrics.get(OutboxMetrics)).toBeInstanceOf(OutboxMetrics);
      await insert();
      expect(valueOf((await metrics.render()).body, COUNT, 'test')).toBe(1);
    } finally {
      await withMetrics.close();
      await withoutMetrics.close();
    }
  });

  it('gives NaN, and still answers at once, when PostgreSQL cannot be asked', async () => {
    const doomed = await openDataSource(false);
    const metrics = new ServiceMetrics('test');
    new OutboxMetrics(doomed, metrics);
    await insert({ ageSeconds: 60 });
    expect(valueOf((await metrics.render()).body, COUNT, 'test')).toBe(1);

    await doomed.destroy();
    const started = performance.now();
    const { body } = await metrics.render();

    expect(performance.now() - started).toBeLessThan(1_000);
    // prom-client writes NaN as `Nan` (which Prometheus reads as NaN).
    expect(body).toContain(`${COUNT}{service="test"} Nan\n`);
    expect(body).toContain(`${AGE}{service="test"} Nan\n`);
    expect(valueOf(body, COUNT, 'test')).toBeNaN();
    expect(valueOf(body, AGE, 'test')).toBeNaN();
    expect(await heldValue(metrics, COUNT)).toBeNaN();
    expect(await heldValue(metrics, AGE)).toBeNaN();
    // The rest of the scrape is there.
    expect(body).toMatch(/^process_resident_memory_bytes\{service="test"\} \d+$/m);
  });
});
