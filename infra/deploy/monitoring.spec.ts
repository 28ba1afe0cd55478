import { ServiceMetrics } from '@wave/metrics';
import { filesUnder, readText, readYaml } from './workspace';

interface Dashboard {
  uid: string;
  panels: {
    title: string;
    datasource: { uid: string };
    targets: { expr: string; datasource: { uid: string } }[];
  }[];
}

const PROMQL_KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'and', 'or', 'unless', 'bool']);

/** The series an expression reads: its identifiers that are not functions, labels or keywords. */
const seriesOf = (expr: string): string[] =>
  [
    ...expr
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/\b(by|without)\s*\([^)]*\)/g, ' ')
      .matchAll(/\b([a-z_][a-z0-9_]*)\b(?!\s*\()/gi),
  ]
    .map((match) => match[1]!)
    .filter((name) => !PROMQL_KEYWORDS.has(name));
const HISTOGRAM_SERIES = /_(bucket|count|sum)$/;

/** The metrics the code registers: a service's own (process, HTTP) and every feature's. */
function registeredMetrics(): Set<string> {
  const names = new Set<string>();
  const metrics = new ServiceMetrics('dashboard-check');
  for (const metric of metrics.registry.getMetricsAsArray()) names.add(metric.name);
  const sources = [...filesUnder('libs'), ...filesUnder('apps')].filter(
    (path) => path.endsWith('.ts') && !path.endsWith('.spec.ts') && path.includes('/src/'),
  );
  for (const path of sources) {
    const text = readText(path);
    if (!text.includes("from 'prom-client'")) continue;
    for (const match of text.matchAll(/\bname: '([a-z_][a-z0-9_]*)'/g)) names.add(match[1]!);
  }
  return names;
}

interface Datasource {
  name: string;
  uid: string;
  type: string;
  url: string;
  access?: string;
  isDefault?: boolean;
  editable?: boolean;
}

const DATASOURCES = 'infra/monitoring/grafana/provisioning/datasources';

describe(`the Grafana data sources (${DATASOURCES})`, () => {
  const datasources = filesUnder(DATASOURCES)
    .filter((path) => /\.ya?ml$/.test(path))
    .flatMap((path) => readYaml<{ datasources: Datasource[] }>(path).datasources);
  const byUid = Object.fromEntries(datasources.map((datasource) => [datasource.uid, datasource]));

  it('are Prometheus (the default) and Jaeger, each once, read through Grafana, not editable', () => {
    expect(datasources.map(({ uid }) => uid).sort()).toEqual(['wave-jaeger', 'wave-prometheus']);
    expect(datasources.filter(({ isDefault }) => isDefault).map(({ uid }) => uid)).toEqual([
      'wave-prometheus',
    ]);
    for (const { access, editable } of datasources) {
      expect({ access, editable }).toEqual({ access: 'proxy', editable: false });
    }
  });

  it('open the traces in Jaeger’s query API and UI (the compose service jaeger)', () => {
    expect(byUid['wave-jaeger']).toMatchObject({ type: 'jaeger', url: 'http://jaeger:16686' });
  });

  it('read the metrics from Prometheus (the compose service prometheus)', () => {
    expect(byUid['wave-prometheus']).toMatchObject({
      type: 'prometheus',
      url: 'http://prometheus:9090',
    });
  });
});

describe('the Grafana dashboard (infra/monitoring/grafana/dashboards/wave.json)', () => {
  const dashboard = JSON.parse(
    readText('infra/monitoring/grafana/dashboards/wave.json'),
  ) as Dashboard;
  const exprs = dashboard.panels.flatMap((panel) => panel.targets.map(({ expr }) => expr));

  it('reads the provisioned Prometheus data source in every panel', () => {
    expect(dashboard.panels.length).toBeGreaterThan(0);
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid).toBe('wave-prometheus');
      for (const target of panel.targets) expect(target.datasource.uid).toBe('wave-prometheus');
    }
  });

  it('asks only for series the services export', () => {
    const registered = registeredMetrics();
    const asked = new Set(
      exprs.flatMap((expr) => seriesOf(expr).map((name) => name.replace(HISTOGRAM_SERIES, ''))),
    );
    expect(asked.size).toBeGreaterThan(5);
    expect([...asked].filter((name) => !registered.has(name))).toEqual([]);
  });

  it.each([
    ['request rate', 'http_request_duration_seconds_count'],
    ['errors', 'status_code=~"5.."'],
    ['duration', 'http_request_duration_seconds_bucket'],
    ['queue depth', 'queue_jobs'],
    ['oldest job', 'queue_oldest_waiting_seconds'],
    ['outbox lag', 'outbox_unpublished_events'],
    ['feed cache hits', 'timeline_home_cache_reads_total'],
    ['event-loop lag', 'nodejs_eventloop_lag_p99_seconds'],
    ['memory', 'process_resident_memory_bytes'],
  ])('shows %s', (_what, fragment) => {
    expect(exprs.some((expr) => expr.includes(fragment))).toBe(true);
  });
});
