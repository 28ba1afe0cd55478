import { Redis } from 'ioredis';
import type { DataSourceOptions } from 'typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { parseCommandOptions, wholeNumberOption } from '@wave/config';
import { REPLAYABLE_CONSUMERS } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { EventQueues } from './event-queues';
import type { ReplayOptions, ReplayOutcome, ReplaySource } from './replay';
import { Replayer } from './replay';

export const DEFAULT_REPLAY_PAGE_SIZE = 500;
const MAX_REPLAY_PAGE_SIZE = 5_000;

const USAGE = `usage: replay --to ${REPLAYABLE_CONSUMERS.join('|')} [--fresh] [--page-size 1-${MAX_REPLAY_PAGE_SIZE}] [--max-pages N]`;

const optionsSchema = z.object({
  to: z.enum(REPLAYABLE_CONSUMERS, {
    error: `--to must be one of ${REPLAYABLE_CONSUMERS.join(', ')} (the projections a replay rebuilds)`,
  }),
  fresh: z.boolean().default(false),
  pageSize: wholeNumberOption('--page-size', MAX_REPLAY_PAGE_SIZE).default(
    DEFAULT_REPLAY_PAGE_SIZE,
  ),
  maxPages: wholeNumberOption('--max-pages', Number.MAX_SAFE_INTEGER).nullable().default(null),
});

/** The options of `node main.js replay …` (the words after the command). */
export const parseReplayArguments = (args: string[]): ReplayOptions =>
  parseCommandOptions(
    args,
    {
      to: { type: 'string' },
      fresh: { type: 'boolean' },
      'page-size': { type: 'string' },
      'max-pages': { type: 'string' },
    },
    optionsSchema,
    USAGE,
  );

/** What `replay` prints when it ends. */
export function describeReplay(outcome: ReplayOutcome): string {
  const counts = outcome.sources.map(({ source, events }) => `${events} events of ${source}`);
  switch (outcome.status) {
    case 'finished':
      return `replayed ${counts.join(', ') || 'nothing (the consumer takes none of these events)'}`;
    case 'paused':
      return `paused after ${counts.join(', ')}: run it again to go on`;
    case 'busy': {
      // An error (the command exits with 1): a Job or a script must not take it for done.
      const error = new Error('another replay of these rows to this consumer is running');
      error.name = 'UsageError';
      throw error;
    }
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
