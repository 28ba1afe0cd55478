import { Inject, Injectable, Logger } from '@nestjs/common';
import { rpcSchemas } from '@wave/contracts';
import { RpcClient } from '@wave/rpc';
import type { SearchEngine } from '../engine/search-engine';
import { SEARCH_ENGINE } from '../engine/search-engine';
import type { ReindexRun, ReindexSource } from './reindex-runs.repository';
import { REINDEX_SOURCES, ReindexRunsRepository } from './reindex-runs.repository';

export interface ReindexOptions {
  /** Empty the index and forget the saved cursors first. */
  fresh: boolean;
  /** Rows per page (at most RPC_PAGE_LIMIT_MAX). */
  pageSize: number;
  /** Stop (resumably) after this many pages in this run; null for no limit. */
  maxPages: number | null;
}

export type ReindexOutcome =
  /** Every source was read to its end. */
  | { status: 'finished'; runs: ReindexRun[] }
  /** Stopped at `maxPages`; running again continues from the saved cursors. */
  | { status: 'paused'; runs: ReindexRun[] }
  /** A previous run had finished and nothing was asked to start over (`fresh`). */
  | { status: 'already-finished'; runs: ReindexRun[] }
  /** Another reindex holds the lock. */
  | { status: 'busy'; runs: [] };

/** One page read from an owner and written to the engine. */
interface PageWritten {
  items: number;
  next: unknown;
}

/** Attempts per page: an owner restarting or a deadlock with a live event is worth a retry. */
const PAGE_ATTEMPTS = 3;
const RETRY_DELAY_MS = 1_000;
/** Progress lines at most this often (and at the end of each source). */
const PROGRESS_INTERVAL_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const usersCursor = rpcSchemas['identity.users-page'].request.shape.after.unwrap().nullable();
const followsCursor = rpcSchemas['identity.follows-page'].request.shape.after.unwrap().nullable();
const tweetsCursor = rpcSchemas['timeline.tweets-page'].request.shape.after.unwrap().nullable();

/**
 * Rebuilds the index from the owners: every user and follow from identity,
 * every tweet from timeline, a page at a time over RPC, each page written
 * through the engine's bulk writes. The cursor is saved after every page, so
 * an interrupted run continues where it stopped; a page written again (the
 * process died between the write and the save) changes nothing, since the
 * bulk writes are idempotent. Events keep flowing meanwhile and apply by the
 * same rules (versions, tombstones).
 */
@Injectable()
export class Reindexer {
  private readonly logger = new Logger(Reindexer.name);

  private readonly sources: Record<
    ReindexSource,
    (after: unknown, limit: number) => Promise<PageWritten>
  > = {
    users: async (after, limit) => {
      const cursor = usersCursor.parse(after);
      const page = await this.rpc.call('identity.users-page', {
        ...(cursor ? { after: cursor } : {}),
        limit,
      });
      await this.engine.indexUsers(page.items);
      return { items: page.items.length, next: page.next };
    },
    follows: async (after, limit) => {
      const cursor = followsCursor.parse(after);
      const page = await this.rpc.call('identity.follows-page', {
        ...(cursor ? { after: cursor } : {}),
        limit,
      });
      await this.engine.indexFollows(
        page.items.map((follow) => ({ ...follow, createdAt: new Date(follow.createdAt) })),
      );
      return { items: page.items.length, next: page.next };
    },
    posts: async (after, limit) => {
      const cursor = tweetsCursor.parse(after);
      const page = await this.rpc.call('timeline.tweets-page', {
        ...(cursor ? { after: cursor } : {}),
        limit,
      });
      await this.engine.indexPosts(
        page.items.map((tweet) => ({
          id: tweet.id,
          authorId: tweet.authorId,
          content: tweet.content,
          hashtags: tweet.hashtags,
          createdAt: new Date(tweet.createdAt),
          editedAt: tweet.editedAt ? new Date(tweet.editedAt) : null,
        })),
      );
      return { items: page.items.length, next: page.next };
    },
  };

  constructor(
    private readonly rpc: RpcClient,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly runs: ReindexRunsRepository,
  ) {}

  async run(options: ReindexOptions): Promise<ReindexOutcome> {
    const outcome = await this.runs.exclusively(() => this.runAlone(options));
    return outcome ?? { status: 'busy', runs: [] };
  }

  private async runAlone(options: ReindexOptions): Promise<ReindexOutcome> {
    if (options.fresh) {
      // Cursors first: interrupted in between, the next run starts over rather than skip.
      await this.runs.forget();
      await this.engine.clear();
      this.logger.log('Fresh reindex: the index and the saved cursors were cleared');
    }
    const saved = await this.runs.all();
    if (REINDEX_SOURCES.every((source) => saved.get(source)?.finishedAt)) {
      return {
        status: 'already-finished',
        runs: REINDEX_SOURCES.flatMap((s) => saved.get(s) ?? []),
      };
    }
    let budget = options.maxPages ?? Number.POSITIVE_INFINITY;
    const done: ReindexRun[] = [];
    for (const source of REINDEX_SOURCES) {
      let run = saved.get(source) ?? (await this.runs.begin(source, new Date()));
      if (run.pages > 0 && !run.finishedAt) {
        this.logger.log(`Resuming ${source} after ${run.pages} pages (${run.items} items)`);
      }
      const started = Date.now();
      let itemsNow = 0;
      let loggedAt = 0;
      while (!run.finishedAt) {
        if (budget <= 0) {
          this.logger.log(
            `Paused at ${source} page ${run.pages + 1} (--max-pages ${options.maxPages}); run again to continue`,
          );
          return { status: 'paused', runs: [...done, run] };
        }
        const page = await this.page(source, run.cursor, options.pageSize);
        run = await this.runs.pageWritten(source, page.next, page.items, new Date());
        budget -= 1;
        itemsNow += page.items;
        if (run.finishedAt || Date.now() - loggedAt >= PROGRESS_INTERVAL_MS) {
          loggedAt = Date.now();
          const seconds = Math.max((loggedAt - started) / 1000, 0.001);
          this.logger.log(
            `${run.finishedAt ? 'Reindexed' : 'Reindexing'} ${source}: ${run.pages} pages, ` +
              `${run.items} items, ${Math.round(itemsNow / seconds)} items/s`,
          );
        }
      }
      done.push(run);
    }
    return { status: 'finished', runs: done };
  }

  /** Reads and writes one page, retrying a failure a few times (both are idempotent). */
  private async page(source: ReindexSource, after: unknown, limit: number): Promise<PageWritten> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.sources[source](after, limit);
      } catch (error) {
        if (attempt >= PAGE_ATTEMPTS) throw error;
        this.logger.warn(
          `A ${source} page failed (attempt ${attempt} of ${PAGE_ATTEMPTS}), trying again: ` +
            (error instanceof Error ? error.message : String(error)),
        );
        await sleep(RETRY_DELAY_MS * attempt);
      }
    }
  }
}
