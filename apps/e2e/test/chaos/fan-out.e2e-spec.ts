import { eventually } from '@wave/testing';
import type { Stack } from '../support/stack';
import { SERVICES, startStack } from '../support/stack';
import type { FanOutContext } from './fan-out';
import { fanOutBatchSize, fanOutProblems, fanOutScenario } from './fan-out';
import { Watchdog } from './watchdog';

/** The short run's audience (the full run's is 10,000). */
const FOLLOWERS = Number(process.env['CHAOS_FANOUT_FOLLOWERS'] ?? 2_000);
/**
 * Timeline's settings for the run, as the chaos runner passes them: batches small enough (200
 * for 2,000 followers) that the second kill finds the resumed fan-out in the middle.
 */
const OVERRIDES: Record<string, string> = {
  FANOUT_BATCH_SIZE: process.env['CHAOS_FANOUT_BATCH_SIZE'] ?? String(fanOutBatchSize(FOLLOWERS)),
};
/**
 * BullMQ hands a dead worker's fan-out job on within about 25 s (`STALL_RECOVERY`: a 15 s lock,
 * a stalled check every 5 s); the rest of the fan-out takes well under a second. Room for a
 * loaded machine (this runs beside other whole-stack suites on two cores).
 */
const DELIVERY_TIMEOUT_MS = 90_000;

// The chaos scenario on its own, on the tests' shared PostgreSQL and Redis: timeline, which runs
// the fan-out worker, is killed while a post goes out to a celebrity's followers, and killed
// again once the resumed fan-out is under way; once the watchdog has restarted it, every
// follower must have the post in their home timeline, once (BullMQ's default
// `maxStalledCount: 1` failed a job that stalled twice, its remaining followers never got it).
describe('chaos: SIGKILL of timeline in the middle of a fan-out, twice', () => {
  let stack: Stack;
  let watchdog: Watchdog;
  const started = Date.now();
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
  };

  beforeAll(async () => {
    stack = await startStack('fanout', OVERRIDES);
    watchdog = new Watchdog([stack.gateway, ...SERVICES.map((service) => stack[service])], log);
    watchdog.start();
  });

  afterAll(async () => {
    await watchdog?.stop();
    await stack?.stop();
    process.stdout.write(`${lines.join('\n')}\n`);
  });

  it(
    `delivers the post to each of ${FOLLOWERS} followers exactly once after two restarts`,
    async () => {
      const context: FanOutContext = { stack, watchdog, settings: { log } };
      const scenario = fanOutScenario({
        followers: FOLLOWERS,
        kills: 2,
        deliveryTimeoutMs: DELIVERY_TIMEOUT_MS,
      });
      await scenario.prepare(context);
      try {
        await scenario.inject(context);
        const { deliveredAtKill, deliveredAtSecondKill } = scenario.measurements;
        // Both kills in the middle: some followers had it, more at the second, not all.
        expect(deliveredAtKill).toBeGreaterThan(0);
        expect(deliveredAtSecondKill).toBeGreaterThan(deliveredAtKill ?? 0);
        expect(deliveredAtSecondKill).toBeLessThan(FOLLOWERS);

        await eventually(
          () => fanOutProblems({ stack }),
          (problems) => problems.length === 0,
          {
            timeoutMs: DELIVERY_TIMEOUT_MS,
            intervalMs: 2_000,
            what: 'every follower to have the post once',
          },
        );
        await scenario.delivered();
        expect(scenario.measurements.allDeliveredAfterSecondRestartMs).not.toBeNull();
      } finally {
        await scenario.stop();
        log(`fan-out measurements: ${JSON.stringify(scenario.measurements)}`);
        // Timeline's word on the fan-out job: a failed one says why (its last 20,000 characters).
        for (const line of stack.timeline.output().split('\n')) {
          if (line.includes('Fan-out')) log(`timeline: ${line.slice(0, 500)}`);
        }
      }
    },
    20 * 60_000,
  );
});
