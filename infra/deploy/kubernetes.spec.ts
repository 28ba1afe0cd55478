import { dirname, join, normalize, relative } from 'node:path';
import { INLINE_IMAGE_MAX_BYTES } from '@wave/contracts';
import { configProblems, realSecrets, usesDatabase } from './app-configs';
import { parseDockerfile } from './dockerfile';
import { sizeInBytes } from './nginx';
import {
  deployedApps,
  exampleSecretFiles,
  exists,
  filesUnder,
  kustomizeBuild,
  METRICS_PORT,
  PAGE_META,
  PAGE_META_PORT,
  portOf,
  readText,
  readYamlDocuments,
  WEB_APP,
  WEB_PORT,
} from './workspace';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the deployment tests check what each app accepts
import { loadPageMetaServerConfig } from '../../apps/web/server/page-meta/page-meta.config';

interface Metadata {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

interface Resource {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
  spec?: unknown;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

interface Probe {
  httpGet?: { path?: string; port?: number | string };
  periodSeconds?: number;
  failureThreshold?: number;
}

interface SecurityContextWithGroup {
  runAsGroup?: number;
}

interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { drop?: string[] };
}

interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: {
      secretKeyRef?: { name: string; key: string };
      configMapKeyRef?: { name: string; key: string };
    };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: {
    requests?: { cpu?: string | number; memory?: string };
    limits?: { cpu?: string | number; memory?: string };
  };
  securityContext?: SecurityContext & SecurityContextWithGroup;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}

interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: {
    securityContext?: SecurityContext & { runAsGroup?: number; fsGroup?: number };
    containers: Container[];
    volumes?: { name: string; emptyDir?: { sizeLimit?: string } }[];
    restartPolicy?: string;
    terminationGracePeriodSeconds?: number;
  };
}

interface Deployment extends Resource {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: PodTemplate;
  };
}

interface StatefulSet extends Resource {
  spec: {
    serviceName: string;
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: PodTemplate;
    volumeClaimTemplates?: {
      metadata: { name: string };
      spec: { accessModes?: string[]; resources?: { requests?: { storage?: string } } };
    }[];
  };
}

interface Job extends Resource {
  spec: { template: PodTemplate; backoffLimit?: number; activeDeadlineSeconds?: number };
}

interface Service extends Resource {
  spec: {
    type?: string;
    selector: Record<string, string>;
    ports: { name?: string; port: number; targetPort?: number | string }[];
  };
}

interface HorizontalPodAutoscaler extends Resource {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas: number;
    maxReplicas: number;
    metrics: {
      type: string;
      resource?: { name: string; target: { type: string; averageUtilization?: number } };
    }[];
  };
}

interface PodDisruptionBudget extends Resource {
  spec: {
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    selector: { matchLabels: Record<string, string> };
  };
}

interface IngressPath {
  path?: string;
  pathType?: string;
  backend: { service: { name: string; port: { name?: string; number?: number } } };
}

interface Ingress extends Resource {
  spec: {
    rules: { host?: string; http: { paths: IngressPath[] } }[];
  };
}

interface Kustomization {
  kind?: string;
  namespace?: string;
  resources?: string[];
  components?: string[];
  patches?: { path?: string; patch?: string; target?: { kind?: string; name?: string } }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  configMapGenerator?: { files?: string[]; envs?: string[] }[];
  secretGenerator?: { files?: string[]; envs?: string[] }[];
}

const BASE = 'k8s/base';
const OVERLAYS = ['development', 'production'].map((name) => `k8s/overlays/${name}`);
const SECRET_NAME = 'wave-secrets';
const CONFIG_NAME = 'wave-config';
/** The node user of the Node images (node:20-bookworm-slim). */
const NODE_UID = 1000;
/** The user of the web image: nginx-unprivileged's nginx (apps/web/Dockerfile says USER 101). */
const WEB_UID = 101;
const nodeApps = deployedApps();
/** The components every Node service is built from (k8s/components). */
const NODE_SERVICE_COMPONENT = 'k8s/components/node-service';
const DATABASE_COMPONENT = 'k8s/components/database';
/** Kustomize reads a resource with this annotation and leaves it out of the output. */
const LOCAL_CONFIG = 'config.kubernetes.io/local-config';
/** What every app (each Node service and the web client) has of its own, by its name. */
const KINDS_OF_AN_APP = [
  'Deployment',
  'Service',
  'HorizontalPodAutoscaler',
  'PodDisruptionBudget',
  'NetworkPolicy',
];

const kustomizationFiles = filesUnder('k8s').filter((path) => path.endsWith('/kustomization.yaml'));
const kustomizationAt = (folder: string): Kustomization =>
  readYamlDocuments<Kustomization>(join(folder, 'kustomization.yaml'))[0]!;

/** What the cluster gets: `kustomize build k8s/base` (the overlays add tags and replicas). */
const resources = kustomizeBuild<Resource>(BASE);
const ofKind = <T extends Resource>(kind: string, from: Resource[] = resources): T[] =>
  from.filter((resource) => resource.kind === kind) as T[];

const deployments = ofKind<Deployment>('Deployment');
const statefulSets = ofKind<StatefulSet>('StatefulSet');
const jobs = ofKind<Job>('Job');
const services = ofKind<Service>('Service');
const autoscalers = ofKind<HorizontalPodAutoscaler>('HorizontalPodAutoscaler');
const disruptionBudgets = ofKind<PodDisruptionBudget>('PodDisruptionBudget');
const configMap = ofKind<Resource>('ConfigMap').find(
  ({ metadata }) => metadata.name === CONFIG_NAME,
);
const exampleSecret = readYamlDocuments<Resource>(`${BASE}/secret.example.yaml`)[0]!;

const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** A probe or Service port (a number or a port name) to the container port it means. */
const resolvePort = (container: Container, port: number | string | undefined) =>
  container.ports?.find(({ name, containerPort }) => port === name || port === containerPort)
    ?.containerPort;

const appOf = (deployment: Deployment): string =>
  deployment.metadata.labels?.['app.kubernetes.io/name'] ?? deployment.metadata.name;

/** The port an app's container listens on: the Node services' table, 8080 for the web client. */
const portOfApp = (app: string): number => (app === WEB_APP ? WEB_PORT : portOf(app));

/** The user an image runs as. */
const uidOf = (image: string): number => (image === `wave/${WEB_APP}` ? WEB_UID : NODE_UID);

const webDeployment = deployments.find((deployment) => appOf(deployment) === WEB_APP);
/** The Node services' Deployments and the Jobs (migrations, in the Node images). */
const nodeWorkloads = [
  ...deployments.filter((deployment) => nodeApps.includes(appOf(deployment))),
  ...jobs,
];

describe('k8s/README.md', () => {
  const readme = readText('k8s/README.md');

  it('asks for a Redis that keeps its queues: append-only every second, no eviction', () => {
    expect(readme).toContain('appendonly yes');
    expect(readme).toContain('appendfsync everysec');
    expect(readme).toContain('maxmemory-policy noeviction');
  });

  it('shows a scrape job for the pods’ prometheus.io annotations', () => {
    expect(readme).toContain('__meta_kubernetes_pod_annotation_prometheus_io_scrape');
    expect(readme).toContain('__meta_kubernetes_pod_annotation_prometheus_io_port');
  });
});

describe('the kustomize layout', () => {
  it.each(kustomizationFiles)('%s lists only files and folders that exist', (file) => {
    const folder = dirname(file);
    const sut = kustomizationAt(folder);
    const referenced = [
      ...(sut.resources ?? []),
      ...(sut.components ?? []),
      ...(sut.patches ?? []).flatMap(({ path }) => (path ? [path] : [])),
      ...[...(sut.configMapGenerator ?? []), ...(sut.secretGenerator ?? [])].flatMap(
        ({ files = [], envs = [] }) => [...files, ...envs].map((entry) => entry.split('=').at(-1)!),
      ),
    ];
    expect(referenced.length).toBeGreaterThan(0);
    for (const entry of referenced) {
      expect({ entry, exists: exists(join(folder, entry)) }).toEqual({ entry, exists: true });
    }
  });

  it('builds every manifest under k8s/ except the example Secret', () => {
    const built = kustomizationFiles.flatMap((file) => {
      const folder = dirname(file);
      const sut = kustomizationAt(folder);
      return [...(sut.resources ?? []), ...(sut.patches ?? []).flatMap(({ path }) => path ?? [])]
        .map((entry) => normalize(join(folder, entry)))
        .filter((path) => path.endsWith('.yaml'));
    });
    const manifests = filesUnder('k8s').filter(
      (path) => path.endsWith('.yaml') && !path.endsWith('/kustomization.yaml'),
    );
    expect([...new Set(built)].sort()).toEqual(
      manifests.filter((path) => !path.endsWith('.example.yaml')),
    );
  });

  it.each(nodeApps)(
    'builds %s from its folder: its name and port, and the components it needs',
    (app) => {
      expect(kustomizationAt(BASE).resources).toContain(app);
      const folder = `${BASE}/${app}`;
      const [values, ...others] = readYamlDocuments<Resource>(`${folder}/values.yaml`);
      expect(others).toEqual([]);
      expect(values?.metadata.annotations).toEqual({ [LOCAL_CONFIG]: 'true' });
      expect(values?.data).toEqual({ name: app, port: String(portOf(app)) });
      expect(kustomizationAt(folder).resources?.[0]).toBe('values.yaml');
      // A schema of its own brings the migration Job, DATABASE_URL and the way to PostgreSQL.
      expect(kustomizationAt(folder).components).toEqual(
        [NODE_SERVICE_COMPONENT, ...(usesDatabase(app) ? [DATABASE_COMPONENT] : [])].map(
          (component) => relative(folder, component),
        ),
      );
    },
  );

  it("leaves the local configuration (the services' values.yaml) out of what it renders", () => {
    expect(
      resources.filter(({ metadata }) => metadata.annotations?.[LOCAL_CONFIG] !== undefined),
    ).toEqual([]);
    expect(JSON.stringify(resources)).not.toMatch(/placeholder/);
  });

  it('puts everything in the wave namespace', () => {
    expect(kustomizationAt(BASE).namespace).toBe('wave');
    expect(ofKind<Resource>('Namespace').map(({ metadata }) => metadata.name)).toEqual(['wave']);
    const namespaced = resources.filter(({ kind }) => kind !== 'Namespace');
    expect(namespaced.filter(({ metadata }) => metadata.namespace !== 'wave')).toEqual([]);
  });

  it('commits no Secret, only the documented example', () => {
    expect(ofKind<Resource>('Secret')).toEqual([]);
    expect(exampleSecret.kind).toBe('Secret');
    expect(exampleSecret.metadata.name).toBe(SECRET_NAME);
    // Every key the workloads read from the Secret is documented there, and nothing else.
    const used = new Set(
      [...deployments, ...jobs]
        .flatMap((workload) => workload.spec.template.spec.containers)
        .flatMap((container) => container.env ?? [])
        .flatMap(({ valueFrom }) => (valueFrom?.secretKeyRef ? [valueFrom.secretKeyRef.key] : [])),
    );
    expect(Object.keys(exampleSecret.stringData ?? {}).sort()).toEqual([...used].sort());
    expect(used).toContain('INTERNAL_AUTH_SECRET');
  });

  describe.each(OVERLAYS)('the overlay %s', (overlay) => {
    const sut = kustomizationAt(overlay);
    const rendered = kustomizeBuild<Resource>(overlay);
    const idOf = ({ kind, metadata }: Resource) => `${kind} ${metadata.name}`;

    it('builds on the base', () => {
      const bases = (sut.resources ?? []).map((entry) => normalize(join(overlay, entry)));
      expect(bases).toContain(BASE);
      expect(rendered.map(idOf).sort()).toEqual(resources.map(idOf).sort());
    });

    it('sets the image of every app, of the web client and of its page-meta, by name wave/<app>', () => {
      const names = (sut.images ?? []).map(({ name }) => name).sort();
      expect(names).toEqual([...nodeApps, WEB_APP, PAGE_META].sort().map((app) => `wave/${app}`));
      for (const image of sut.images ?? []) {
        expect(image.newTag ?? image.digest).toBeTruthy();
        expect(image.newTag).not.toBe('latest');
      }
    });

    it('runs every wave image at the tag it sets', () => {
      const tags = new Map((sut.images ?? []).map(({ name, newTag }) => [name, newTag]));
      const images = [
        ...ofKind<Deployment>('Deployment', rendered),
        ...ofKind<Job>('Job', rendered),
      ].flatMap(({ spec }) => spec.template.spec.containers.map(({ image }) => image));
      expect(images.length).toBeGreaterThan(nodeApps.length);
      for (const image of images.filter((name) => name.startsWith('wave/'))) {
        const [name] = image.split(':');
        expect(image).toBe(`${name}:${tags.get(name!)}`);
      }
    });

    it('lets a node drain evict a pod of every app, and keeps one serving while it can', () => {
      const budgets = ofKind<PodDisruptionBudget>('PodDisruptionBudget', rendered);
      expect(budgets.map(({ metadata }) => metadata.name).sort()).toEqual(
        [...nodeApps, WEB_APP].sort(),
      );
      for (const budget of budgets) {
        const autoscaler = ofKind<HorizontalPodAutoscaler>(
          'HorizontalPodAutoscaler',
          rendered,
        ).find(({ spec }) => spec.scaleTargetRef.name === budget.metadata.name);
        expect(autoscaler).toBeDefined();
        expect(budget.spec.minAvailable).toBeUndefined();
        const maxUnavailable = Number(budget.spec.maxUnavailable);
        expect(maxUnavailable).toBeGreaterThanOrEqual(1);
        // With two replicas or more, an eviction leaves at least one.
        if (autoscaler!.spec.minReplicas > 1) {
          expect(autoscaler!.spec.minReplicas - maxUnavailable).toBeGreaterThanOrEqual(1);
        }
      }
    });
  });

  it('runs one replica of everything in development', () => {
    const rendered = kustomizeBuild<Resource>(OVERLAYS[0]!);
    const deploymentReplicas = ofKind<Deployment>('Deployment', rendered).map(
      ({ metadata, spec }) => [metadata.name, spec.replicas],
    );
    expect(deploymentReplicas).toEqual(deploymentReplicas.map(([name]) => [name, 1]));
    const autoscaled = ofKind<HorizontalPodAutoscaler>('HorizontalPodAutoscaler', rendered).map(
      ({ metadata, spec }) => [metadata.name, spec.minReplicas],
    );
    expect(autoscaled.length).toBe(deploymentReplicas.length);
    expect(autoscaled).toEqual(autoscaled.map(([name]) => [name, 1]));
  });
});

describe('the shared ConfigMap', () => {
  it('asks every service to report not ready for 10 s on SIGTERM, then to close within 25 s', () => {
    expect(configMap?.data).toMatchObject({
      SHUTDOWN_DELAY_MS: '10000',
      SHUTDOWN_TIMEOUT_MS: '25000',
    });
  });

  it('holds the shared, non-secret settings for production', () => {
    expect(configMap?.data).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      REDIS_URL: expect.stringMatching(/^rediss?:\/\//),
      REDIS_KEY_PREFIX: 'wave:',
    });
  });

  it("sends the Node services' traces to the cluster's OpenTelemetry Collector, keeping a share", () => {
    // OTLP over HTTP, on the collector's port 4318 of a Service of another namespace (the
    // network policies let each Node service reach it: network-policies.spec.ts).
    const endpoint = new URL(configMap?.data?.['OTEL_EXPORTER_OTLP_ENDPOINT'] ?? 'invalid:');
    expect({
      protocol: endpoint.protocol,
      host: endpoint.hostname,
      port: endpoint.port,
      // The exporter appends /v1/traces itself.
      path: endpoint.pathname,
    }).toEqual({
      protocol: 'http:',
      host: expect.stringMatching(/^[a-z0-9-]+\.observability\.svc\.cluster\.local$/),
      port: '4318',
      path: '/',
    });
    const share = Number(configMap?.data?.['OTEL_TRACES_SAMPLER_ARG']);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(1);
  });

  it('holds no secret', () => {
    const keys = Object.keys(configMap?.data ?? {});
    expect(keys.filter((key) => /SECRET|PASSWORD|TOKEN|DATABASE_URL/.test(key))).toEqual([]);
  });

  it('routes the gateway to identity through its Service', () => {
    expect(configMap?.data?.['IDENTITY_URL']).toBe(`http://identity:${portOf('identity')}`);
  });

  it.each(nodeApps.filter((app) => app !== 'gateway'))(
    'routes the gateway to %s through its Service (<APP>_URL)',
    (app) => {
      const service = services.find(({ metadata }) => metadata.name === app);
      expect(service?.spec.ports.map(({ port }) => port)).toEqual([portOf(app)]);
      expect(configMap?.data?.[`${app.toUpperCase()}_URL`]).toBe(`http://${app}:${portOf(app)}`);
    },
  );
});

describe('every deployed app', () => {
  const named = (kind: string, name: string) =>
    resources.filter((resource) => resource.kind === kind && resource.metadata.name === name);

  it.each([...nodeApps, WEB_APP])(
    '%s has a Deployment, a Service, an HPA, a PodDisruptionBudget and a NetworkPolicy',
    (app) => {
      for (const kind of KINDS_OF_AN_APP) {
        expect({ kind, count: named(kind, app).length }).toEqual({ kind, count: 1 });
      }
      expect(deployments.map(appOf)).toContain(app);
    },
  );

  it.each(nodeApps)('%s has a migration Job if, and only if, it has a database', (app) => {
    expect(named('Job', `${app}-migrate`)).toHaveLength(usesDatabase(app) ? 1 : 0);
  });

  it('has no Deployment that is neither a Node service nor the web client', () => {
    // Each Deployment gets the checks of its kind below; none may slip through unchecked.
    expect(deployments.map(appOf).sort()).toEqual([...nodeApps, WEB_APP].sort());
  });

  it('has no Job but the migrations of the Node services with a database', () => {
    expect(jobs.map(({ metadata }) => metadata.name).sort()).toEqual(
      nodeApps.filter(usesDatabase).map((app) => `${app}-migrate`),
    );
  });
});

describe.each(deployments.map((deployment) => [appOf(deployment), deployment] as const))(
  'the %s Deployment',
  (app, sut) => {
    const pod = sut.spec.template;
    const container = pod.spec.containers.find(({ name }) => name === app)!;
    const port = portOfApp(app);

    it('runs the wave image of its app, leaving the replica count to its autoscaler', () => {
      expect(sut.spec.replicas).toBeUndefined();
      expect(container).toBeDefined();
      expect(container.image).toBe(`wave/${app}`);
    });

    it('selects its own pods', () => {
      expect(selects(sut.spec.selector.matchLabels, pod.metadata?.labels)).toBe(true);
    });

    it(`listens on ${port}`, () => {
      expect(container.ports?.find(({ name }) => name === 'http')?.containerPort).toBe(port);
      expect(container.ports?.map(({ name }) => name)).toEqual(
        app === WEB_APP ? ['http'] : ['http', 'metrics'],
      );
    });

    if (app !== WEB_APP) {
      it('exits by itself after SIGTERM before Kubernetes would kill it', () => {
        const delayMs = Number(configMap?.data?.['SHUTDOWN_DELAY_MS']);
        const timeoutMs = Number(configMap?.data?.['SHUTDOWN_TIMEOUT_MS']);
        // The delay and the closing both fit in the grace period, with 5 s to spare.
        expect((pod.spec.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThanOrEqual(
          delayMs + timeoutMs + 5_000,
        );
      });

      it(`serves /metrics on ${METRICS_PORT} for Prometheus, a port no Service exposes`, () => {
        expect(configMap?.data?.['METRICS_PORT']).toBe(String(METRICS_PORT));
        expect(resolvePort(container, 'metrics')).toBe(METRICS_PORT);
        expect(pod.metadata?.annotations).toMatchObject({
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(METRICS_PORT),
          'prometheus.io/path': '/metrics',
        });
        for (const service of services) {
          expect(service.spec.ports.map(({ port: exposed }) => exposed)).not.toContain(
            METRICS_PORT,
          );
        }
      });
    }

    it('is probed for readiness and liveness over HTTP on its port', () => {
      expect(container.readinessProbe?.httpGet?.path).toMatch(/^\//);
      expect(container.livenessProbe?.httpGet?.path).toMatch(/^\//);
      expect(resolvePort(container, container.readinessProbe?.httpGet?.port)).toBe(port);
      expect(resolvePort(container, container.livenessProbe?.httpGet?.port)).toBe(port);
    });

    it('has a Service that selects its pods and reaches its port', () => {
      const matching = services.filter(({ spec }) => selects(spec.selector, pod.metadata?.labels));
      expect(matching.map(({ metadata }) => metadata.name)).toEqual([app]);
      const service = matching[0]!;
      expect(service.spec.type ?? 'ClusterIP').toBe('ClusterIP');
      expect(service.spec.ports).toHaveLength(1);
      expect(service.spec.ports[0]!.port).toBe(port);
      expect(resolvePort(container, service.spec.ports[0]!.targetPort ?? port)).toBe(port);
    });

    it('has a PodDisruptionBudget of its own that selects exactly its pods', () => {
      const matching = disruptionBudgets.filter(({ spec }) =>
        selects(spec.selector.matchLabels, pod.metadata?.labels),
      );
      expect(matching.map(({ metadata }) => metadata.name)).toEqual([app]);
      // And no other workload's pods (a migration Job's, Meilisearch's).
      const others = [...deployments.filter((other) => other !== sut), ...jobs, ...statefulSets];
      for (const other of others) {
        expect(
          selects(matching[0]!.spec.selector.matchLabels, other.spec.template.metadata?.labels),
        ).toBe(false);
      }
      // One pod at a time, whatever the replica count (the HPA's 2, development's 1).
      expect(matching[0]!.spec).toMatchObject({ maxUnavailable: 1 });
    });

    it('scales from 2 to 10 replicas on 70% CPU', () => {
      const matching = autoscalers.filter(
        ({ spec }) =>
          spec.scaleTargetRef.kind === 'Deployment' &&
          spec.scaleTargetRef.name === sut.metadata.name,
      );
      expect(matching).toHaveLength(1);
      const { apiVersion, spec } = matching[0]!;
      expect(apiVersion).toBe('autoscaling/v2');
      expect(spec.scaleTargetRef.apiVersion).toBe('apps/v1');
      expect([spec.minReplicas, spec.maxReplicas]).toEqual([2, 10]);
      expect(spec.metrics).toEqual([
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ]);
    });
  },
);

describe.each(
  deployments
    .filter((deployment) => nodeApps.includes(appOf(deployment)))
    .map((deployment) => [appOf(deployment), deployment] as const),
)('the %s Deployment (a Node service)', (app, sut) => {
  const container = sut.spec.template.spec.containers.find(({ name }) => name === app)!;
  const port = portOf(app);

  it(`sets PORT to ${port}, the port it listens on`, () => {
    expect(container.env).toContainEqual({ name: 'PORT', value: String(port) });
  });

  it(usesDatabase(app) ? 'gets DATABASE_URL from the Secret' : 'gets no DATABASE_URL', () => {
    const database = container.env?.filter(({ name }) => name === 'DATABASE_URL') ?? [];
    expect(database).toEqual(
      usesDatabase(app)
        ? [
            {
              name: 'DATABASE_URL',
              valueFrom: { secretKeyRef: { name: SECRET_NAME, key: 'DATABASE_URL' } },
            },
          ]
        : [],
    );
  });

  it('is ready when /health/ready answers and alive while /health answers', () => {
    expect(container.readinessProbe?.httpGet?.path).toBe('/health/ready');
    expect(container.livenessProbe?.httpGet?.path).toBe('/health');
  });
});

describe.each(
  [...deployments, ...jobs].map(
    (workload) => [`${workload.kind} ${workload.metadata.name}`, workload] as const,
  ),
)('the pods of %s', (_, sut) => {
  const pod = sut.spec.template.spec;

  it("run as the non-root user of their image (node's 1000, nginx's 101)", () => {
    const uids = new Set(pod.containers.map(({ image }) => uidOf(image)));
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
    // One image's user for the pod; a container of another image names its own user and
    // group (each container's runAsUser is checked below).
    expect([...uids]).toContain(pod.securityContext?.runAsUser);
    for (const container of pod.containers) {
      const uid = uidOf(container.image);
      if (uid !== pod.securityContext?.runAsUser) {
        expect({ container: container.name, group: container.securityContext?.runAsGroup }).toEqual(
          {
            container: container.name,
            group: uid,
          },
        );
      }
    }
  });

  it.each(pod.containers.map((container) => [container.name, container] as const))(
    'run the %s container locked down',
    (_name, container) => {
      expect(container.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: uidOf(container.image),
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
    },
  );

  it.each(pod.containers.map((container) => [container.name, container] as const))(
    'give the %s container CPU and memory requests and limits',
    (_name, container) => {
      for (const bound of ['requests', 'limits'] as const) {
        expect(container.resources?.[bound]?.cpu).toBeDefined();
        expect(container.resources?.[bound]?.memory).toBeDefined();
      }
    },
  );
});

describe.each(
  nodeWorkloads.map(
    (workload) => [`${workload.kind} ${workload.metadata.name}`, workload] as const,
  ),
)('the pods of %s (Node)', (_, sut) => {
  const pod = sut.spec.template.spec;

  it('take configuration from wave-config and secrets from wave-secrets keys that exist', () => {
    for (const container of pod.containers) {
      expect(container.envFrom).toContainEqual({ configMapRef: { name: CONFIG_NAME } });
      for (const { configMapRef, secretRef } of container.envFrom ?? []) {
        if (configMapRef) expect(configMapRef.name).toBe(CONFIG_NAME);
        if (secretRef) expect(secretRef.name).toBe(SECRET_NAME);
      }
      const secretRefs = (container.env ?? []).flatMap(({ valueFrom }) =>
        valueFrom?.secretKeyRef ? [valueFrom.secretKeyRef] : [],
      );
      expect(secretRefs.map(({ key }) => key)).toContain('INTERNAL_AUTH_SECRET');
      for (const { name, key } of secretRefs) {
        expect(name).toBe(SECRET_NAME);
        expect(Object.keys(exampleSecret.stringData ?? {})).toContain(key);
      }
      for (const { name, value, valueFrom } of container.env ?? []) {
        expect({ name, literal: /SECRET|PASSWORD|DATABASE_URL/.test(name) && !valueFrom }).toEqual({
          name,
          literal: false,
        });
        expect(value === undefined || !/:\/\/[^:/@]+:[^@]+@/.test(value)).toBe(true);
      }
    }
  });
});

/** What a container of the Node image runs with: the ConfigMap, its literals and its Secret keys. */
const environmentOf = (
  container: Container,
  secret: (key: string) => string | undefined,
): Record<string, string | undefined> => ({
  ...configMap?.data,
  ...Object.fromEntries(
    (container.env ?? []).map(({ name, value, valueFrom }) => [
      name,
      valueFrom?.secretKeyRef ? secret(valueFrom.secretKeyRef.key) : value,
    ]),
  ),
});
const secretKeysOf = (container: Container): { name: string; key: string }[] =>
  (container.env ?? []).flatMap(({ name, valueFrom }) =>
    valueFrom?.secretKeyRef ? [{ name, key: valueFrom.secretKeyRef.key }] : [],
  );
/** The app whose image a container runs (wave/<app>). */
const appOfImage = (image: string): string => image.replace(/^wave\//, '').replace(/[:@].*$/, '');
const nodeContainers = nodeWorkloads.flatMap((workload) =>
  workload.spec.template.spec.containers.map(
    (container) => [`${workload.kind} ${workload.metadata.name}`, container] as const,
  ),
);

describe.each(nodeContainers)('the container of %s', (_, container) => {
  const app = appOfImage(container.image);

  it('gets every secret its app needs in production (NODE_ENV from the ConfigMap)', () => {
    const secrets = realSecrets();
    const environment = environmentOf(container, (key) => secrets[key]);
    expect(environment['NODE_ENV']).toBe('production');
    expect(configProblems(app, environment)).toBe('');
  });

  it.each(secretKeysOf(container).map(({ name, key }) => [name, key] as const))(
    "refuses to start with the example Secret's placeholder for %s",
    (name, key) => {
      const secrets = realSecrets();
      const placeholder = exampleSecret.stringData?.[key];
      expect(placeholder).toBeDefined();
      const environment = environmentOf(container, (other) =>
        other === key ? placeholder : secrets[other],
      );
      expect(configProblems(app, environment)).toContain(`${name}: `);
    },
  );
});

describe('the example secrets', () => {
  /** NAME=value pairs of `kubectl create secret ... --from-literal=NAME=value` in the docs. */
  const literalsIn = (path: string) =>
    [...readText(path).matchAll(/--from-literal=([A-Z0-9_]+)=("[^"]*"|'[^']*'|\S+)/g)]
      .map((match) => ({ key: match[1]!, value: match[2]!.replace(/^(['"])(.*)\1$/, '$2') }))
      // Commands that make a value ("$(openssl rand -hex 32)") are the advice, not a placeholder.
      .filter(({ value }) => !value.startsWith('$('));
  /** Every value an example file (a Secret's stringData, or NAME=value lines) holds. */
  const valuesIn = (path: string) => {
    if (/\.ya?ml$/.test(path)) {
      return readYamlDocuments<Resource>(path).flatMap((document) =>
        Object.entries({ ...document.data, ...document.stringData }).map(([key, value]) => ({
          key,
          value,
        })),
      );
    }
    return readText(path)
      .split('\n')
      .flatMap((line) => {
        const match = /^\s*(?:export\s+)?([A-Z0-9_]+)=(.*)$/.exec(line);
        return match ? [{ key: match[1]!, value: match[2]!.replace(/^(['"])(.*)\1$/, '$2') }] : [];
      });
  };
  const examples = [
    ...exampleSecretFiles().flatMap((path) =>
      [...valuesIn(path), ...literalsIn(path)].map((entry) => ({ ...entry, source: path })),
    ),
    ...literalsIn('k8s/README.md').map((entry) => ({ ...entry, source: 'k8s/README.md' })),
  ];

  it('are k8s/base/secret.example.yaml and the commands in k8s/README.md', () => {
    expect(exampleSecretFiles()).toEqual([`${BASE}/secret.example.yaml`]);
    expect(new Set(examples.map(({ key }) => key))).toEqual(
      new Set(Object.keys(exampleSecret.stringData ?? {})),
    );
  });

  it.each(examples.map(({ source, key, value }) => [source, key, value] as const))(
    'from %s: %s=%p is refused by every app that reads it',
    (_source, key, value) => {
      const readers = nodeContainers.filter(([, container]) =>
        secretKeysOf(container).some((entry) => entry.key === key),
      );
      expect(readers.length).toBeGreaterThan(0);
      for (const [, container] of readers) {
        const secrets = realSecrets();
        const name = secretKeysOf(container).find((entry) => entry.key === key)!.name;
        const environment = environmentOf(container, (other) =>
          other === key ? value : secrets[other],
        );
        expect({
          image: container.image,
          problems: configProblems(appOfImage(container.image), environment),
        }).toEqual({
          image: container.image,
          problems: expect.stringContaining(`${name}: `),
        });
      }
    },
  );
});

describe.each(nodeApps.filter(usesDatabase))('the %s migration Job', (app) => {
  const sut = jobs.find(({ metadata }) => metadata.name === `${app}-migrate`)!;

  it(`runs node main.js migrate in the ${app} image, once`, () => {
    expect(sut).toBeDefined();
    const [container, ...others] = sut.spec.template.spec.containers;
    expect(others).toEqual([]);
    expect(container?.image).toBe(`wave/${app}`);
    expect(container?.command).toEqual(['node', 'main.js', 'migrate']);
    expect(sut.spec.template.spec.restartPolicy).toBe('Never');
    expect(sut.spec).toMatchObject({ backoffLimit: 3, activeDeadlineSeconds: 600 });
  });

  it(`gets the same database as ${app}`, () => {
    const service = deployments.find((deployment) => appOf(deployment) === app)!;
    const databaseOf = (container: Container | undefined) =>
      container?.env?.find(({ name }) => name === 'DATABASE_URL')?.valueFrom;
    expect(databaseOf(sut.spec.template.spec.containers[0])).toEqual({
      secretKeyRef: { name: SECRET_NAME, key: 'DATABASE_URL' },
    });
    expect(databaseOf(sut.spec.template.spec.containers[0])).toEqual(
      databaseOf(service.spec.template.spec.containers[0]),
    );
  });

  it('runs before the rollout as an Argo CD PreSync hook', () => {
    expect(sut.metadata.annotations?.['argocd.argoproj.io/hook']).toBe('PreSync');
  });
});

describe('Meilisearch (the search engine)', () => {
  const sut = statefulSets.find(({ metadata }) => metadata.name === 'meilisearch');
  const pod = sut?.spec.template.spec;
  const container = pod?.containers.find(({ name }) => name === 'meilisearch');
  const service = services.find(({ metadata }) => metadata.name === 'meilisearch');
  const search = deployments.find((deployment) => appOf(deployment) === 'search');
  const searchContainer = search?.spec.template.spec.containers.find(
    ({ name }) => name === 'search',
  );
  const envOf = (of: Container | undefined, name: string) =>
    of?.env?.find((variable) => variable.name === name);

  it('is the only StatefulSet: one replica of a pinned 1.x release', () => {
    expect(statefulSets.map(({ metadata }) => metadata.name)).toEqual(['meilisearch']);
    expect(sut?.spec.replicas).toBe(1);
    expect(pod?.containers.map(({ name }) => name)).toEqual(['meilisearch']);
    // Its data files belong to the version that wrote them: never a moving tag.
    expect(container?.image).toMatch(/^getmeili\/meilisearch:v1\.\d+\.\d+$/);
  });

  it('keeps its data on a PersistentVolumeClaim of its own', () => {
    const claims = sut?.spec.volumeClaimTemplates ?? [];
    expect(claims).toHaveLength(1);
    const claim = claims[0]!;
    expect(claim.spec.accessModes).toEqual(['ReadWriteOnce']);
    expect(claim.spec.resources?.requests?.storage).toMatch(/^\d+[MGT]i$/);
    const mount = container?.volumeMounts?.find(({ name }) => name === claim.metadata.name);
    expect(mount?.mountPath).toBe('/meili_data');
    expect(mount?.readOnly ?? false).toBe(false);
    expect(envOf(container, 'MEILI_DB_PATH')?.value).toMatch(/^\/meili_data\//);
  });

  it('runs in production mode with the master key from wave-secrets, the one search uses', () => {
    expect(envOf(container, 'MEILI_ENV')?.value).toBe('production');
    const key = envOf(container, 'MEILI_MASTER_KEY')?.valueFrom?.secretKeyRef;
    expect(key).toEqual({ name: SECRET_NAME, key: 'MEILI_MASTER_KEY' });
    expect(envOf(searchContainer, 'MEILI_MASTER_KEY')?.valueFrom?.secretKeyRef).toEqual(key);
    expect(Object.keys(exampleSecret.stringData ?? {})).toContain('MEILI_MASTER_KEY');
  });

  it('is ready and alive while it answers /health on its port', () => {
    for (const probe of [container?.readinessProbe, container?.livenessProbe]) {
      expect(probe?.httpGet?.path).toBe('/health');
      expect(resolvePort(container!, probe?.httpGet?.port)).toBe(7700);
    }
  });

  it('runs locked down, as a non-root user, within requests and limits', () => {
    expect(pod?.securityContext).toMatchObject({ runAsNonRoot: true, fsGroup: expect.any(Number) });
    expect(container?.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    for (const bound of ['requests', 'limits'] as const) {
      expect(container?.resources?.[bound]?.cpu).toBeDefined();
      expect(container?.resources?.[bound]?.memory).toBeDefined();
    }
  });

  it('is reached through the Service meilisearch:7700, which governs the StatefulSet', () => {
    expect(sut?.spec.serviceName).toBe('meilisearch');
    expect(selects(service?.spec.selector ?? {}, sut?.spec.template.metadata?.labels)).toBe(true);
    expect(selects(sut?.spec.selector.matchLabels ?? {}, sut?.spec.template.metadata?.labels)).toBe(
      true,
    );
    expect(service?.spec.ports).toHaveLength(1);
    expect(service?.spec.ports[0]?.port).toBe(7700);
    expect(resolvePort(container!, service?.spec.ports[0]?.targetPort)).toBe(7700);
  });

  it('is what the search Deployment searches with (MEILI_URL)', () => {
    expect(envOf(searchContainer, 'MEILI_URL')?.value).toBe(
      `http://${service?.metadata.name}:${service?.spec.ports[0]?.port}`,
    );
  });
});

describe('the web client', () => {
  const pod = webDeployment?.spec.template.spec;
  const container = pod?.containers.find(({ name }) => name === WEB_APP);
  const gateway = services.find(({ metadata }) => metadata.name === 'gateway');

  it('has a Deployment with the web container and the page-meta container beside it', () => {
    expect(webDeployment).toBeDefined();
    expect(pod?.containers.map(({ name }) => name)).toEqual([WEB_APP, PAGE_META]);
  });

  it('is ready and alive while nginx answers /healthz', () => {
    expect(container?.readinessProbe?.httpGet?.path).toBe('/healthz');
    expect(container?.livenessProbe?.httpGet?.path).toBe('/healthz');
  });

  it('runs as the user its image sets (USER in apps/web/Dockerfile)', () => {
    const runtime = parseDockerfile(readText(`apps/${WEB_APP}/Dockerfile`)).stages.at(-1)!;
    const user = runtime.instructions.filter(({ keyword }) => keyword === 'USER').at(-1)?.args;
    expect(user).toBe(String(WEB_UID));
    expect(pod?.securityContext).toMatchObject({
      runAsUser: WEB_UID,
      runAsGroup: WEB_UID,
      fsGroup: WEB_UID,
    });
  });

  it('gives nginx writable /tmp and /etc/nginx/conf.d on its read-only root filesystem', () => {
    // nginx keeps its pid and temporary files in /tmp; the image's entrypoint renders the
    // config template into /etc/nginx/conf.d.
    expect(container?.securityContext?.readOnlyRootFilesystem).toBe(true);
    for (const path of ['/tmp', '/etc/nginx/conf.d']) {
      const mount = container?.volumeMounts?.find(({ mountPath }) => mountPath === path);
      const volume = pod?.volumes?.find(({ name }) => name === mount?.name);
      expect({
        path,
        readOnly: mount?.readOnly ?? false,
        emptyDir: volume?.emptyDir !== undefined,
      }).toEqual({ path, readOnly: false, emptyDir: true });
    }
  });

  it('passes /api and /objects to the gateway Service, and takes no configuration or secret', () => {
    expect(gateway?.spec.ports).toHaveLength(1);
    expect(container?.env).toEqual([
      { name: 'GATEWAY_UPSTREAM', value: `gateway:${gateway?.spec.ports[0]?.port}` },
      { name: 'PAGE_META_UPSTREAM', value: `127.0.0.1:${PAGE_META_PORT}` },
      // The ingress's X-Forwarded-For is believed from the pod range (the readers' addresses).
      { name: 'REAL_IP_FROM', value: '10.0.0.0/8' },
    ]);
    expect(container?.envFrom ?? []).toEqual([]);
  });

  describe(`its ${PAGE_META} container`, () => {
    const sidecar = pod?.containers.find(({ name }) => name === PAGE_META);
    const envOf = (name: string) => sidecar?.env?.find((variable) => variable.name === name);

    it(`runs wave/${PAGE_META} on ${PAGE_META_PORT}, where nginx asks it on the pod's loopback`, () => {
      expect(sidecar?.image).toBe(`wave/${PAGE_META}`);
      expect(sidecar?.ports?.map(({ containerPort }) => containerPort)).toEqual([PAGE_META_PORT]);
      const upstream = container?.env?.find(({ name }) => name === 'PAGE_META_UPSTREAM')?.value;
      expect(upstream).toBe(`127.0.0.1:${sidecar?.ports?.[0]?.containerPort}`);
      // No Service reaches it: only nginx in its own pod.
      expect(services.flatMap(({ spec }) => spec.ports).map(({ port }) => port)).not.toContain(
        PAGE_META_PORT,
      );
    });

    it('is restarted when /health stops answering, and never takes the pod out of service', () => {
      expect(sidecar?.livenessProbe?.httpGet?.path).toBe('/health');
      expect(resolvePort(sidecar!, sidecar?.livenessProbe?.httpGet?.port)).toBe(PAGE_META_PORT);
      // nginx serves the plain shell while it is down: its readiness is not the pod's.
      expect(sidecar?.readinessProbe).toBeUndefined();
    });

    it('reads the gateway Service with the public origin of the ConfigMap, and no secret', () => {
      expect(envOf('GATEWAY_URL')?.value).toBe(`http://gateway:${gateway?.spec.ports[0]?.port}`);
      expect(envOf('PUBLIC_ORIGIN')?.valueFrom?.configMapKeyRef).toEqual({
        name: CONFIG_NAME,
        key: 'PUBLIC_ORIGIN',
      });
      expect(sidecar?.env?.filter(({ valueFrom }) => valueFrom?.secretKeyRef)).toEqual([]);
      expect(sidecar?.envFrom ?? []).toEqual([]);
      const config = loadPageMetaServerConfig({
        ...Object.fromEntries((sidecar?.env ?? []).map(({ name, value }) => [name, value])),
        PUBLIC_ORIGIN: configMap?.data?.['PUBLIC_ORIGIN'],
      });
      expect(config).toMatchObject({
        host: '0.0.0.0',
        port: PAGE_META_PORT,
        publicOrigin: configMap?.data?.['PUBLIC_ORIGIN'],
      });
      // The same site as the gateway lets in.
      expect(configMap?.data?.['ALLOWED_ORIGINS']?.split(',')).toContain(config.publicOrigin);
    });
  });
});

describe('the Ingress', () => {
  const sut = ofKind<Ingress>('Ingress');
  const paths = sut.flatMap(({ spec }) => spec.rules.flatMap(({ http }) => http.paths));
  const annotations = sut[0]?.metadata.annotations ?? {};

  it('is the one public entry', () => {
    expect(sut).toHaveLength(1);
  });

  it('sends every path to a Service on a port it has', () => {
    expect(paths.length).toBeGreaterThan(0);
    for (const { path, backend } of paths) {
      const service = services.find(({ metadata }) => metadata.name === backend.service.name);
      const port = service?.spec.ports.some(
        ({ name, port }) =>
          name === backend.service.port.name || port === backend.service.port.number,
      );
      expect({ path, service: backend.service.name, port }).toEqual({
        path,
        service: service?.metadata.name,
        port: true,
      });
    }
  });

  it.each([
    ['/api', 'gateway'],
    ['/objects', 'gateway'],
    ['/', WEB_APP],
  ])('sends %s and everything below it to the %s Service', (path, service) => {
    const matching = paths.filter((candidate) => candidate.path === path);
    expect(matching.map(({ pathType, backend }) => [pathType, backend.service.name])).toEqual([
      ['Prefix', service],
    ]);
  });

  it('lets a 25 MB image through, also inline in a post (ingress-nginx takes 1 MB by default)', () => {
    const limit = sizeInBytes(annotations['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1m');
    // A data URL is a third larger than the image; the JSON around it needs a little more.
    expect(limit).toBeGreaterThanOrEqual(Math.ceil(INLINE_IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024);
  });

  it('keeps answers that stream (server-sent events) open for an hour', () => {
    const timeout = annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'] ?? '60';
    expect(Number(timeout)).toBeGreaterThanOrEqual(3600);
  });
});
