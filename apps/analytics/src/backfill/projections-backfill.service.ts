import { Injectable, Logger } from '@nestjs/common';
import type { RpcResponse } from '@wave/contracts';
import { RpcClient } from '@wave/rpc';
import { EngagementRepository } from '../events/engagement.repository';
import type { BackfillRun, BackfillSource, OwnerPage } from './backfill-runs.repository';
import { BACKFILL_SOURCES, BackfillRunsRepository } from './backfill-runs.repository';

/** The backfill stopped between two pages (analytics is stopping); it continues from `run`. */
export class BackfillStoppedError extends Error {
  constructor(readonly run: BackfillRun) {
    super(`stopped after page ${run.pages} of ${run.source}`);
    this.name = 'BackfillStoppedError';
  }
}

/** Rows asked of an owner per page (one transaction each). */
export const BACKFILL_PAGE_SIZE = 500;

type UserItem = RpcResponse<'identity.users-page'>['items'][number];
type CommunityItem = RpcResponse<'communities.communities-page'>['items'][number];

/**
 * Fills the users and communities projections from their owners (identity, communities)
 * once, for members and communities from before analytics heard their events: a page at a
 * time over RPC, each row applied as its event would be (the highest version wins, so a page
 * and a newer event meet in any order), the cursor saved with each page. Interrupted, it
 * continues from the saved cursor; finished, it does nothing.
 */
@Injectable()
export class ProjectionsBackfillService {
  private readonly logger = new Logger(ProjectionsBackfillService.name);

  private readonly sources: {
    [S in BackfillSource]: {
      read: (after: string | null, limit: number) => Promise<OwnerPage<unknown>>;
      write: Parameters<BackfillRunsRepository['writePage']>[3];
    };
  } = {
    users: {
      read: (after, limit) =>
        this.rpc.call('identity.users-page', { ...(after ? { after } : {}), limit }),
      write: async (manager, items) => {
        for (const user of items as UserItem[]) {
          await this.projections.applyProjections(manager, {
            user: {
              id: user.id,
              username: user.username,
              version: user.version,
              changedAt: new Date(user.updatedAt),
            },
          });
        }
      },
    },
    communities: {
      read: async (after, limit) => {
        // Its owners as of now: a change heard later (an event after the read) wins.
        const readAt = new Date();
        const page = await this.rpc.call('communities.communities-page', {
          ...(after ? { after } : {}),
          limit,
        });
        return { ...page, items: page.items.map((item) => ({ ...item, readAt })) };
      },
      write: async (manager, items) => {
        for (const community of items as (CommunityItem & { readAt: Date })[]) {
          const createdAt = new Date(community.createdAt);
          // The creation names the owner; the settings then win if they are newer than kept.
          const { id, ownerId, name, isPrivate, version } = community;
          await this.projections.applyProjections(manager, {
            communityCreated: { id, ownerId, name, isPrivate, createdAt },
          });
          await this.projections.applyProjections(manager, {
            communityUpdated: {
              id,
              name,
              isPrivate,
              version,
              updatedAt: new Date(community.updatedAt),
            },
          });
          for (const userId of community.ownerIds) {
            await this.projections.applyProjections(manager, {
              communityOwnership: { communityId: id, userId, isOwner: true, at: community.readAt },
            });
          }
        }
      },
    },
  };

  constructor(
    private readonly rpc: RpcClient,
    private readonly runs: BackfillRunsRepository,
    private readonly projections: EngagementRepository,
  ) {}

  /** Whether there is anything left to do. */
  async pending(): Promise<boolean> {
    return !(await this.runs.finished());
  }

  /**
   * Runs every source to its end; throws (keeping what was written) if an owner fails, or
   * BackfillStoppedError between two pages once `stopping` says so (the service is stopping).
   * Each page is read from its owner outside any transaction, then written in a short one.
   */
  async run(
    pageSize = BACKFILL_PAGE_SIZE,
    stopping: () => boolean = () => false,
  ): Promise<BackfillRun[]> {
    const done: BackfillRun[] = [];
    for (const source of BACKFILL_SOURCES) {
      const { read, write } = this.sources[source];
      let run = await this.runs.runOf(source);
      while (!run.finishedAt) {
        if (stopping()) throw new BackfillStoppedError(run);
        const page = await read(run.cursor, pageSize);
        run = await this.runs.writePage(source, run.cursor, page, write);
      }
      this.logger.log(`Backfill of ${source}: ${run.items} rows in ${run.pages} pages`);
      done.push(run);
    }
    return done;
  }
}
