import { Inject, Injectable, Logger } from '@nestjs/common';
import { RpcClient } from '@wave/rpc';
import type { RecommendationsConfig } from '../config/recommendations.config';
import { RECOMMENDATIONS_CONFIG } from '../config/recommendations.config';

const timeoutAfter = (ms: number): Promise<never> =>
  new Promise((_, reject) => {
    setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref();
  });

/**
 * Asks the owners, as a list is read, whom the member follows and which communities they are
 * in among the people and communities on it: the service's own projection hears of a follow or
 * a join a moment later (through the queue), and a suggestion followed a moment ago must not
 * come back. The projection is what the list was built from; this only closes that gap. When an
 * owner does not answer in OWNER_CHECK_TIMEOUT_MS, the projection decides alone (a warning is
 * logged): the list is still right but for the last moment's follows.
 */
@Injectable()
export class OwnersCheckService {
  private readonly logger = new Logger(OwnersCheckService.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(RECOMMENDATIONS_CONFIG) private readonly config: RecommendationsConfig,
  ) {}

  async followedAmong(userId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    return this.ask('identity.followed-among', async () => {
      const answer = await this.rpc.call('identity.followed-among', {
        followerId: userId,
        ids: [...ids],
      });
      return answer.followed;
    });
  }

  async joinedAmong(userId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    return this.ask('communities.joined-among', async () => {
      const answer = await this.rpc.call('communities.joined-among', { userId, ids: [...ids] });
      return answer.joined;
    });
  }

  private async ask(call: string, work: () => Promise<string[]>): Promise<Set<string>> {
    try {
      const ids = await Promise.race([work(), timeoutAfter(this.config.OWNER_CHECK_TIMEOUT_MS)]);
      return new Set(ids.map((id) => id.toLowerCase()));
    } catch (error) {
      this.logger.warn(
        `${call}: ${error instanceof Error ? error.message : String(error)}; the list relies on the projection`,
      );
      return new Set();
    }
  }
}
