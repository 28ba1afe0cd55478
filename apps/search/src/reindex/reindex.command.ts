import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { z } from 'zod';
import { parseCommandOptions, wholeNumberOption } from '@wave/config';
import { RPC_PAGE_LIMIT_MAX } from '@wave/contracts';
import type { SearchConfig } from '../config/search.config';
import { ReindexModule } from './reindex.module';
import type { ReindexOptions, ReindexOutcome } from './reindexer.service';
import { Reindexer } from './reindexer.service';

export const DEFAULT_REINDEX_PAGE_SIZE = 500;

const USAGE = 'usage: reindex [--fresh] [--page-size 1-1000] [--max-pages N]';

/** An error printed as its message alone (runServiceCommands). */
const plainError = (message: string): Error => {
  const error = new Error(message);
  error.name = 'UsageError';
  return error;
};

const optionsSchema = z.object({
  fresh: z.boolean().default(false),
  pageSize: wholeNumberOption('--page-size', RPC_PAGE_LIMIT_MAX).default(DEFAULT_REINDEX_PAGE_SIZE),
  maxPages: wholeNumberOption('--max-pages', Number.MAX_SAFE_INTEGER).nullable().default(null),
});

/** The options of `node main.js reindex …` (the words after the command). */
export const parseReindexArguments = (args: string[]): ReindexOptions =>
  parseCommandOptions(
    args,
    {
      fresh: { type: 'boolean' },
      'page-size': { type: 'string' },
      'max-pages': { type: 'string' },
    },
    optionsSchema,
    USAGE,
  );

/**
 * Rebuilds the search index from identity and timeline (see Reindexer), in
 * a Nest context of its own with the service's JSON logs.
 */
export async function reindexSearch(
  config: SearchConfig,
  options: ReindexOptions,
): Promise<ReindexOutcome> {
  const app = await NestFactory.createApplicationContext(ReindexModule.register(config), {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  try {
    await app.init();
    return await app.get(Reindexer).run(options);
  } finally {
    await app.close();
  }
}

/** What the command prints at the end. */
export function describeReindex(outcome: ReindexOutcome): string {
  const counts = outcome.runs.map((run) => `${run.items} ${run.source}`).join(', ');
  switch (outcome.status) {
    case 'finished':
      return `reindexed ${counts}`;
    case 'paused':
      return `paused after the page limit (so far ${counts}); run reindex again to continue`;
    case 'already-finished': {
      const at = Math.max(...outcome.runs.map((run) => run.finishedAt?.getTime() ?? 0));
      return (
        `the last reindex finished at ${new Date(at).toISOString()} (${counts}); ` +
        'nothing to do (--fresh rebuilds from scratch)'
      );
    }
    case 'busy':
      throw plainError('another reindex is running (it holds the lock); wait for it to end');
  }
}
