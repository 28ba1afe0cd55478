import { NestFactory } from '@nestjs/core';
import { awaitProjectedUsers } from '@wave/service-runtime';
import { AppModule } from '../app.module';
import { AuthorsRepository } from '../authors/authors.repository';
import { CommunitiesRepository } from '../communities/communities.repository';
import { CommunitiesService } from '../communities/communities.service';
import type { CommunitiesConfig } from '../config/communities.config';
import { PostsService } from '../posts/posts.service';
import { DEMO_COMMUNITIES } from './demo-communities.constant';

/**
 * Creates the demo catalogue through the service (so events happen as for any
 * community), once the demo accounts have reached the authors projection from
 * identity's events. Safe to run again: a community whose name exists is left
 * alone. Returns how many communities it created.
 */
export async function seedCommunities(config: CommunitiesConfig): Promise<number> {
  const app = await NestFactory.createApplicationContext(AppModule.register(config), {
    logger: ['error', 'warn'],
  });
  await app.init();
  try {
    const authors = app.get(AuthorsRepository);
    const repository = app.get(CommunitiesRepository);
    const communities = app.get(CommunitiesService);
    const posts = app.get(PostsService);

    const ids = await awaitProjectedUsers(
      DEMO_COMMUNITIES.flatMap((community) => [community.owner, ...community.members]),
      (username) => authors.findByUsername(username),
    );
    if (!ids) return 0;

    let created = 0;
    for (const demo of DEMO_COMMUNITIES) {
      const ownerId = ids.get(demo.owner);
      if (!ownerId || (await repository.findIdByName(demo.name))) continue;
      const community = await communities.create(ownerId, {
        name: demo.name,
        description: demo.description,
        category: demo.category,
        isPrivate: demo.isPrivate ?? false,
        rules: demo.rules,
      });
      for (const username of demo.members) {
        const userId = ids.get(username);
        if (!userId) continue;
        const joined = await communities.join(userId, community.id);
        if (joined.status === 'requested') await communities.approve(ownerId, community.id, userId);
      }
      for (const post of demo.posts) {
        const authorId = ids.get(post.username);
        if (authorId)
          await posts.create(authorId, community.id, { content: post.content, mediaUrls: [] });
      }
      created += 1;
    }
    return created;
  } finally {
    await app.close();
  }
}
