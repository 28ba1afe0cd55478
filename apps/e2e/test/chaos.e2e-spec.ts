import type { ScenarioResult } from './chaos/runner';
import { SCENARIO_NAMES, SHORT_RUN, resultsTable, runChaos } from './chaos/runner';

// The short version of `npm run chaos`: every fault once, under a small load, on servers of the
// run's own. Each scenario must lose no acknowledged write, show no duplicate, let every
// projection agree with its owner within the settle bound, and fail fast while it lasts.
describe('chaos: each fault once under load', () => {
  const lines: string[] = [];
  const results = new Map<string, ScenarioResult>();

  beforeAll(async () => {
    const started = Date.now();
    const log = (line: string) =>
      lines.push(`+${Math.round((Date.now() - started) / 1000)}s ${line}`);
    for (const result of await runChaos({ ...SHORT_RUN, scenarios: null, log })) {
      results.set(result.name, result);
    }
    process.stdout.write(`${resultsTable([...results.values()])}\n`);
  }, 20 * 60_000);

  it.each(SCENARIO_NAMES)(
    '%s: nothing lost or duplicated, projections agree, failures are fast',
    (name) => {
      const result = results.get(name);
      if (!result) throw new Error(`${name} did not run:\n${lines.join('\n')}`);
      const summary = { ...result, log: lines.slice(-40) };
      expect({ name, problems: result.problems, summary }).toEqual({
        name,
        problems: [],
        summary: expect.objectContaining({ lost: 0, duplicates: 0 }),
      });
      expect(result.agreedAfterMs).not.toBeNull();
      expect({ name, error: result.error }).toEqual({ name, error: null });
      // A failed request fails fast, and says what happened: a 502, 503 or 504 (or, with the
      // gateway itself killed, a refused connection), never a 500, a lost session or a hang.
      const how = Object.keys(result.failedBy).filter(
        (status) => !['502', '503', '504', 'network'].includes(status),
      );
      expect({ name, how, failures: result.failures }).toEqual({
        name,
        how: [],
        failures: result.failures,
      });
      expect(result.slowestFailureMs).toBeLessThan(5_500);
      // And the platform recovered: once the load stops, a request of every kind works.
      expect({ name, unrecovered: result.unrecovered }).toEqual({ name, unrecovered: [] });
    },
  );
});
