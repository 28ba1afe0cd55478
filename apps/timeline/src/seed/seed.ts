import { NestFactory } from '@nestjs/core';
import { awaitProjectedUsers } from '@wave/service-runtime';
import { AppModule } from '../app.module';
import { AuthorsRepository } from '../authors/authors.repository';
import type { TimelineConfig } from '../config/timeline.config';
import { TweetsRepository } from '../tweets/tweets.repository';
import { TweetsService } from '../tweets/tweets.service';
import { DEMO_LIKES, DEMO_POSTS, DEMO_RETWEETS } from './demo-posts.constant';

/**
 * Writes the demo posts through the service (so events and fan-out happen as
 * for any post), once the demo authors have reached timeline's projection from
 * identity's events. Safe to run again: authors who have posts are left alone.
 * Returns how many posts it wrote.
 */
export async function seedTimeline(config: TimelineConfig): Promise<number> {
  const app = await NestFactory.createApplicationContext(AppModule.register(config), {
    logger: ['error', 'warn'],
  });
  await app.init();
  try {
    const authors = app.get(AuthorsRepository);
    const tweets = app.get(TweetsRepository);
    const service = app.get(TweetsService);

    const ids = await awaitProjectedUsers(
      DEMO_POSTS.map((post) => post.username),
      (username) => authors.findByUsername(username),
    );
    if (!ids) return 0;

    const alreadySeeded = await tweets.postIds([...ids.values()][0] ?? null, 1, null);
    if (alreadySeeded.length > 0) return 0;

    const created: string[] = [];
    for (const post of DEMO_POSTS) {
      const authorId = ids.get(post.username);
      if (!authorId) continue;
      created.push((await service.create(authorId, { content: post.content })).id);
    }
    for (const [username, index] of DEMO_LIKES) {
      const userId = ids.get(username);
      const tweetId = created[index];
      if (userId && tweetId) await service.interact(userId, tweetId, 'like', true);
    }
    for (const [username, index] of DEMO_RETWEETS) {
      const userId = ids.get(username);
      const tweetId = created[index];
      if (userId && tweetId) await service.interact(userId, tweetId, 'retweet', true);
    }
    const first = created[0];
    const grace = ids.get('grace');
    if (first && grace)
      await service.reply(grace, first, 'And it will compose music one day, I am sure of it.');
    return created.length;
  } finally {
    await app.close();
  }
}
