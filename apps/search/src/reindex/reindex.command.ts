import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { z } from 'zod';
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
const usageError = (message: string): Error => plainError(`${message}\n${USAGE}`);

const whole = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(1, { error: `${name} must be at least 1` })
    .max(max, { error: `${name} must be at most ${max}` });

const optionsSchema = z.object({
  fresh: z.boolean().default(false),
  pageSize: whole('--page-size', RPC_PAGE_LIMIT_MAX).default(DEFAULT_REINDEX_PAGE_SIZE),
  maxPages: whole('--max-pages', Number.MAX_SAFE_INTEGER).nullable().default(null),
});

/** The options of `node main.js reindex …` (the words after the command). */
export function parseReindexArguments(args: string[]): ReindexOptions {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
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
    fresh: values['fresh'],
    pageSize: values['page-size'],
    maxPages: values['max-pages'],
  });
  if (!parsed.success) throw usageError(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

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
