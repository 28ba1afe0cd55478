import { NestFactory } from '@nestjs/core';
import type { DemoPost, SeedOptions } from '@wave/demo-data';
import {
  chunksOf,
  forEachConcurrently,
  generateDemoData,
  renderDemoPicture,
  roundsByDepth,
} from '@wave/demo-data';
import { OutboxRelay } from '@wave/messaging';
import { awaitProjectedUsers } from '@wave/service-runtime';
import { AuthorsRepository } from '../authors/authors.repository';
import type { TimelineConfig } from '../config/timeline.config';
import { timelineService } from '../service';
import { TweetsRepository } from '../tweets/tweets.repository';
import type { NewPost } from '../tweets/tweets.service';
import { TweetsService } from '../tweets/tweets.service';

/** Posts and replies written in one transaction (`TweetsService.createMany`). */
const POSTS_PER_WRITE = 50;
/** Likes and retweets added in one transaction (`TweetsService.addInteractions`). */
const INTERACTIONS_PER_WRITE = 200;
/** Writes in flight at once (two cores: PostgreSQL and media share them). */
const CONCURRENCY = 2;
/** How long the members may take to reach the authors projection, per member. */
const PROJECTION_WAIT_MS_PER_MEMBER = 200;

export interface TimelineSeedResult {
  posts: number;
  likes: number;
  retweets: number;
}

/**
 * Timeline's part of the demo community (`@wave/demo-data`): the posts and
 * replies of the last thirty days, each on its own date, written through
 * TweetsService fifty at a time (`createMany`, the code `create` and `reply`
 * run; a picture goes as an inline image, which TweetsService uploads to media
 * and claims), then the likes and retweets, each on its date, two hundred at a
 * time (`addInteractions`). Events and fan-out happen as for any post; the
 * events are relayed before the seed ends. It waits for the members to reach
 * the authors projection (from identity's events).
 *
 * Skipped when the most prolific member of the generated community (not a
 * founder, whom an earlier seed may have had post) has posts. Media must be
 * running.
 */
export async function seedTimeline(
  config: TimelineConfig,
  options: SeedOptions,
): Promise<TimelineSeedResult> {
  const data = generateDemoData(options.size, options.now ?? new Date());
  const app = await NestFactory.createApplicationContext(timelineService.rootModule(config), {
    logger: ['error', 'warn'],
  });
  await app.init();
  try {
    const authors = app.get(AuthorsRepository);
    const tweets = app.get(TweetsRepository);
    const service = app.get(TweetsService);
    const none: TimelineSeedResult = { posts: 0, likes: 0, retweets: 0 };

    const ids = await awaitProjectedUsers(
      data.members.map((member) => member.username),
      (username) => authors.findByUsername(username),
      Math.max(20_000, data.members.length * PROJECTION_WAIT_MS_PER_MEMBER),
    );
    if (!ids) return none;
    const marker = ids.get(mostProlificMember(data.posts, data.members) ?? '');
    if (!marker || (await tweets.postIds(marker, 1, null)).length > 0) return none;

    // Rounds by depth (the posts, then the replies to them, then the replies to those...), each
    // in time order and written POSTS_PER_WRITE at a time: a reply's parent has its id by then.
    const created = new Map<number, string>();
    for (const [depth, round] of roundsByDepth(data.posts).entries()) {
      await forEachConcurrently(
        chunksOf(round, POSTS_PER_WRITE),
        CONCURRENCY,
        async (chunk) => {
          const posts = (await Promise.all(chunk.map(toNewPost))).filter(
            (post): post is { index: number; post: NewPost } => post !== null,
          );
          const newIds = await service.createMany(posts.map(({ post }) => post));
          posts.forEach(({ index }, at) => created.set(index, newIds[at]!));
        },
        {
          label: depth === 0 ? 'posts' : `replies (depth ${depth})`,
          progress: options.progress,
          sizeOf: (chunk) => chunk.length,
        },
      );
    }
    async function toNewPost(index: number): Promise<{ index: number; post: NewPost } | null> {
      const post = data.posts[index]!;
      const authorId = ids?.get(post.author);
      if (!authorId) return null;
      if (post.parent !== null) {
        const parentId = created.get(post.parent);
        if (!parentId) return null;
        return {
          index,
          post: { authorId, parentId, request: { content: post.content }, at: post.at },
        };
      }
      const picture = post.picture ? await renderDemoPicture(post.picture) : null;
      const imageUrl = picture
        ? `data:${picture.contentType};base64,${picture.data.toString('base64')}`
        : undefined;
      return {
        index,
        post: { authorId, request: { content: post.content, imageUrl }, at: post.at },
      };
    }

    const interactions = data.posts
      .flatMap((post, index) => [
        ...post.likes.map((like) => ({ ...like, index, kind: 'like' as const })),
        ...post.retweets.map((retweet) => ({ ...retweet, index, kind: 'retweet' as const })),
      ])
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    await forEachConcurrently(
      chunksOf(interactions, INTERACTIONS_PER_WRITE),
      CONCURRENCY,
      async (chunk) => {
        await service.addInteractions(
          chunk.flatMap((interaction) => {
            const userId = ids.get(interaction.username);
            const tweetId = created.get(interaction.index);
            return userId && tweetId
              ? [{ userId, tweetId, kind: interaction.kind, at: interaction.at }]
              : [];
          }),
        );
      },
      { label: 'likes and retweets', progress: options.progress, sizeOf: (chunk) => chunk.length },
    );
    await app.get(OutboxRelay).flush();
    return {
      posts: data.posts.length,
      likes: interactions.filter((interaction) => interaction.kind === 'like').length,
      retweets: interactions.filter((interaction) => interaction.kind === 'retweet').length,
    };
  } finally {
    await app.close();
  }
}

/** The member, not a founder, with the most posts: the seed's marker. */
function mostProlificMember(
  posts: readonly DemoPost[],
  members: readonly { username: string; founder: boolean }[],
): string | null {
  const founders = new Set(members.filter((m) => m.founder).map((m) => m.username));
  const counts = new Map<string, number>();
  for (const post of posts) {
    if (post.parent === null && !founders.has(post.author))
      counts.set(post.author, (counts.get(post.author) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
