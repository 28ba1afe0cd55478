import { CONFIG_LOADERS, realSecrets, usesDatabase } from './app-configs';
import type { ContainerPort, Endpoint, NetworkPolicy, Pod } from './network-policy';
import { allows, policiesSelecting, selectsLabels } from './network-policy';
import { deployedApps, kustomizeBuild, METRICS_PORT, portOf, WEB_APP, WEB_PORT } from './workspace';

interface Workload {
  kind: string;
  metadata: { name: string; namespace?: string };
  data?: Record<string, string>;
  spec: {
    selector?: Record<string, string>;
    ports?: { port: number; targetPort?: number | string }[];
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        containers: {
          ports?: ContainerPort[];
          env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { key: string } } }[];
        }[];
      };
    };
  };
}

const NAMESPACE = 'wave';
const nodeApps = deployedApps();
const databaseApps = nodeApps.filter(usesDatabase);
const MEILISEARCH_PORT = 7700;

const rendered = kustomizeBuild<Workload>('k8s/base');
const policies = rendered.filter(
  ({ kind }) => kind === 'NetworkPolicy',
) as unknown as NetworkPolicy[];
const workloads = rendered.filter(({ kind }) =>
  ['Deployment', 'StatefulSet', 'Job'].includes(kind),
);

/** The pods of each workload, by their app.kubernetes.io/name. */
const wavePods: Pod[] = workloads.map(({ metadata, spec }) => ({
  name: spec.template.metadata.labels['app.kubernetes.io/name']!,
  namespace: metadata.namespace!,
  labels: spec.template.metadata.labels,
  ports: spec.template.spec.containers.flatMap(({ ports }) => ports ?? []),
}));
const podOf = (name: string): Pod => {
  const pod = wavePods.find((candidate) => candidate.name === name);
  if (!pod) throw new Error(`no pod ${name}`);
  return pod;
};

const http = (containerPort: number): ContainerPort => ({ name: 'http', containerPort });

/**
 * The rest of the world, as the policies should see it: the ingress controller and
 * Prometheus (which only connect), the cluster's DNS, MinIO in its own namespace (the
 * ConfigMap's S3_ENDPOINT), the OpenTelemetry Collector in its own (OTEL_EXPORTER_OTLP_ENDPOINT)
 * and another pod beside it, a pod someone starts in the namespace, a pod of another namespace
 * that borrows the gateway's label, and addresses outside the cluster.
 */
const outsiders: Endpoint[] = [
  {
    name: 'ingress-nginx',
    namespace: 'ingress-nginx',
    labels: {
      'app.kubernetes.io/name': 'ingress-nginx',
      'app.kubernetes.io/component': 'controller',
    },
    ports: [],
  },
  {
    name: 'prometheus',
    namespace: 'monitoring',
    labels: { 'app.kubernetes.io/name': 'prometheus' },
    ports: [],
  },
  {
    name: 'kube-dns',
    namespace: 'kube-system',
    labels: { 'k8s-app': 'kube-dns' },
    ports: [
      { name: 'dns', containerPort: 53, protocol: 'UDP' },
      { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' },
    ],
  },
  { name: 'minio', namespace: 'storage', labels: { app: 'minio' }, ports: [http(9000)] },
  // As the opentelemetry-collector Helm chart labels its pods (release otel-collector).
  {
    name: 'otel-collector',
    namespace: 'observability',
    labels: {
      'app.kubernetes.io/name': 'opentelemetry-collector',
      'app.kubernetes.io/instance': 'otel-collector',
      component: 'standalone-collector',
    },
    ports: [
      { name: 'otlp', containerPort: 4317 },
      { name: 'otlp-http', containerPort: 4318 },
    ],
  },
  // A trace backend beside it, which also takes OTLP: the services send only to the collector.
  {
    name: 'jaeger',
    namespace: 'observability',
    labels: { 'app.kubernetes.io/name': 'jaeger' },
    ports: [
      { name: 'otlp-http', containerPort: 4318 },
      { name: 'query', containerPort: 16686 },
    ],
  },
  { name: 'debug', namespace: NAMESPACE, labels: { run: 'debug' }, ports: [http(8080)] },
  {
    name: 'impostor',
    namespace: 'other',
    labels: { 'app.kubernetes.io/name': 'gateway' },
    ports: [http(portOf('gateway'))],
  },
  // Managed datastores, in the cloud network beside the cluster.
  { name: 'postgres', ip: '10.20.0.5', ports: [{ containerPort: 5432 }] },
  { name: 'redis', ip: '10.20.0.6', ports: [{ containerPort: 6379 }] },
  // The internet (documentation ranges), a private server, the cloud's metadata service.
  { name: 'public', ip: '203.0.113.7', ports: [{ containerPort: 80 }, { containerPort: 443 }] },
  { name: 'public-v6', ip: '2001:db8::7', ports: [{ containerPort: 80 }, { containerPort: 443 }] },
  { name: 'private', ip: '192.168.1.10', ports: [{ containerPort: 80 }, { containerPort: 443 }] },
  { name: 'metadata', ip: '169.254.169.254', ports: [{ containerPort: 80 }] },
];
const outsider = (name: string) => outsiders.find((endpoint) => endpoint.name === name)!;
const podsInNamespace = [...wavePods, outsider('debug') as Pod];
const isWavePod = (endpoint: Endpoint) => podsInNamespace.includes(endpoint as Pod);

const connection = (
  source: Endpoint,
  destination: Endpoint,
  { containerPort, protocol }: ContainerPort,
) => `${source.name} → ${destination.name}:${containerPort}/${protocol ?? 'TCP'}`;

/** Every connection the policies allow that starts or ends in the namespace. */
function allowedConnections(): string[] {
  const everyone = [...wavePods, ...outsiders];
  return everyone.flatMap((source) =>
    everyone
      .filter((destination) => destination !== source)
      .filter((destination) => isWavePod(source) || isWavePod(destination))
      .flatMap((destination) =>
        destination.ports
          .filter((port) =>
            allows(policies, source, destination, port.containerPort, port.protocol ?? 'TCP'),
          )
          .map((port) => connection(source, destination, port)),
      ),
  );
}

/**
 * The variables a service's configuration holds that its Kubernetes pods never use: the demo
 * seed's (`node main.js seed`, run by `npm start` and `npm run seed`, never in the cluster).
 */
const SEED_ONLY: Record<string, string[]> = {
  identity: ['MEDIA_URL'],
  communities: ['MEDIA_URL'],
};

const DEFAULT_PORTS: Record<string, number> = {
  'http:': 80,
  'https:': 443,
  'redis:': 6379,
  'rediss:': 6379,
  'postgres:': 5432,
  'postgresql:': 5432,
};

/**
 * Where a URL leads: the pods behind a Service of the namespace (on the container port its
 * port targets), a pod of another namespace (`<name>.<namespace>.svc.cluster.local`: the
 * outsider of that name there, such as the collector, or else a pod without labels), or an
 * address outside the cluster (a managed datastore, in the cloud network beside it).
 */
function destinationOf(url: URL): { destination: Endpoint; port: number } {
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol]! : Number(url.port);
  const [name, namespace = NAMESPACE] = url.hostname.split('.');
  const service = rendered.find(
    ({ kind, metadata }) => kind === 'Service' && metadata.name === name && namespace === NAMESPACE,
  );
  if (service) {
    const pod = wavePods.find(({ labels }) =>
      selectsLabels({ matchLabels: service.spec.selector }, labels),
    )!;
    const target = service.spec.ports!.find((candidate) => candidate.port === port)!.targetPort;
    const containerPort = pod.ports.find(
      (candidate) => candidate.name === target || candidate.containerPort === target,
    )!.containerPort;
    return { destination: pod, port: containerPort };
  }
  if (url.hostname.endsWith('.svc.cluster.local')) {
    const known = outsiders.find(
      (endpoint) =>
        endpoint.name === name && 'namespace' in endpoint && endpoint.namespace === namespace,
    );
    if (known) return { destination: known, port };
    return {
      destination: { name: url.hostname, namespace, labels: {}, ports: [{ containerPort: port }] },
      port,
    };
  }
  return { destination: { name: url.hostname, ip: '10.20.0.99', ports: [] }, port };
}

describe('the NetworkPolicy model (network-policy.ts)', () => {
  const pod = (name: string, namespace = 'a', ports = [http(80)]): Pod => ({
    name,
    namespace,
    labels: { app: name },
    ports,
  });
  const policy = (spec: NetworkPolicy['spec'], namespace = 'a'): NetworkPolicy => ({
    kind: 'NetworkPolicy',
    metadata: { name: 'p', namespace },
    spec,
  });
  const [one, two] = [pod('one'), pod('two')];

  it('lets everything through until a policy selects a pod, then only what a rule allows', () => {
    expect(allows([], one, two, 80)).toBe(true);
    const isolated = [
      policy({ podSelector: { matchLabels: { app: 'two' } }, policyTypes: ['Ingress'] }),
    ];
    expect(allows(isolated, one, two, 80)).toBe(false);
    expect(allows(isolated, two, one, 80)).toBe(true);
    const opened = [
      ...isolated,
      policy({
        podSelector: {},
        ingress: [
          { from: [{ podSelector: { matchLabels: { app: 'one' } } }], ports: [{ port: 'http' }] },
        ],
      }),
    ];
    expect(allows(opened, one, two, 80)).toBe(true);
    expect(allows(opened, one, two, 81)).toBe(false);
    expect(allows(opened, one, two, 80, 'UDP')).toBe(false);
  });

  it('needs both ends: the source’s egress and the destination’s ingress', () => {
    const noEgress = [
      policy({ podSelector: { matchLabels: { app: 'one' } }, policyTypes: ['Egress'] }),
    ];
    expect(allows(noEgress, one, two, 80)).toBe(false);
    expect(allows(noEgress, two, one, 80)).toBe(true);
  });

  it('reads a peer with both selectors as one pod in one namespace, and ipBlock as addresses', () => {
    const stranger = pod('one', 'b');
    const rules = [
      policy({
        podSelector: {},
        policyTypes: ['Ingress', 'Egress'],
        ingress: [
          {
            from: [
              {
                namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'b' } },
                podSelector: { matchLabels: { app: 'one' } },
              },
            ],
          },
        ],
        egress: [
          {
            to: [
              { ipBlock: { cidr: '0.0.0.0/0', except: ['10.0.0.0/8'] } },
              { ipBlock: { cidr: '::/0', except: ['fc00::/7'] } },
            ],
          },
        ],
      }),
    ];
    expect(allows(rules, stranger, two, 80)).toBe(true);
    expect(allows(rules, one, two, 80)).toBe(false);
    const address = (ip: string) => ({ name: ip, ip, ports: [] });
    expect(allows(rules, one, address('203.0.113.7'), 443)).toBe(true);
    expect(allows(rules, one, address('10.1.2.3'), 443)).toBe(false);
    expect(allows(rules, one, address('2001:db8::7'), 443)).toBe(true);
    expect(allows(rules, one, address('fd00::7'), 443)).toBe(false);
  });
});

describe('the network policies', () => {
  it('select the pods they are named for', () => {
    const selected = Object.fromEntries(
      policies.map((policy) => [
        policy.metadata.name,
        podsInNamespace
          .filter(({ labels }) => selectsLabels(policy.spec.podSelector, labels))
          .map(({ name }) => name)
          .sort(),
      ]),
    );
    expect(selected).toEqual({
      // Every pod: nothing in or out but DNS, unless another policy allows it.
      default: podsInNamespace.map(({ name }) => name).sort(),
      migrations: databaseApps.map((app) => `${app}-migrate`).sort(),
      ...Object.fromEntries([...nodeApps, WEB_APP, 'meilisearch'].map((app) => [app, [app]])),
    });
  });

  it.each(podsInNamespace.map((pod) => [pod.name, pod] as const))(
    'isolate the %s pods both ways',
    (_name, pod) => {
      expect(policiesSelecting(policies, pod, 'Ingress').length).toBeGreaterThan(0);
      expect(policiesSelecting(policies, pod, 'Egress').length).toBeGreaterThan(0);
    },
  );

  it('allow exactly the connections k8s/README.md describes, and nothing else', () => {
    const services = nodeApps.filter((app) => app !== 'gateway');
    const expected = [
      // In: readers through the ingress controller, and Prometheus on the metrics port.
      `ingress-nginx → gateway:${portOf('gateway')}/TCP`,
      `ingress-nginx → ${WEB_APP}:${WEB_PORT}/TCP`,
      ...nodeApps.map((app) => `prometheus → ${app}:${METRICS_PORT}/TCP`),
      // Inside: the web pods call the gateway, which alone calls the services, and the few
      // calls between services their configurations name.
      `${WEB_APP} → gateway:${portOf('gateway')}/TCP`,
      ...services.map((app) => `gateway → ${app}:${portOf(app)}/TCP`),
      `timeline → media:${portOf('media')}/TCP`,
      `analytics → ${WEB_APP}:${WEB_PORT}/TCP`,
      `search → meilisearch:${MEILISEARCH_PORT}/TCP`,
      // Out: DNS for every pod, Redis for every service, PostgreSQL for those with a schema
      // and their migrations, the object store for media, the internet for timeline, and the
      // OpenTelemetry Collector's OTLP/HTTP port for every Node app (its traces; the
      // migrations record none, and the web pods do not trace).
      ...podsInNamespace.flatMap(({ name }) => [
        `${name} → kube-dns:53/UDP`,
        `${name} → kube-dns:53/TCP`,
      ]),
      ...nodeApps.map((app) => `${app} → redis:6379/TCP`),
      ...nodeApps.map((app) => `${app} → otel-collector:4318/TCP`),
      ...databaseApps.flatMap((app) => [
        `${app} → postgres:5432/TCP`,
        `${app}-migrate → postgres:5432/TCP`,
      ]),
      // The object store by port (S3 on 443, MinIO on 9000), wherever it is.
      ...['public', 'public-v6', 'private'].map((to) => `media → ${to}:443/TCP`),
      'media → minio:9000/TCP',
      ...['public', 'public-v6'].flatMap((to) => [
        `timeline → ${to}:80/TCP`,
        `timeline → ${to}:443/TCP`,
      ]),
    ];
    expect(allowedConnections().sort()).toEqual(expected.sort());
  });

  it.each(nodeApps)(
    'allow every connection the configuration %s runs with in Kubernetes names',
    (app) => {
      const container = workloads.find(
        ({ kind, metadata }) => kind === 'Deployment' && metadata.name === app,
      )!.spec.template.spec.containers[0]!;
      const configMap = rendered.find(({ kind }) => kind === 'ConfigMap')!;
      const secrets = realSecrets();
      const environment: Record<string, string | undefined> = {
        ...configMap.data,
        ...Object.fromEntries(
          (container.env ?? []).map(({ name, value, valueFrom }) => [
            name,
            valueFrom?.secretKeyRef ? secrets[valueFrom.secretKeyRef.key] : value,
          ]),
        ),
      };
      const config = CONFIG_LOADERS[app]!(environment) as Record<string, unknown>;
      const urls = Object.entries(config)
        .filter(([key]) => /_(URL|ENDPOINT)$/.test(key))
        .flatMap(([key, value]) =>
          [value]
            .flat()
            .flatMap((url) =>
              typeof url === 'string' && url !== '' ? [{ key, url: new URL(url) }] : [],
            ),
        );
      expect(urls.map(({ key }) => key)).toContain('REDIS_URL');

      const refused = urls.filter(({ key, url }) => {
        if (SEED_ONLY[app]?.includes(key)) return false;
        const { destination, port } = destinationOf(url);
        return !allows(policies, podOf(app), destination, port);
      });
      expect(refused.map(({ key, url }) => `${key}=${url.href}`)).toEqual([]);

      // What only the demo seed uses stays closed.
      for (const { key, url } of urls.filter(({ key }) => SEED_ONLY[app]?.includes(key))) {
        const { destination, port } = destinationOf(url);
        expect({ key, allowed: allows(policies, podOf(app), destination, port) }).toEqual({
          key,
          allowed: false,
        });
      }
    },
  );

  it.each(['k8s/overlays/development', 'k8s/overlays/production'])(
    'are the same in %s',
    (overlay) => {
      const inOverlay = kustomizeBuild<Workload>(overlay).filter(
        ({ kind }) => kind === 'NetworkPolicy',
      );
      expect(inOverlay).toEqual(policies);
    },
  );
});
