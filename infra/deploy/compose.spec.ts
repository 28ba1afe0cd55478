import proxyAddr from 'proxy-addr';
import { CONFIG_LOADERS, configProblems, realSecrets } from './app-configs';
import { parseDockerfile } from './dockerfile';
import {
  deployedApps,
  exists,
  METRICS_PORT,
  PAGE_META,
  PAGE_META_PORT,
  portOf,
  readText,
  readYaml,
  SERVICE_DOCKERFILE,
  serviceBuildArgs,
  WEB_APP,
  WEB_PORT,
} from './workspace';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the deployment tests check what each app accepts
import { loadPageMetaServerConfig } from '../../apps/web/server/page-meta/page-meta.config';

type Scalar = string | number | boolean | null;

interface ComposeService {
  image?: string;
  build?:
    | string
    | { context?: string; dockerfile?: string; target?: string; args?: Record<string, Scalar> };
  command?: string | string[];
  restart?: string;
  environment?: Record<string, Scalar> | string[];
  ports?: (string | number | { target?: number; published?: number | string })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  network_mode?: string;
  stop_grace_period?: string;
}

interface PrometheusConfig {
  scrape_configs: { job_name: string; static_configs?: { targets: string[] }[] }[];
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  networks?: Record<
    string,
    { ipam?: { config?: { subnet?: string; ip_range?: string }[] } } | null
  >;
}

/** `${NAME}`, `${NAME:-default}`, `${NAME:?message}` and the like. */
const INTERPOLATION = /\$\{([A-Z0-9_]+)(?::?[-?+][^}]*)?\}/g;
const REQUIRED = (name: string) => new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`);
const SECRET_NAME = /SECRET|PASSWORD|MASTER_KEY|TOKEN|ACCESS_KEY|SECRET_KEY|ROOT_USER/;
/** Passwords and keys: never a default, in compose as in the apps. (User names may have one.) */
const PASSWORD_OR_KEY = /SECRET|PASSWORD|MASTER_KEY|TOKEN/;
/** What `docker compose up` needs in the environment (or in .env) and nothing else. */
const REQUIRED_VARIABLES = [
  'GRAFANA_ADMIN_PASSWORD',
  'INTERNAL_AUTH_SECRET',
  'MEILI_MASTER_KEY',
  'MINIO_ROOT_PASSWORD',
  'POSTGRES_PASSWORD',
];

/** Where the services send their traces (OTLP over HTTP), and Jaeger's UI and query API. */
const OTLP_HTTP_PORT = 4318;
const JAEGER_UI_PORT = 16686;
const TRACES_ENDPOINT = `http://jaeger:${OTLP_HTTP_PORT}`;

/** A value as compose interpolates it from the given variables. */
const interpolate = (value: string, variables: Record<string, string>): string =>
  value.replace(
    /\$\{([A-Z0-9_]+)(?:(:?)([-?+])([^}]*))?\}/g,
    (_match, name: string, colon: string, operator: string | undefined, argument: string) => {
      const given = variables[name];
      const unset = given === undefined || (colon === ':' && given === '');
      if (operator === '?' && unset) throw new Error(`${name} is required: ${argument}`);
      if (operator === '-' && unset) return argument;
      if (operator === '+') return unset ? '' : argument;
      return given ?? '';
    },
  );

const environmentOf = (service: ComposeService): Record<string, string> => {
  const environment = service.environment ?? {};
  const entries = Array.isArray(environment)
    ? environment.map((item) => {
        const at = item.indexOf('=');
        return at === -1 ? [item, ''] : [item.slice(0, at), item.slice(at + 1)];
      })
    : Object.entries(environment).map(([key, value]) => [key, value === null ? '' : String(value)]);
  return Object.fromEntries(entries) as Record<string, string>;
};

const dependenciesOf = (service: ComposeService): Record<string, string> => {
  const dependsOn = service.depends_on ?? [];
  return Array.isArray(dependsOn)
    ? Object.fromEntries(dependsOn.map((name) => [name, 'service_started']))
    : Object.fromEntries(
        Object.entries(dependsOn).map(([name, { condition }]) => [
          name,
          condition ?? 'service_started',
        ]),
      );
};

const dockerfileOf = (service: ComposeService): string | undefined =>
  typeof service.build === 'object' ? service.build.dockerfile : undefined;

const commandOf = (service: ComposeService): string[] | undefined =>
  typeof service.command === 'string' ? service.command.split(/\s+/) : service.command;

/** A one-shot container (migrations, bucket setup) exits; everything else keeps running. */
const isOneShot = (service: ComposeService): boolean => service.restart === 'no';

/** "3000:3000", "127.0.0.1:3000:3000/tcp" or the long form, as published → target. */
const publishedPorts = (service: ComposeService): { published: number; target: number }[] =>
  (service.ports ?? []).map((port) => {
    if (typeof port === 'object') {
      return { published: Number(port.published), target: Number(port.target) };
    }
    const parts = String(port)
      .replace(/\/(tcp|udp)$/, '')
      .split(':');
    return { published: Number(parts.at(-2) ?? parts.at(-1)), target: Number(parts.at(-1)) };
  });

describe('docker-compose.yml', () => {
  const sut = readYaml<ComposeFile>('docker-compose.yml');
  const apps = deployedApps();
  const services = Object.entries(sut.services);
  const longRunning = services.filter(([, service]) => !isOneShot(service));

  it('runs PostgreSQL 15, Redis 7, MinIO and Meilisearch 1.x', () => {
    expect(sut.services['postgres']?.image).toMatch(/^postgres:15([.-]|$)/);
    expect(sut.services['redis']?.image).toMatch(/^redis:7([.-]|$)/);
    expect(sut.services['minio']?.image).toMatch(/^(quay\.io\/)?minio\/minio:/);
    expect(sut.services['meilisearch']?.image).toMatch(/^getmeili\/meilisearch:v1\.\d+/);
  });

  it('pins Meilisearch to one release (its data files belong to the version that wrote them)', () => {
    expect(sut.services['meilisearch']?.image).toMatch(/^getmeili\/meilisearch:v1\.\d+\.\d+$/);
  });

  it('checks that Meilisearch answers /health on its port', () => {
    const test = sut.services['meilisearch']?.healthcheck?.test;
    expect(Array.isArray(test) ? test.join(' ') : test).toMatch(
      /^(CMD|CMD-SHELL) .*http:\/\/(127\.0\.0\.1|localhost):7700\/health\b/,
    );
  });

  it('takes the Meilisearch master key from the environment', () => {
    const environment = environmentOf(sut.services['meilisearch']!);
    expect(environment['MEILI_MASTER_KEY']).toMatch(/^\$\{MEILI_MASTER_KEY[:}]/);
  });

  it.each(['postgres', 'minio', 'meilisearch'])('keeps the %s data in a named volume', (name) => {
    const namedVolumes = Object.keys(sut.volumes ?? {});
    const sources = (sut.services[name]?.volumes ?? []).map((volume) =>
      typeof volume === 'string' ? volume.split(':')[0] : volume.source,
    );
    expect(sources.some((source) => source !== undefined && namedVolumes.includes(source))).toBe(
      true,
    );
  });

  const prometheusConfig = readYaml<PrometheusConfig>('infra/monitoring/prometheus.yml');
  const scrapeTargets = prometheusConfig.scrape_configs.flatMap((job) =>
    (job.static_configs ?? []).flatMap((config) => config.targets),
  );

  it('runs Redis with an append-only file written every second and no eviction', () => {
    const command = (commandOf(sut.services['redis']!) ?? []).join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--appendfsync everysec');
    expect(command).toContain('--maxmemory-policy noeviction');
    const sources = (sut.services['redis']?.volumes ?? []).map((volume) =>
      typeof volume === 'string' ? volume.split(':')[0] : volume.source,
    );
    expect(sources).toContain('redis-data');
  });

  describe('monitoring', () => {
    const prometheus = sut.services['prometheus']!;
    const grafana = sut.services['grafana']!;
    const mountsOf = (service: ComposeService) =>
      (service.volumes ?? []).map((volume) =>
        typeof volume === 'string' ? volume : `${volume.source}:${volume.target}`,
      );

    it('runs Prometheus with the repository’s scrape configuration, scraping only the services', () => {
      expect(prometheus.image).toMatch(/^prom\/prometheus:v\d+\.\d+\.\d+$/);
      expect(mountsOf(prometheus)).toContain(
        './infra/monitoring/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
      );
      expect([...scrapeTargets].sort()).toEqual(apps.map((app) => `${app}:${METRICS_PORT}`));
    });

    it('runs Grafana with Prometheus as its data source and the dashboards provisioned', () => {
      expect(grafana.image).toMatch(/^grafana\/grafana:\d+\.\d+\.\d+$/);
      expect(mountsOf(grafana)).toEqual(
        expect.arrayContaining([
          './infra/monitoring/grafana/provisioning:/etc/grafana/provisioning:ro',
          './infra/monitoring/grafana/dashboards:/var/lib/grafana/dashboards:ro',
        ]),
      );
      const datasources = readYaml<{ datasources: { url: string; uid: string }[] }>(
        'infra/monitoring/grafana/provisioning/datasources/prometheus.yml',
      ).datasources;
      expect(datasources).toEqual([
        expect.objectContaining({ url: 'http://prometheus:9090', uid: 'wave-prometheus' }),
      ]);
      expect(environmentOf(grafana)['GF_SECURITY_ADMIN_PASSWORD']).toMatch(
        REQUIRED('GRAFANA_ADMIN_PASSWORD'),
      );
    });

    it('gives Grafana Jaeger as a data source too, on its UI port', () => {
      const datasources = readYaml<{ datasources: Record<string, unknown>[] }>(
        'infra/monitoring/grafana/provisioning/datasources/jaeger.yml',
      ).datasources;
      expect(datasources).toEqual([
        expect.objectContaining({
          type: 'jaeger',
          uid: 'wave-jaeger',
          access: 'proxy',
          url: `http://jaeger:${JAEGER_UI_PORT}`,
        }),
      ]);
      // Prometheus stays the default.
      expect(datasources[0]!['isDefault']).not.toBe(true);
    });

    it('publishes Prometheus, Grafana and Jaeger on the host’s loopback only', () => {
      for (const service of [prometheus, grafana, sut.services['jaeger']!]) {
        const ports = service.ports ?? [];
        expect(ports.length).toBeGreaterThan(0);
        for (const port of ports) expect(port).toEqual(expect.stringMatching(/^127\.0\.0\.1:/));
      }
    });
  });

  describe('traces', () => {
    const jaeger = sut.services['jaeger']!;

    it('runs Jaeger v2 (all-in-one: OTLP in, query API and UI), pinned to one release', () => {
      expect(jaeger).toBeDefined();
      expect(jaeger.image).toMatch(/^jaegertracing\/jaeger:2\.\d+\.\d+$/);
      expect(jaeger.restart).toBe('unless-stopped');
    });

    it(`publishes its UI (${JAEGER_UI_PORT}) on the host’s loopback only, and not OTLP`, () => {
      expect(publishedPorts(jaeger)).toEqual([
        { published: JAEGER_UI_PORT, target: JAEGER_UI_PORT },
      ]);
      expect(jaeger.ports).toEqual([expect.stringMatching(/^127\.0\.0\.1:/)]);
    });

    it('is checked on its health check extension, /status on 13133', () => {
      expect(jaeger.healthcheck?.test).toEqual([
        'CMD',
        'wget',
        '-q',
        '--spider',
        'http://127.0.0.1:13133/status',
      ]);
    });

    it('holds nothing back: no container waits for it', () => {
      const waiting = services.filter(([, service]) => 'jaeger' in dependenciesOf(service));
      expect(waiting.map(([name]) => name)).toEqual([]);
    });

    it('is named in the header with its UI’s address', () => {
      expect(readText('docker-compose.yml')).toContain(`http://127.0.0.1:${JAEGER_UI_PORT}`);
    });
  });

  describe.each(apps)('the %s service', (app) => {
    const service = sut.services[app]!;
    const environment = service ? environmentOf(service) : {};

    it(`exists and is built from ${SERVICE_DOCKERFILE} at the repository root, for ${app} on its port`, () => {
      expect(service).toBeDefined();
      expect(service.build).toEqual({
        context: '.',
        dockerfile: SERVICE_DOCKERFILE,
        args: serviceBuildArgs(app),
      });
      expect(exists(dockerfileOf(service)!)).toBe(true);
      expect(service.image).toMatch(new RegExp(`^wave/${app}(:|$)`));
      // The image's PORT (a build argument) is the one the container is told to listen on.
      expect(environment['PORT']).toBe(serviceBuildArgs(app)['PORT']);
    });

    it('runs its migrations, if it has any, from the same image and build', () => {
      const migrate = sut.services[`${app}-migrate`];
      if (app === 'gateway') {
        expect(migrate).toBeUndefined();
        return;
      }
      expect(migrate).toBeDefined();
      expect(commandOf(migrate!)).toEqual(['node', 'main.js', 'migrate']);
      expect(migrate!.image).toBe(service.image);
      expect(migrate!.build).toEqual(service.build);
      expect(dependenciesOf(service)).toMatchObject({
        [`${app}-migrate`]: 'service_completed_successfully',
      });
    });

    it(`runs in production mode on 0.0.0.0:${portOf(app)}`, () => {
      expect(environment).toMatchObject({
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        PORT: String(portOf(app)),
        REDIS_URL: 'redis://redis:6379',
        REDIS_KEY_PREFIX: 'wave:',
      });
      expect(environment['LOG_LEVEL']).toMatch(/^(info|\$\{LOG_LEVEL:-info\})$/);
    });

    it(`serves its metrics on port ${METRICS_PORT}, which Prometheus scrapes and nothing publishes`, () => {
      expect(environment['METRICS_PORT']).toBe(String(METRICS_PORT));
      expect(scrapeTargets).toContain(`${app}:${METRICS_PORT}`);
      expect(publishedPorts(service).map(({ target }) => target)).not.toContain(METRICS_PORT);
    });

    it(`sends its traces to Jaeger (OTLP over HTTP, ${TRACES_ENDPOINT}) unless told otherwise`, () => {
      expect(environment['OTEL_EXPORTER_OTLP_ENDPOINT']).toBe(
        `\${OTEL_EXPORTER_OTLP_ENDPOINT:-${TRACES_ENDPOINT}}`,
      );
      const secrets = realSecrets();
      const variables = Object.fromEntries(
        REQUIRED_VARIABLES.map((name) => [name, secrets[name]!]),
      );
      const config = CONFIG_LOADERS[app]!(
        Object.fromEntries(
          Object.entries(environment).map(([key, value]) => [key, interpolate(value, variables)]),
        ),
      ) as { OTEL_EXPORTER_OTLP_ENDPOINT?: string };
      expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBe(TRACES_ENDPOINT);
      // The jaeger service takes it; the service never waits for it.
      expect(sut.services['jaeger']).toBeDefined();
      expect(dependenciesOf(service)).not.toHaveProperty('jaeger');
    });

    it('gives it time to finish its requests and jobs after SIGTERM', () => {
      const delayMs = Number(environment['SHUTDOWN_DELAY_MS'] ?? 0);
      const timeoutMs = Number(environment['SHUTDOWN_TIMEOUT_MS'] ?? 25_000);
      const grace = /^(\d+)s$/.exec(String(service.stop_grace_period ?? '10s'));
      expect(Number(grace?.[1]) * 1000).toBeGreaterThan(delayMs + timeoutMs);
    });

    it('refuses to start without INTERNAL_AUTH_SECRET', () => {
      expect(environment['INTERNAL_AUTH_SECRET']).toMatch(REQUIRED('INTERNAL_AUTH_SECRET'));
    });

    it('waits for a healthy Redis (directly or through a service that does)', () => {
      const waitsFor = (name: string, seen: Set<string>): boolean => {
        if (seen.has(name)) return false;
        seen.add(name);
        return Object.entries(dependenciesOf(sut.services[name] ?? {})).some(
          ([dependency, condition]) =>
            (dependency === 'redis' && condition === 'service_healthy') ||
            waitsFor(dependency, seen),
        );
      };
      expect(waitsFor(app, new Set())).toBe(true);
    });
  });

  describe.each(longRunning.map(([name]) => name))('the long-running %s container', (name) => {
    const service = sut.services[name]!;

    it('has a healthcheck', () => {
      expect(service.healthcheck?.disable).not.toBe(true);
      const test = service.healthcheck?.test;
      expect(Array.isArray(test) ? test.length > 1 && test[0] !== 'NONE' : Boolean(test)).toBe(
        true,
      );
    });

    it('restarts when it stops', () => {
      expect(service.restart).toMatch(/^(always|unless-stopped|on-failure)/);
    });
  });

  it('starts each service only after what it depends on exists and, if asked, is healthy', () => {
    for (const [name, service] of services) {
      for (const [dependency, condition] of Object.entries(dependenciesOf(service))) {
        const target = sut.services[dependency];
        expect({ name, dependency, exists: target !== undefined }).toEqual({
          name,
          dependency,
          exists: true,
        });
        if (condition === 'service_healthy') expect(target?.healthcheck?.test).toBeDefined();
        if (condition === 'service_completed_successfully') expect(isOneShot(target!)).toBe(true);
      }
    }
  });

  it('takes every secret from the environment, never from a literal', () => {
    const secrets = services.flatMap(([name, service]) =>
      Object.entries(environmentOf(service))
        .filter(([key]) => SECRET_NAME.test(key))
        .map(([key, value]) => ({ name, key, value })),
    );
    expect(secrets.length).toBeGreaterThan(0);
    for (const { name, key, value } of secrets) {
      expect({ name, key, value }).toEqual({
        name,
        key,
        value: expect.stringMatching(/^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/),
      });
    }
  });

  it('keeps passwords out of the connection URLs', () => {
    for (const [name, service] of services) {
      for (const [key, value] of Object.entries(environmentOf(service))) {
        const password = /^[a-z][a-z0-9+.-]*:\/\/[^:/@]+:([^@]+)@/.exec(value)?.[1];
        if (password !== undefined) {
          expect({ name, key, password }).toEqual({
            name,
            key,
            password: expect.stringMatching(/^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/),
          });
        }
      }
    }
  });

  it('uses the same INTERNAL_AUTH_SECRET in every app', () => {
    const values = apps.map((app) => environmentOf(sut.services[app]!)['INTERNAL_AUTH_SECRET']);
    expect(new Set(values).size).toBe(1);
  });

  it('gives the gateway and identity the same session lifetime', () => {
    const ttl = (name: string) => environmentOf(sut.services[name]!)['SESSION_TTL_SECONDS'];
    expect(ttl('gateway')).toBe(ttl('identity'));
  });

  it('requires every password and key (no defaults), and only those', () => {
    const required = new Set<string>();
    const text = JSON.stringify(sut);
    for (const match of text.matchAll(INTERPOLATION)) {
      if (/^\$\{[A-Z0-9_]+:\?/.test(match[0])) required.add(match[1]!);
      else
        expect({ variable: match[0], default: /^\$\{[A-Z0-9_]+:-/.test(match[0]) }).toEqual({
          variable: match[0],
          default: true,
        });
      if (PASSWORD_OR_KEY.test(match[1]!)) {
        expect(match[0]).toMatch(REQUIRED(match[1]!));
        // The refusal says where to look.
        expect(match[0]).toContain('see the top of docker-compose.yml');
      }
    }
    expect([...required].sort()).toEqual(REQUIRED_VARIABLES);
  });

  it.each(apps)(
    'gives %s a configuration it accepts in production, once the required variables are set',
    (app) => {
      const secrets = realSecrets();
      const variables = Object.fromEntries(
        REQUIRED_VARIABLES.map((name) => [name, secrets[name]!]),
      );
      const environment = Object.fromEntries(
        Object.entries(environmentOf(sut.services[app]!)).map(([key, value]) => [
          key,
          interpolate(value, variables),
        ]),
      );
      expect(environment['NODE_ENV']).toBe('production');
      expect(configProblems(app, environment)).toBe('');
    },
  );

  describe('identity', () => {
    const identity = sut.services['identity']!;
    const migrate = sut.services['identity-migrate']!;

    it('migrates with the identity image, once, before identity starts', () => {
      expect(commandOf(migrate)).toEqual(['node', 'main.js', 'migrate']);
      expect(migrate.restart).toBe('no');
      expect(migrate.image).toBe(identity.image);
      expect(migrate.build).toEqual(identity.build);
      expect(environmentOf(migrate)).toEqual(environmentOf(identity));
      expect(dependenciesOf(migrate)).toMatchObject({ postgres: 'service_healthy' });
    });

    it('waits for healthy PostgreSQL and Redis and for completed migrations', () => {
      expect(dependenciesOf(identity)).toMatchObject({
        postgres: 'service_healthy',
        redis: 'service_healthy',
        'identity-migrate': 'service_completed_successfully',
      });
    });

    it('connects to the postgres service with the interpolated password', () => {
      const password = environmentOf(sut.services['postgres']!)['POSTGRES_PASSWORD'];
      expect(password).toMatch(REQUIRED('POSTGRES_PASSWORD'));
      expect(environmentOf(identity)['DATABASE_URL']).toBe(
        `postgres://wave:${password}@postgres:5432/wave`,
      );
    });

    it('does not mark cookies Secure by default (plain HTTP on localhost)', () => {
      expect(environmentOf(identity)['COOKIE_SECURE']).toBe('${COOKIE_SECURE:-false}');
    });
  });

  describe('search', () => {
    const search = sut.services['search']!;

    it('runs its Meilisearch engine on the meilisearch service, with the same master key', () => {
      const environment = environmentOf(search);
      expect(environment['MEILI_URL']).toBe('http://meilisearch:7700');
      expect(environment['MEILI_MASTER_KEY']).toBe(
        environmentOf(sut.services['meilisearch']!)['MEILI_MASTER_KEY'],
      );
    });

    it('starts once Meilisearch is healthy', () => {
      expect(dependenciesOf(search)).toMatchObject({ meilisearch: 'service_healthy' });
    });
  });

  describe('gateway', () => {
    const gateway = sut.services['gateway']!;

    it('publishes port 3000', () => {
      expect(publishedPorts(gateway)).toContainEqual({ published: 3000, target: 3000 });
    });

    it('starts after identity is healthy', () => {
      expect(dependenciesOf(gateway)).toMatchObject({ identity: 'service_healthy' });
    });

    it('routes to identity on its port and keeps the local origins', () => {
      expect(environmentOf(gateway)).toMatchObject({
        IDENTITY_URL: `http://identity:${portOf('identity')}`,
        ALLOWED_ORIGINS: '${ALLOWED_ORIGINS:-http://localhost:8080,http://localhost:3000}',
      });
    });

    it.each(apps.filter((app) => app !== 'gateway'))(
      'routes to %s on its port (<APP>_URL), once it is healthy',
      (app) => {
        expect(environmentOf(gateway)[`${app.toUpperCase()}_URL`]).toBe(
          `http://${app}:${portOf(app)}`,
        );
        expect(dependenciesOf(gateway)).toMatchObject({ [app]: 'service_healthy' });
      },
    );

    it('believes X-Forwarded-For from the web container only', () => {
      // As trustProxySetting (apps/gateway/src/config) reads it: one fixed address.
      const setting = environmentOf(gateway)['TRUST_PROXY'] ?? '';
      expect(setting).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      const trust = proxyAddr.compile([setting]);

      // That address is the web container's, fixed on the compose network's fixed subnet,
      // which the gateway is on too (both only on the default network).
      const web = sut.services[WEB_APP]!;
      expect(web.networks).toEqual({ default: { ipv4_address: setting } });
      expect(gateway.networks ?? ['default']).toEqual(['default']);
      const subnets = (sut.networks?.['default']?.ipam?.config ?? []).map(
        (pool) => pool.subnet ?? '',
      );
      expect(subnets).toHaveLength(1);
      const onSubnet = proxyAddr.compile(subnets);
      expect(onSubnet(setting, 0)).toBe(true);

      // No other container or the network's gateway (where the published port 3000 and
      // docker-proxy connect from), any private address, or clients on the internet.
      const [network] = subnets[0]!.split('/');
      const prefix = network!.split('.').slice(0, 3).join('.');
      const others = [
        `${prefix}.1`,
        `${prefix}.2`,
        `${prefix}.11`,
        '172.18.0.5',
        '192.168.16.3',
        '10.0.1.7',
        '127.0.0.1',
        '203.0.113.7',
        '8.8.8.8',
        '2001:db8::7',
      ];
      expect(others.filter((address) => trust(address, 0))).toEqual([]);
      expect(trust(setting, 0)).toBe(true);
    });

    it("keeps the web container's address out of the range Docker hands to the others", () => {
      // Docker gives every container without a fixed address one from ip_range (the whole
      // subnet without it): one started before web could otherwise take web's address and
      // be believed.
      const setting = environmentOf(gateway)['TRUST_PROXY'] ?? '';
      const [pool] = sut.networks?.['default']?.ipam?.config ?? [];
      const subnet = pool?.subnet ?? '';
      const ipRange = pool?.ip_range ?? '';
      expect({ subnet, ipRange }).toEqual({
        subnet: expect.stringMatching(/^[\d.]+\/\d+$/),
        ipRange: expect.stringMatching(/^[\d.]+\/\d+$/),
      });
      const inSubnet = proxyAddr.compile([subnet]);
      const inRange = proxyAddr.compile([ipRange]);
      const [rangeStart] = ipRange.split('/');

      expect(inSubnet(setting, 0)).toBe(true);
      expect(inRange(setting, 0)).toBe(false);
      // The range lies inside the subnet.
      expect(inSubnet(rangeStart!, 0)).toBe(true);
      expect(Number(ipRange.split('/')[1])).toBeGreaterThan(Number(subnet.split('/')[1]));
    });
  });

  describe(WEB_APP, () => {
    const web = sut.services[WEB_APP]!;

    it('is built from apps/web/Dockerfile at the repository root and restarts', () => {
      expect(web).toBeDefined();
      expect(web.build).toEqual({ context: '.', dockerfile: `apps/${WEB_APP}/Dockerfile` });
      expect(exists(dockerfileOf(web)!)).toBe(true);
      expect(web.image).toBe(`wave/${WEB_APP}:local`);
      expect(web.restart).toBe('unless-stopped');
    });

    it(`publishes port ${WEB_PORT}`, () => {
      expect(publishedPorts(web)).toEqual([{ published: WEB_PORT, target: WEB_PORT }]);
    });

    it('sends /api and /objects to the gateway service on its port', () => {
      expect(environmentOf(web)['GATEWAY_UPSTREAM']).toBe(`gateway:${portOf('gateway')}`);
      expect(environmentOf(sut.services['gateway']!)['PORT']).toBe(String(portOf('gateway')));
    });

    it('starts once the gateway is healthy', () => {
      expect(dependenciesOf(web)).toMatchObject({ gateway: 'service_healthy' });
    });

    it(`checks http://127.0.0.1:${WEB_PORT}/healthz with busybox wget`, () => {
      expect(web.healthcheck?.test).toEqual([
        'CMD',
        'wget',
        '-q',
        '--spider',
        `http://127.0.0.1:${WEB_PORT}/healthz`,
      ]);
    });

    it('is given no secret', () => {
      const keys = Object.keys(environmentOf(web));
      expect(keys.filter((key) => SECRET_NAME.test(key) || /DATABASE_URL/.test(key))).toEqual([]);
    });

    it(`sends the public pages to ${PAGE_META} on the loopback they share`, () => {
      expect(environmentOf(web)['PAGE_META_UPSTREAM']).toBe(`127.0.0.1:${PAGE_META_PORT}`);
    });
  });

  describe(PAGE_META, () => {
    const pageMeta = sut.services[PAGE_META]!;
    const environment = pageMeta ? environmentOf(pageMeta) : {};

    it('is the page-meta stage of the web Dockerfile, from the same build as the web image', () => {
      expect(pageMeta).toBeDefined();
      expect(pageMeta.build).toEqual({
        context: '.',
        dockerfile: `apps/${WEB_APP}/Dockerfile`,
        target: PAGE_META,
      });
      const stages = parseDockerfile(readText(`apps/${WEB_APP}/Dockerfile`)).stages;
      expect(stages.map((stage) => stage.name)).toContain(PAGE_META);
      expect(pageMeta.image).toBe(`wave/${PAGE_META}:local`);
    });

    it("shares the web container's network: nginx reaches it on the loopback, the gateway sees web's address", () => {
      expect(pageMeta.network_mode).toBe(`service:${WEB_APP}`);
      // A container on another's network has no ports or networks of its own.
      expect(pageMeta.networks).toBeUndefined();
      expect(pageMeta.ports).toBeUndefined();
      expect(dependenciesOf(pageMeta)).toMatchObject({
        [WEB_APP]: 'service_started',
        gateway: 'service_healthy',
      });
    });

    it(`listens on 127.0.0.1:${PAGE_META_PORT} only and reads the gateway service as a visitor`, () => {
      expect(environment).toMatchObject({
        HOST: '127.0.0.1',
        PORT: String(PAGE_META_PORT),
        GATEWAY_URL: `http://gateway:${portOf('gateway')}`,
      });
      expect(Object.keys(environment).filter((key) => SECRET_NAME.test(key))).toEqual([]);
    });

    it('names the public origin, by default the address compose publishes', () => {
      expect(environment['PUBLIC_ORIGIN']).toBe(`\${PUBLIC_ORIGIN:-http://localhost:${WEB_PORT}}`);
      const config = loadPageMetaServerConfig(
        Object.fromEntries(
          Object.entries(environment).map(([key, value]) => [key, interpolate(value, {})]),
        ),
      );
      expect(config).toMatchObject({
        publicOrigin: `http://localhost:${WEB_PORT}`,
        port: PAGE_META_PORT,
      });
    });

    it(`is checked on http://127.0.0.1:${PAGE_META_PORT}/health`, () => {
      const test = pageMeta.healthcheck?.test ?? [];
      expect(Array.isArray(test) ? test.join(' ') : test).toContain(
        `fetch('http://127.0.0.1:${PAGE_META_PORT}/health')`,
      );
    });
  });
});
