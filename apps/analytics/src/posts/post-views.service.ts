import { Injectable } from '@nestjs/common';
import type { PostViewsResponse } from '@wave/contracts';
import { PostsRepository } from './posts.repository';

/** The view counts tweet cards and the post page show. */
@Injectable()
export class PostViewsService {
  constructor(private readonly posts: PostsRepository) {}

  /**
   * Views of each post named: 0 for a post without a counted view yet (or not heard of yet:
   * its `tweet.created` may still be on its way), nothing for a deleted one.
   */
  async viewsOf(ids: string[]): Promise<PostViewsResponse> {
    const rows = new Map((await this.posts.viewCounts(ids)).map((row) => [row.id, row]));
    const views: Record<string, number> = {};
    for (const id of ids) {
      const row = rows.get(id);
      if (!row?.deleted) views[id] = row?.views ?? 0;
    }
    return { views };
  }
}
