// npm run chaos: the full fault scenarios against the built services (build them first), on
// servers of the run's own (PostgreSQL, Redis, s3rver on free loopback ports). Prints each
// scenario's figures as it ends, then the table RELIABILITY.md keeps.
//   npm run chaos                          every scenario, full length
//   npm run chaos -- --short               the version npm test runs
//   npm run chaos -- --scenario "Redis restart" [--scenario ...]
//   npm run chaos -- --soak 30             the load for 30 minutes with no fault: memory, queues
import { parseArgs } from 'node:util';
import { stopServiceProcesses } from '@wave/testing';
import { FULL_RUN, SHORT_RUN, resultsTable, runChaos, SCENARIO_NAMES } from './runner';
import { runSoak, soakTable } from './soak';

const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    scenario: { type: 'string', multiple: true },
    soak: { type: 'string' },
  },
});
const names = SCENARIO_NAMES;
for (const name of values.scenario ?? []) {
  if (!names.includes(name)) {
    process.stderr.write(`No scenario "${name}"; there are: ${names.join(', ')}\n`);
    process.exit(2);
  }
}
const started = Date.now();
const log = (line: string) =>
  process.stdout.write(`[chaos +${((Date.now() - started) / 1000).toFixed(0)}s] ${line}\n`);

// Interrupted: stop the services; the stores' own exit hooks stop their servers.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the services`);
    void stopServiceProcesses().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const settings = { ...(values.short ? SHORT_RUN : FULL_RUN), scenarios: null, log };
  if (values.soak !== undefined) {
    const minutes = Number(values.soak);
    if (!Number.isFinite(minutes) || minutes < 1 || minutes > 24 * 60) {
      throw new Error('--soak takes minutes, from 1 to 1440');
    }
    const soak = await runSoak(settings, minutes);
    process.stdout.write(`\n${soakTable(soak)}\n`);
    for (const problem of soak.problems.slice(0, 20)) log(`  ${problem}`);
    const grew = soak.memory.filter((row) => row.growth >= 0.1);
    const ok =
      soak.agreedAfterMs !== null &&
      soak.queuesEmptyAfterMs !== null &&
      soak.errorLogs === 0 &&
      grew.length === 0;
    return ok ? 0 : 1;
  }
  const results = await runChaos({ ...settings, scenarios: values.scenario ?? null });
  process.stdout.write(`\n${resultsTable(results)}\n`);
  const failed = results.filter(
    (result) =>
      result.lost > 0 ||
      result.duplicates > 0 ||
      result.agreedAfterMs === null ||
      result.unrecovered.length > 0 ||
      result.error !== null,
  );
  if (failed.length > 0) log(`failed: ${failed.map((result) => result.name).join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
