import { dirname, join, normalize } from 'node:path';
import { deployedApps, exists, filesUnder, portOf, readYamlDocuments } from './workspace';

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
  securityContext?: SecurityContext;
}

interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: { securityContext?: SecurityContext; containers: Container[]; restartPolicy?: string };
}

interface Deployment extends Resource {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: PodTemplate;
  };
}

interface Job extends Resource {
  spec: { template: PodTemplate };
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

interface Ingress extends Resource {
  spec: {
    rules: {
      host?: string;
      http: {
        paths: {
          backend: { service: { name: string; port: { name?: string; number?: number } } };
        }[];
      };
    }[];
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

const kustomizationFiles = filesUnder('k8s').filter((path) => path.endsWith('/kustomization.yaml'));
const kustomizationAt = (folder: string): Kustomization =>
  readYamlDocuments<Kustomization>(join(folder, 'kustomization.yaml'))[0]!;

/** The files a kustomization builds from, following folders to their kustomization. */
function manifestFilesOf(folder: string): string[] {
  return (kustomizationAt(folder).resources ?? []).flatMap((entry) => {
    const path = normalize(join(folder, entry));
    if (exists(join(path, 'kustomization.yaml'))) return manifestFilesOf(path);
    // A missing file fails 'lists only files and folders that exist', not the whole suite.
    return exists(path) ? [path] : [];
  });
}

const baseFiles = manifestFilesOf(BASE);
const resources = baseFiles.flatMap((file) =>
  readYamlDocuments<Resource>(file).map((resource) => ({ file, resource })),
);
const ofKind = <T extends Resource>(kind: string): T[] =>
  resources.filter(({ resource }) => resource.kind === kind).map(({ resource }) => resource as T);

const deployments = ofKind<Deployment>('Deployment');
const jobs = ofKind<Job>('Job');
const services = ofKind<Service>('Service');
const autoscalers = ofKind<HorizontalPodAutoscaler>('HorizontalPodAutoscaler');
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

  it('builds the base from every manifest in it except the example Secret', () => {
    const manifests = filesUnder(BASE).filter(
      (path) => path.endsWith('.yaml') && !path.endsWith('/kustomization.yaml'),
    );
    expect([...baseFiles].sort()).toEqual(
      manifests.filter((path) => !path.endsWith('.example.yaml')),
    );
  });

  it('puts everything in the wave namespace', () => {
    expect(kustomizationAt(BASE).namespace).toBe('wave');
    expect(ofKind<Resource>('Namespace').map(({ metadata }) => metadata.name)).toEqual(['wave']);
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

    it('builds on the base', () => {
      const bases = (sut.resources ?? []).map((entry) => normalize(join(overlay, entry)));
      expect(bases).toContain(BASE);
    });

    it('sets the image of every app, by name wave/<app>', () => {
      const names = (sut.images ?? []).map(({ name }) => name).sort();
      expect(names).toEqual(deployedApps().map((app) => `wave/${app}`));
      for (const image of sut.images ?? []) {
        expect(image.newTag ?? image.digest).toBeTruthy();
        expect(image.newTag).not.toBe('latest');
      }
    });
  });

  it('runs one replica of everything in development', () => {
    const patches = kustomizationAt(OVERLAYS[0]!).patches ?? [];
    const patchOf = (kind: string) =>
      patches.find(({ target }) => target?.kind === kind && target.name === undefined)?.patch;
    expect(patchOf('Deployment')).toMatch(/path: \/spec\/replicas\s+value: 1\b/);
    expect(patchOf('HorizontalPodAutoscaler')).toMatch(/path: \/spec\/minReplicas\s+value: 1\b/);
  });
});

describe('the shared ConfigMap', () => {
  it('holds the shared, non-secret settings for production', () => {
    expect(configMap?.data).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      REDIS_URL: expect.stringMatching(/^rediss?:\/\//),
      REDIS_KEY_PREFIX: 'wave:',
    });
  });

  it('holds no secret', () => {
    const keys = Object.keys(configMap?.data ?? {});
    expect(keys.filter((key) => /SECRET|PASSWORD|TOKEN|DATABASE_URL/.test(key))).toEqual([]);
  });

  it('routes the gateway to identity through its Service', () => {
    expect(configMap?.data?.['IDENTITY_URL']).toBe(`http://identity:${portOf('identity')}`);
  });
});

describe('every deployed app', () => {
  it.each(deployedApps())('%s has a Deployment, a Service and an HPA in the base', (app) => {
    for (const file of ['deployment.yaml', 'service.yaml', 'hpa.yaml']) {
      expect(baseFiles).toContain(`${BASE}/${app}/${file}`);
    }
    expect(deployments.map(appOf)).toContain(app);
  });
});

describe.each(deployments.map((deployment) => [appOf(deployment), deployment] as const))(
  'the %s Deployment',
  (app, sut) => {
    const pod = sut.spec.template;
    const container = pod.spec.containers.find(({ name }) => name === app)!;
    const port = portOf(app);

    it('runs the wave image of its app, leaving the replica count to its autoscaler', () => {
      expect(sut.spec.replicas).toBeUndefined();
      expect(container).toBeDefined();
      expect(container.image).toBe(`wave/${app}`);
    });

    it('selects its own pods', () => {
      expect(selects(sut.spec.selector.matchLabels, pod.metadata?.labels)).toBe(true);
    });

    it(`listens on ${port}, the port PORT names`, () => {
      expect(container.ports?.map(({ containerPort }) => containerPort)).toEqual([port]);
      expect(container.env).toContainEqual({ name: 'PORT', value: String(port) });
    });

    it('is ready when /health/ready answers and alive while /health answers, on its port', () => {
      expect(container.readinessProbe?.httpGet?.path).toBe('/health/ready');
      expect(container.livenessProbe?.httpGet?.path).toBe('/health');
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
  [...deployments, ...jobs].map(
    (workload) => [`${workload.kind} ${workload.metadata.name}`, workload] as const,
  ),
)('the pods of %s', (_, sut) => {
  const pod = sut.spec.template.spec;

  it('run as a non-root user', () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
  });

  it.each(pod.containers.map((container) => [container.name, container] as const))(
    'run the %s container locked down',
    (_name, container) => {
      expect(container.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 1000,
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

describe('the identity migration Job', () => {
  const sut = jobs.find(({ metadata }) => metadata.name === 'identity-migrate')!;

  it('runs node main.js migrate in the identity image, once', () => {
    expect(sut).toBeDefined();
    const [container, ...others] = sut.spec.template.spec.containers;
    expect(others).toEqual([]);
    expect(container?.image).toBe('wave/identity');
    expect(container?.command).toEqual(['node', 'main.js', 'migrate']);
    expect(sut.spec.template.spec.restartPolicy).toBe('Never');
  });

  it('gets the same database as identity', () => {
    const identity = deployments.find((deployment) => appOf(deployment) === 'identity')!;
    const databaseOf = (container: Container | undefined) =>
      container?.env?.find(({ name }) => name === 'DATABASE_URL')?.valueFrom;
    expect(databaseOf(sut.spec.template.spec.containers[0])).toEqual(
      databaseOf(identity.spec.template.spec.containers[0]),
    );
  });

  it('runs before the rollout as an Argo CD PreSync hook', () => {
    expect(sut.metadata.annotations?.['argocd.argoproj.io/hook']).toBe('PreSync');
  });
});

describe('the gateway Ingress', () => {
  const sut = ofKind<Ingress>('Ingress');

  it('sends /api to the gateway Service on a port it has', () => {
    const gateway = services.find(({ metadata }) => metadata.name === 'gateway')!;
    const backends = sut.flatMap(({ spec }) =>
      spec.rules.flatMap(({ http }) => http.paths.map(({ backend }) => backend.service)),
    );
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) {
      expect(backend.name).toBe('gateway');
      expect(
        gateway.spec.ports.some(
          ({ name, port }) => name === backend.port.name || port === backend.port.number,
        ),
      ).toBe(true);
    }
  });
});
