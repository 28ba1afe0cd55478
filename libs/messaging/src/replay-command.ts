import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import type { DataSourceOptions } from 'typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { REPLAYABLE_CONSUMERS } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { EventQueues } from './event-queues';
import type { ReplayOptions, ReplayOutcome, ReplaySource } from './replay';
import { Replayer } from './replay';

export const DEFAULT_REPLAY_PAGE_SIZE = 500;
const MAX_REPLAY_PAGE_SIZE = 5_000;

const USAGE = `usage: replay --to ${REPLAYABLE_CONSUMERS.join('|')} [--fresh] [--page-size 1-${MAX_REPLAY_PAGE_SIZE}] [--max-pages N]`;

/** An error printed as its message alone (runServiceCommands). */
const usageError = (message: string): Error => {
  const error = new Error(`${message}\n${USAGE}`);
  error.name = 'UsageError';
  return error;
};

const whole = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(1, { error: `${name} must be at least 1` })
    .max(max, { error: `${name} must be at most ${max}` });

const optionsSchema = z.object({
  to: z.enum(REPLAYABLE_CONSUMERS, {
    error: `--to must be one of ${REPLAYABLE_CONSUMERS.join(', ')} (the projections a replay rebuilds)`,
  }),
  fresh: z.boolean().default(false),
  pageSize: whole('--page-size', MAX_REPLAY_PAGE_SIZE).default(DEFAULT_REPLAY_PAGE_SIZE),
  maxPages: whole('--max-pages', Number.MAX_SAFE_INTEGER).nullable().default(null),
});

/** The options of `node main.js replay …` (the words after the command). */
export function parseReplayArguments(args: string[]): ReplayOptions {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        to: { type: 'string' },
        fresh: { type: 'boolean' },
        'page-size': { type: 'string' },
        'max-pages': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error));
  }
  const parsed = optionsSchema.safeParse({
    to: values['to'],
    fresh: values['fresh'],
    pageSize: values['page-size'],
    maxPages: values['max-pages'],
  });
  if (!parsed.success) throw usageError(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

/** What `replay` prints when it ends. */
export function describeReplay(outcome: ReplayOutcome): string {
  const counts = outcome.sources.map(({ source, events }) => `${events} events of ${source}`);
  switch (outcome.status) {
    case 'finished':
      return `replayed ${counts.join(', ') || 'nothing (the consumer takes none of these events)'}`;
    case 'paused':
      return `paused after ${counts.join(', ')}: run it again to go on`;
    case 'busy':
      return 'another replay of these rows to this consumer is running';
  }
}

export interface ReplayCommandSetup {
  owner: string;
  dataSourceOptions: DataSourceOptions;
  redisUrl: string;
  redisKeyPrefix: string;
  sources: (dataSource: DataSource) => ReplaySource[];
  log?: (line: string) => void;
}

/** `node main.js replay --to <service>`: an owner's rows to one consumer (`Replayer`). */
export async function runReplay(
  setup: ReplayCommandSetup,
  options: ReplayOptions,
): Promise<ReplayOutcome> {
  const dataSource = new DataSource(setup.dataSourceOptions);
  await dataSource.initialize();
  const redis = new Redis(setup.redisUrl, { keyPrefix: setup.redisKeyPrefix });
  const queues = new EventQueues({
    connection: bullConnection(setup.redisUrl),
    prefix: bullPrefix(setup.redisKeyPrefix),
  });
  const log =
    setup.log ?? ((line: string) => process.stdout.write(`${setup.owner}: replay: ${line}\n`));
  try {
    return await new Replayer(setup.owner, setup.sources(dataSource), queues, redis, log).run(
      options,
    );
  } finally {
    await queues.close();
    redis.disconnect();
    await dataSource.destroy();
  }
}
