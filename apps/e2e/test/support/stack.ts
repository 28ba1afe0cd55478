import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type {
  ServiceProcess,
  TestBucket,
  TestDatabase,
  TestRedisNamespace,
  TestS3Server,
} from '@wave/testing';
import {
  createTestBucket,
  createTestDatabase,
  createTestRedisNamespace,
  freePort,
  serviceProcess,
} from '@wave/testing';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../../..');
export const INTERNAL_SECRET_FOR_TESTS = 'e2e-internal-secret-0123456789abcdef';

const bundleOf = (app: string): string => join(ROOT, 'dist/apps', app, 'main.js');

/** The services behind the gateway, started in this order. */
export const SERVICES = [
  'identity',
  'timeline',
  'communities',
  'search',
  'media',
  'recommendations',
  'analytics',
] as const;
/** The migrations, in two lanes that run side by side (every service in one). */
const MIGRATION_LANES: readonly (readonly (typeof SERVICES)[number][])[] = [
  ['identity', 'timeline', 'communities', 'search'],
  ['media', 'recommendations', 'analytics'],
];

/**
 * The web client, built (dist/apps/web) and served by `vite preview` against a gateway, as
 * `npm start` serves it (`env`: PUBLIC_ORIGIN, PAGE_META_TIMEOUT_MS for the page renderer).
 */
export async function startWeb(
  gatewayUrl: string,
  env: Record<string, string> = {},
  /** A port chosen beforehand (when a service must know the web server's address). */
  chosenPort?: number,
): Promise<ServiceProcess> {
  if (!existsSync(join(ROOT, 'dist/apps/web/index.html'))) {
    throw new Error('dist/apps/web is missing: build first (nx run web:build)');
  }
  const port = chosenPort ?? (await freePort());
  const web = serviceProcess({
    name: 'web',
    bundle: join(ROOT, 'node_modules/vite/bin/vite.js'),
    args: [
      'preview',
      '--config',
      'apps/web/vite.config.ts',
      '--port',
      String(port),
      '--strictPort',
    ],
    cwd: ROOT,
    port,
    // The renderer's 2 s budget for a gateway read is for production; a CI machine running
    // several stacks and Chromium at once can take longer, and a page that went out without
    // its head is retried only a minute later. Tests of that budget pass their own.
    env: { GATEWAY_URL: gatewayUrl, PAGE_META_TIMEOUT_MS: '10000', ...env },
    healthPath: '/',
  });
  await web.start();
  return web;
}

/**
 * The page renderer's production server (dist/apps/page-meta/main.js, built with the web
 * client), which stands beside nginx in the web pod, serving the built index.html.
 */
export async function startPageMetaServer(
  gatewayUrl: string,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  const bundle = join(ROOT, 'dist/apps/page-meta/main.js');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: build first (nx run web:build)`);
  const server = serviceProcess({
    name: 'page-meta',
    bundle,
    cwd: ROOT,
    port: await freePort(),
    env: {
      GATEWAY_URL: gatewayUrl,
      INDEX_HTML: join(ROOT, 'dist/apps/web/index.html'),
      ...env,
    },
    healthPath: '/health',
  });
  await server.start();
  return server;
}

export interface Stack {
  gateway: ServiceProcess;
  identity: ServiceProcess;
  timeline: ServiceProcess;
  communities: ServiceProcess;
  search: ServiceProcess;
  media: ServiceProcess;
  recommendations: ServiceProcess;
  analytics: ServiceProcess;
  bucket: TestBucket;
  database: TestDatabase;
  redis: TestRedisNamespace;
  /** The settings every app got. */
  env: Record<string, string>;
  /** Each app's `/metrics` URL, with `startStack`'s `metrics` option (else empty). */
  metricsUrls: Partial<Record<string, string>>;
  /** The second replica of each service `startStack`'s `replicas` option named. */
  secondReplicas: Partial<Record<Service, ServiceProcess>>;
  stop(): Promise<void>;
}

export type Service = (typeof SERVICES)[number];

export interface StackOptions {
  /** Give each app a METRICS_PORT of its own (off by default, as it is for tests). */
  metrics?: boolean;
  /**
   * Run these services twice, side by side on ports of their own: the gateway's `<SERVICE>_URL`
   * names both replicas (the second's metrics, with `metrics`, are `<service>-2`). Not media:
   * timeline, identity and communities read `MEDIA_URL` too, and take one URL.
   */
  replicas?: readonly Exclude<Service, 'media'>[];
  /**
   * Servers of the stack's own instead of the tests' shared ones (the chaos runner stops and
   * slows its own). `databaseUrlOf` turns the database's URL into the one the apps get (through
   * a proxy, say); the stack's `database.url` stays the direct one.
   */
  stores?: {
    databaseServerUrl: string;
    redisUrl: string;
    s3: TestS3Server;
    databaseUrlOf?: (url: string) => string;
  };
}

/**
 * Starts the services and the gateway from their built bundles, as separate
 * processes, against a fresh database and Redis namespace.
 */
export async function startStack(
  label: string,
  overrides: Record<string, string> = {},
  options: StackOptions = {},
): Promise<Stack> {
  for (const app of ['gateway', ...SERVICES]) {
    if (!existsSync(bundleOf(app))) {
      throw new Error(`${bundleOf(app)} is missing: build first (nx run-many -t build)`);
    }
  }
  const { stores } = options;
  const database = await createTestDatabase(`e2e_${label}`, {
    ...(stores ? { serverUrl: stores.databaseServerUrl } : {}),
  });
  const redis = createTestRedisNamespace(`e2e-${label}`, stores?.redisUrl);
  const bucket = createTestBucket(label, stores?.s3);
  const [
    identityPort,
    timelinePort,
    communitiesPort,
    searchPort,
    mediaPort,
    recommendationsPort,
    analyticsPort,
    gatewayPort,
  ] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const secondPorts: Partial<Record<Service, number>> = {};
  for (const service of options.replicas ?? []) secondPorts[service] = await freePort();
  /** The service's URL, or its two replicas' URLs. */
  const urlOf = (service: Service, port: number): string => {
    const second = secondPorts[service];
    const url = `http://127.0.0.1:${port}`;
    return second === undefined ? url : `${url},http://127.0.0.1:${second}`;
  };
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: stores?.databaseUrlOf?.(database.url) ?? database.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.keyPrefix,
    INTERNAL_AUTH_SECRET: INTERNAL_SECRET_FOR_TESTS,
    IDENTITY_URL: urlOf('identity', identityPort),
    TIMELINE_URL: urlOf('timeline', timelinePort),
    COMMUNITIES_URL: urlOf('communities', communitiesPort),
    SEARCH_URL: urlOf('search', searchPort),
    MEDIA_URL: urlOf('media', mediaPort),
    RECOMMENDATIONS_URL: urlOf('recommendations', recommendationsPort),
    ANALYTICS_URL: urlOf('analytics', analyticsPort),
    S3_ENDPOINT: bucket.endpoint,
    S3_ACCESS_KEY: bucket.accessKey,
    S3_SECRET_KEY: bucket.secretKey,
    S3_BUCKET: bucket.bucket,
    ALLOWED_ORIGINS: 'http://localhost:8080',
    // Generous limits: the tests make many calls from one address. The
    // rate-limit tests set their own.
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_FREE_FAILURES: '1000',
    REGISTER_RATE_LIMIT_PER_IP: '1000',
    REQUEST_RATE_LIMIT_PER_IP: '100000',
    LINK_PREVIEW_RATE_LIMIT_PER_USER: '1000',
    LINK_PREVIEW_RATE_LIMIT_PER_IP: '1000',
    IMAGE_PROXY_RATE_LIMIT_PER_IP: '100000',
    PAGE_VIEW_RATE_LIMIT_PER_IP: '100000',
    IMPRESSION_RATE_LIMIT_PER_IP: '100000',
    SEO_ANALYSIS_RATE_LIMIT_PER_USER: '100000',
    SEO_ANALYSIS_RATE_LIMIT_PER_IP: '100000',
    // Under the 20 s after which a test kills a service that has not stopped (service-process).
    SHUTDOWN_TIMEOUT_MS: '15000',
    // Fewer day partitions for analytics to create at its migration.
    RAW_EVENTS_RETENTION_DAYS: '3',
    ...overrides,
  };
  // Two lanes side by side (most of a migration's second is node loading the bundle); each
  // service migrates its own schema, but communities and search both create the pg_trgm
  // extension, which two transactions at once can race on: they share a lane.
  const migrate = async (apps: readonly string[]) => {
    for (const app of apps) {
      await run(process.execPath, [bundleOf(app), 'migrate'], {
        cwd: ROOT,
        env: { ...process.env, ...env },
      });
    }
  };
  await Promise.all(MIGRATION_LANES.map(migrate));
  const metricsUrls: Partial<Record<string, string>> = {};
  if (options.metrics) {
    const seconds = Object.keys(secondPorts).map((service) => `${service}-2`);
    for (const app of ['gateway', ...SERVICES, ...seconds]) {
      metricsUrls[app] = `http://127.0.0.1:${await freePort()}/metrics`;
    }
  }
  const start = (name: string, port: number, replica = name) => {
    const metricsUrl = metricsUrls[replica];
    return serviceProcess({
      name: replica,
      bundle: bundleOf(name),
      cwd: ROOT,
      port,
      env: metricsUrl ? { ...env, METRICS_PORT: new URL(metricsUrl).port } : env,
    });
  };
  const identity = start('identity', identityPort);
  const timeline = start('timeline', timelinePort);
  const communities = start('communities', communitiesPort);
  const search = start('search', searchPort);
  const media = start('media', mediaPort);
  const recommendations = start('recommendations', recommendationsPort);
  const analytics = start('analytics', analyticsPort);
  const gateway = start('gateway', gatewayPort);
  const secondReplicas: Partial<Record<Service, ServiceProcess>> = {};
  for (const [service, port] of Object.entries(secondPorts) as [Service, number][]) {
    secondReplicas[service] = start(service, port, `${service}-2`);
  }
  await Promise.all([
    ...Object.values(secondReplicas).map((replica) => replica.start()),
    identity.start(),
    timeline.start(),
    communities.start(),
    search.start(),
    media.start(),
    recommendations.start(),
    analytics.start(),
  ]);
  await gateway.start();
  return {
    gateway,
    identity,
    timeline,
    communities,
    search,
    media,
    recommendations,
    analytics,
    bucket,
    database,
    redis,
    env,
    metricsUrls,
    secondReplicas,
    async stop() {
      await Promise.all([
        ...Object.values(secondReplicas).map((replica) => replica.stop()),
        gateway.stop(),
        identity.stop(),
        timeline.stop(),
        communities.stop(),
        search.stop(),
        media.stop(),
        recommendations.stop(),
        analytics.stop(),
      ]);
      await bucket.cleanup();
      await database.drop();
      await redis.cleanup();
    },
  };
}
