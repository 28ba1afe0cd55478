import sharp from 'sharp';
import type { ServiceProcess } from '@wave/testing';
import { stopServiceProcesses } from '@wave/testing';
import type { Stack } from '../support/stack';
import { SERVICES, startStack } from '../support/stack';
import { Ledger } from './ledger';
import type { OracleReport } from './oracle';
import { runOracle } from './oracle';
import type { LatencyProxy, PrivateObjectStore, PrivatePostgres, PrivateRedis } from './stores';
import {
  startLatencyProxy,
  startPrivateObjectStore,
  startPrivatePostgres,
  startPrivateRedis,
} from './stores';
import { fanOutBatchSize, fanOutProblems, fanOutScenario } from './fan-out';
import { Watchdog } from './watchdog';
import type { RequestRecord } from './workload';
import { Workload } from './workload';

/** How long and how hard each scenario runs (`FULL_RUN` for `npm run chaos`, `SHORT_RUN` in `npm test`). */
export interface ChaosSettings {
  users: number;
  workers: number;
  /** Each worker's pause between requests. */
  pauseMs: number;
  /** A request unanswered this long counts as a hang. */
  requestTimeoutMs: number;
  /** Load before the fault. */
  warmUpMs: number;
  /** Load after the fault is over (and the services are back). */
  afterMs: number;
  /** How long PostgreSQL stays stopped and the object store down. */
  outageMs: number;
  /** How long Redis stays down in its restart. */
  redisDownMs: number;
  /** How long PostgreSQL is slow, and by how much per round trip. */
  slowMs: number;
  slowDelayMs: number;
  /** Bound on the wait for every projection to agree once the load stops. */
  settleTimeoutMs: number;
  /** Followers of the account whose post's fan-out is killed (10,000 in the full run). */
  fanOutFollowers: number;
  /** The scenarios to run (all when null). */
  scenarios: readonly string[] | null;
  log: (line: string) => void;
}

export const FULL_RUN: Omit<ChaosSettings, 'log' | 'scenarios'> = {
  users: 40,
  workers: 8,
  pauseMs: 40,
  requestTimeoutMs: 15_000,
  warmUpMs: 15_000,
  afterMs: 15_000,
  outageMs: 30_000,
  redisDownMs: 3_000,
  slowMs: 60_000,
  slowDelayMs: 100,
  settleTimeoutMs: 120_000,
  fanOutFollowers: 10_000,
};

export const SHORT_RUN: Omit<ChaosSettings, 'log' | 'scenarios'> = {
  users: 8,
  workers: 3,
  pauseMs: 60,
  requestTimeoutMs: 15_000,
  warmUpMs: 2_000,
  afterMs: 4_000,
  outageMs: 6_000,
  redisDownMs: 1_000,
  slowMs: 6_000,
  slowDelayMs: 100,
  settleTimeoutMs: 90_000,
  fanOutFollowers: 2_000,
};

/** What one scenario measured. */
export interface ScenarioResult {
  name: string;
  /** Why the scenario could not run to its end (its set-up or its fault threw), or null. */
  error: string | null;
  /** Requests that ended once the fault had begun (the warm-up's are left out). */
  requests: number;
  /** Those the platform failed (`isFailure`). */
  failed: number;
  /** Those by how they ended: a status, 'timeout' (no answer: a hang) or 'network'. */
  failedBy: Record<string, number>;
  /** Those by operation, status and message. */
  failures: Record<string, number>;
  /** The longest a failed request took to fail. */
  slowestFailureMs: number;
  /**
   * What failed when, once the load had stopped, one request of every kind was sent (the
   * platform recovered when nothing did).
   */
  unrecovered: string[];
  /** From the fault's start until the last failed request ended (0: nothing failed). */
  recoveredAfterMs: number;
  /** How long the fault itself lasted (a killed service: until it was ready again). */
  faultMs: number;
  /** From the recovery probe's end until every check passed; null when they never did. */
  agreedAfterMs: number | null;
  lost: number;
  duplicates: number;
  /** What the oracle still found at the end (empty when all agreed). */
  problems: string[];
  /** Error lines the services logged during the scenario. */
  errorLogs: number;
  /** Service restarts the watchdog made (the killed service's included). */
  restarts: number;
  /** The scenario's own figures (the fan-out's). */
  details: Record<string, unknown>;
  /** One of each kind of error line the services logged. */
  errorSamples: string[];
}

export interface Context {
  stack: Stack;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  objects: PrivateObjectStore;
  proxy: LatencyProxy;
  watchdog: Watchdog;
  settings: ChaosSettings;
}

export interface Scenario {
  name: string;
  /** Set-up before the load begins (not part of the fault). */
  prepare?(context: Context): Promise<void>;
  /** Injects the fault and resolves once it is over (the part put back). */
  inject(context: Context): Promise<void>;
  /** Checks of its own, run with the oracle's until all pass. */
  problems?(context: Context): Promise<string[]>;
  /** Ends what it still watches, once its figures are taken. */
  stop?(): Promise<void>;
  /** Its own figures, for the report. */
  measurements?(): Record<string, unknown>;
}

/** The name of the fan-out scenario, whatever its audience. */
export const FAN_OUT_SCENARIO = 'SIGKILL timeline mid-fan-out, twice';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const processesOf = (stack: Stack): ServiceProcess[] => [
  stack.gateway,
  ...SERVICES.map((service) => stack[service]),
];

/** SIGKILL, then the watchdog restarts it as an orchestrator would. */
const kill = (service: 'gateway' | (typeof SERVICES)[number]): Scenario => ({
  name: `SIGKILL ${service}`,
  async inject({ stack, watchdog }) {
    const process = stack[service];
    process.signal('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (process.running() && Date.now() < deadline) await wait(20);
    await watchdog.idle(60_000);
  },
});

/** The scenarios of a run, in the order they run (fresh state for each run). */
export const scenariosFor = (settings: Pick<ChaosSettings, 'fanOutFollowers'>): Scenario[] => [
  ...SERVICES.map(kill),
  kill('gateway'),
  fanOut(settings.fanOutFollowers),
  {
    name: 'Redis restart',
    async inject({ redis, settings }) {
      await redis.stop();
      await wait(settings.redisDownMs);
      await redis.start();
    },
  },
  {
    name: 'PostgreSQL stopped',
    async inject({ postgres, settings, watchdog }) {
      await postgres.stop('immediate');
      await wait(settings.outageMs);
      await postgres.start();
      await watchdog.idle(60_000);
    },
  },
  {
    name: 'PostgreSQL slow',
    async inject({ proxy, settings }) {
      proxy.setDelay(settings.slowDelayMs);
      await wait(settings.slowMs);
      proxy.setDelay(0);
    },
  },
  {
    name: 'object store down',
    async inject({ objects, settings }) {
      await objects.stop();
      await wait(settings.outageMs);
      await objects.start();
    },
  },
];

/** The scenarios' names (`npm run chaos -- --scenario <name>`). */
export const SCENARIO_NAMES: readonly string[] = [
  ...[...SERVICES, 'gateway'].map((service) => `SIGKILL ${service}`),
  FAN_OUT_SCENARIO,
  'Redis restart',
  'PostgreSQL stopped',
  'PostgreSQL slow',
  'object store down',
];

/** Timeline killed, and killed again, while one post goes out to `followers` followers. */
function fanOut(followers: number): Scenario {
  const scenario = fanOutScenario({ followers, kills: 2 });
  return {
    name: FAN_OUT_SCENARIO,
    prepare: (context) => scenario.prepare(context),
    inject: (context) => scenario.inject(context),
    problems: (context) => fanOutProblems(context),
    stop: () => scenario.stop(),
    measurements: () => ({ ...scenario.measurements }),
  };
}

/** The stack on servers of its own, its watchdog, and the load's members, ready for a run. */
export interface ChaosRun {
  context: Context;
  workload: Workload;
  ledger: Ledger;
}

/**
 * Starts PostgreSQL, Redis and an object store of the run's own, the whole stack on them (its
 * database reached through a proxy that can slow it), a watchdog that restarts what dies, and
 * signs the load's members up; runs `work`, then stops and deletes it all.
 */
export async function withChaosStack<T>(
  settings: ChaosSettings,
  work: (run: ChaosRun) => Promise<T>,
  overrides: Record<string, string> = {},
): Promise<T> {
  const { log } = settings;
  let postgres: PrivatePostgres | null = null;
  let redis: PrivateRedis | null = null;
  let objects: PrivateObjectStore | null = null;
  let proxy: LatencyProxy | null = null;
  let stack: Stack | null = null;
  let watchdog: Watchdog | null = null;
  try {
    log('starting PostgreSQL, Redis and the object store of the run');
    postgres = await startPrivatePostgres();
    redis = await startPrivateRedis();
    objects = await startPrivateObjectStore();
    proxy = await startLatencyProxy(postgres.port);
    const proxyPort = proxy.port;
    log('starting the stack');
    stack = await startStack('chaos', overrides, {
      stores: {
        databaseServerUrl: postgres.url,
        redisUrl: redis.url,
        s3: objects,
        databaseUrlOf: (url) => {
          const proxied = new URL(url);
          proxied.port = String(proxyPort);
          return proxied.toString();
        },
      },
    });
    watchdog = new Watchdog(processesOf(stack), log);
    watchdog.start();
    const ledger = new Ledger();
    const image = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const workload = new Workload(stack.gateway.url, ledger, { ...settings, image });
    log(`signing up ${settings.users} members`);
    await workload.setUp();
    const context: Context = { stack, postgres, redis, objects, proxy, watchdog, settings };
    return await work({ context, workload, ledger });
  } finally {
    // Everything is stopped, whatever failed to start or to stop before it.
    await watchdog?.stop();
    await stack?.stop().catch((error: unknown) => log(`stopping the stack: ${String(error)}`));
    await stopServiceProcesses();
    await Promise.allSettled([proxy?.close()]);
    await Promise.allSettled([postgres?.destroy(), redis?.destroy(), objects?.destroy()]);
  }
}

/** Runs each chosen scenario in turn: load, fault, load, then the oracle until all agree. */
export async function runChaos(settings: ChaosSettings): Promise<ScenarioResult[]> {
  const { log } = settings;
  const chosen = scenariosFor(settings).filter(
    (scenario) => settings.scenarios === null || settings.scenarios.includes(scenario.name),
  );
  // Twenty batches a fan-out, so that each kill lands in the middle of one.
  const overrides = { FANOUT_BATCH_SIZE: String(fanOutBatchSize(settings.fanOutFollowers)) };
  return withChaosStack(
    settings,
    async ({ context, workload, ledger }) => {
      const results: ScenarioResult[] = [];
      for (const scenario of chosen) {
        log(`scenario: ${scenario.name}`);
        const result = await runScenario(scenario, context, workload, ledger).catch(
          (error: unknown) => failedScenario(scenario.name, error),
        );
        if (result.error) log(`${scenario.name} could not run: ${result.error}`);
        log(
          `${scenario.name}: ${result.failed}/${result.requests} failed, recovered after ` +
            `${result.recoveredAfterMs} ms, lost ${result.lost}, duplicates ${result.duplicates}, ` +
            `agreed after ${result.agreedAfterMs ?? 'never'} ms`,
        );
        for (const [failure, count] of Object.entries(result.failures))
          log(`  ${count}× ${failure}`);
        for (const problem of result.problems.slice(0, 20)) log(`  ${problem}`);
        for (const line of result.unrecovered) log(`  not recovered: ${line}`);
        for (const line of result.errorSamples) log(`  error log: ${line}`);
        results.push(result);
      }
      return results;
    },
    overrides,
  );
}

async function runScenario(
  scenario: Scenario,
  context: Context,
  workload: Workload,
  ledger: Ledger,
): Promise<ScenarioResult> {
  const { stack, watchdog, settings } = context;
  const processes = processesOf(stack);
  const errorsBefore = processes.reduce((sum, service) => sum + service.errorCount(), 0);
  const keptBefore = new Map(processes.map((service) => [service, service.errors().length]));
  const restartsBefore = sum(watchdog.restartCounts());
  const firstRecord = workload.records.length;
  let injectedAt = 0;
  let faultMs = 0;
  try {
    await scenario.prepare?.(context);
    workload.start();
    await wait(settings.warmUpMs);
    injectedAt = Date.now();
    await scenario.inject(context);
    faultMs = Date.now() - injectedAt;
    await wait(settings.afterMs);
  } finally {
    await workload.stop();
  }
  const records = workload.records.slice(firstRecord);
  const unrecovered = await workload.probe();
  const stoppedAt = Date.now();
  const failures = records.filter(
    (record) => record.at + record.ms >= injectedAt && isFailure(record),
  );
  const oracle = await settle(context, workload, ledger, scenario).finally(() => scenario.stop?.());
  return {
    error: null,
    name: scenario.name,
    requests: records.filter((record) => record.at + record.ms >= injectedAt).length,
    failed: failures.length,
    failedBy: countBy(failures, (record) => String(record.status)),
    failures: describeFailures(failures, injectedAt),
    slowestFailureMs: Math.max(0, ...failures.map((record) => record.ms)),
    recoveredAfterMs: Math.max(0, ...failures.map((record) => record.at + record.ms - injectedAt)),
    faultMs,
    agreedAfterMs: oracle.report.problems.length === 0 ? oracle.at - stoppedAt : null,
    unrecovered: unrecovered.map((record) =>
      `${record.op} → ${record.status} ${record.message ?? ''}`.trim(),
    ),
    lost: oracle.report.lost,
    duplicates: oracle.report.duplicates,
    problems: oracle.report.problems,
    errorLogs: processes.reduce((total, service) => total + service.errorCount(), 0) - errorsBefore,
    restarts: sum(watchdog.restartCounts()) - restartsBefore,
    details: scenario.measurements?.() ?? {},
    errorSamples: distinctErrors(processes, keptBefore),
  };
}

/** The error lines the services logged since, one of each kind (by their first words), at most 10. */
function distinctErrors(
  processes: readonly ServiceProcess[],
  keptBefore: Map<ServiceProcess, number>,
): string[] {
  const kinds = new Map<string, string>();
  for (const service of processes) {
    for (const line of service.errors().slice(keptBefore.get(service) ?? 0)) {
      const message = /"msg":"([^"]{0,160})/.exec(line)?.[1] ?? line.slice(0, 160);
      const kind = `${service.name}: ${message.replace(/[0-9a-f-]{36}|\d+/g, '#').slice(0, 80)}`;
      if (!kinds.has(kind)) kinds.set(kind, `${service.name}: ${message}`);
    }
  }
  return [...kinds.values()].slice(0, 10);
}

/** Runs the oracle until it finds nothing (or the settle bound passes): its last report. */
export async function settle(
  context: Context,
  workload: Workload,
  ledger: Ledger,
  scenario?: Scenario,
): Promise<{ report: OracleReport; at: number }> {
  const { stack, settings, watchdog } = context;
  const deadline = Date.now() + settings.settleTimeoutMs;
  let rounds = 0;
  for (;;) {
    await watchdog.idle(60_000);
    const report = await runOracle({
      databaseUrl: stack.database.url,
      gatewayUrl: stack.gateway.url,
      ledger,
      sessions: workload.sessions(),
    });
    const own = (await scenario?.problems?.(context)) ?? [];
    if (own.length > 0) report.problems.push(...own);
    const at = Date.now();
    if (report.problems.length === 0 || at > deadline) return { report, at };
    if (++rounds % 10 === 0) {
      settings.log(`not agreed yet (${report.problems.length} findings): ${report.problems[0]}`);
    }
    await wait(1_000);
  }
}

/** A scenario that threw: no figures, and the reason. */
function failedScenario(name: string, error: unknown): ScenarioResult {
  return {
    name,
    error: error instanceof Error ? error.message : String(error),
    requests: 0,
    failed: 0,
    failedBy: {},
    failures: {},
    slowestFailureMs: 0,
    recoveredAfterMs: 0,
    faultMs: 0,
    agreedAfterMs: null,
    lost: 0,
    duplicates: 0,
    problems: [],
    unrecovered: [],
    errorLogs: 0,
    restarts: 0,
    details: {},
    errorSamples: [],
  };
}

/** Failures grouped by operation, status and message, with when (after the fault began) they ended. */
function describeFailures(
  failures: readonly RequestRecord[],
  injectedAt: number,
): Record<string, number> {
  const groups = new Map<string, RequestRecord[]>();
  for (const record of failures) {
    const key = `${record.op} → ${record.status} ${record.message ?? ''}`.trim();
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  const described: Record<string, number> = {};
  for (const [key, records] of groups) {
    const ends = records.map((record) => (record.at + record.ms - injectedAt) / 1000);
    const slowest = Math.max(...records.map((record) => record.ms)) / 1000;
    const when = `ended +${Math.min(...ends).toFixed(1)}..+${Math.max(...ends).toFixed(1)} s`;
    described[`${key} (${when}, slowest ${slowest.toFixed(1)} s)`] = records.length;
  }
  return described;
}

/**
 * A request the platform failed: a 5xx, no answer (timeout, broken connection), a lost session
 * (401) or a limit (408, 429). Other 4xx are the workload's own refusals, not failures.
 */
export const isFailure = (record: RequestRecord): boolean =>
  typeof record.status !== 'number' ||
  record.status >= 500 ||
  record.status === 401 ||
  record.status === 408 ||
  record.status === 429;

const sum = (counts: Map<string, number>): number =>
  [...counts.values()].reduce((total, count) => total + count, 0);

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** The results as the Markdown table RELIABILITY.md keeps. */
export function resultsTable(results: readonly ScenarioResult[]): string {
  const rows = results.map((result) => {
    const failedBy = Object.entries(result.failedBy)
      .sort(([, a], [, b]) => b - a)
      .map(([status, count]) => `${count}× ${status}`)
      .join(', ');
    const seconds = (ms: number | null) => (ms === null ? 'never' : (ms / 1000).toFixed(1));
    return (
      `| ${result.name} | ${result.requests} | ${result.failed}${failedBy ? ` (${failedBy})` : ''} ` +
      `| ${seconds(result.slowestFailureMs)} | ${seconds(result.faultMs)} | ` +
      `${seconds(result.recoveredAfterMs)} | ${result.lost} | ${result.duplicates} | ` +
      `${seconds(result.agreedAfterMs)} | ${result.unrecovered.length === 0 ? 'yes' : `no: ${result.unrecovered.join('; ')}`} | ${result.restarts} | ${result.errorLogs} |`
    );
  });
  return [
    '| scenario | requests from the fault on | failed (how) | slowest failure (s) | fault (s) | recovered after (s) | acknowledged writes lost | visible duplicates | projections agreed after (s) | every kind of request works after | restarts | error log lines |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
