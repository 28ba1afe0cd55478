import { Inject, Injectable } from '@nestjs/common';
import type { RpcRequest, RpcResponse } from '@wave/contracts';
import { keysetPage, RpcEndpoint } from '@wave/rpc';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import { extractHashtags } from '../tweets/text-entities.util';
import { TweetsRepository } from '../tweets/tweets.repository';

/**
 * Timeline's answers to other services: every tweet, a page at a time in id
 * order, for projections rebuilt from scratch (search's reindex). A page asks
 * for one row more than it returns, so `next` is null exactly after the last.
 * And which tweets exist, for media's check of the claims on their images.
 */
@Injectable()
export class TimelineRpcServer extends RpcEndpoint {
  constructor(
    @Inject(TIMELINE_CONFIG) config: TimelineConfig,
    private readonly tweets: TweetsRepository,
  ) {
    super({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX });
    this.server.handle('timeline.tweets-page', (request) => this.tweetsPage(request));
    this.server.handle('timeline.tweets-exist', async ({ ids }) => ({
      existing: await this.tweets.existingIds(ids),
    }));
  }

  private async tweetsPage({
    after,
    limit,
  }: RpcRequest<'timeline.tweets-page'>): Promise<RpcResponse<'timeline.tweets-page'>> {
    const page = keysetPage(
      await this.tweets.pageById(after ?? null, limit + 1),
      limit,
      (tweet) => tweet.id,
    );
    return {
      items: page.rows.map((tweet) => ({
        // As tweet.created and tweet.updated describe it: hashtags from the current text.
        id: tweet.id,
        authorId: tweet.authorId,
        content: tweet.content,
        hashtags: extractHashtags(tweet.content),
        createdAt: tweet.createdAt.toISOString(),
        editedAt: tweet.editedAt?.toISOString() ?? null,
      })),
      next: page.next,
    };
  }
}
