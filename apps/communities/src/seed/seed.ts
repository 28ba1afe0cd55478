import { NestFactory } from '@nestjs/core';
import type { DemoCommunity, DemoCommunityPost, SeedOptions } from '@wave/demo-data';
import {
  DEMO_ACCOUNTS,
  forEachConcurrently,
  generateDemoData,
  MediaUploader,
  renderDemoPicture,
} from '@wave/demo-data';
import { OutboxRelay } from '@wave/messaging';
import { awaitProjectedUsers } from '@wave/service-runtime';
import { AuthorsRepository } from '../authors/authors.repository';
import { CommunitiesRepository } from '../communities/communities.repository';
import { CommunitiesService } from '../communities/communities.service';
import type { CommunitiesConfig } from '../config/communities.config';
import { PostsService } from '../posts/posts.service';
import { communitiesService } from '../service';

/** Writes in flight at once (two cores: PostgreSQL and media share them). */
const CONCURRENCY = 8;
/** How long the members may take to reach the authors projection, per member. */
const PROJECTION_WAIT_MS_PER_MEMBER = 200;

export interface CommunitiesSeedResult {
  communities: number;
  members: number;
  posts: number;
  comments: number;
}

/**
 * Communities' part of the demo community (`@wave/demo-data`): the fifteen
 * communities of the catalogue, each made by its owner with a generated icon,
 * then their members joining (a private one's approved by the owner), then
 * their posts (some with a picture), comments and likes, each on its date,
 * all through CommunitiesService and PostsService, whose events are relayed
 * before the seed ends. Pictures are uploaded to media as their authors.
 * It waits for the members to reach the authors projection.
 *
 * A community whose name exists is left as it is (an earlier seed made it),
 * though its new members and posts are added; the whole seed is skipped when
 * the member who joined a community last (not a founder) belongs to it.
 * Media must be running.
 */
export async function seedCommunities(
  config: CommunitiesConfig,
  options: SeedOptions,
): Promise<CommunitiesSeedResult> {
  const data = generateDemoData(options.size, options.now ?? new Date());
  const app = await NestFactory.createApplicationContext(communitiesService.rootModule(config), {
    logger: ['error', 'warn'],
  });
  await app.init();
  try {
    const authors = app.get(AuthorsRepository);
    const repository = app.get(CommunitiesRepository);
    const communities = app.get(CommunitiesService);
    const posts = app.get(PostsService);
    const none: CommunitiesSeedResult = { communities: 0, members: 0, posts: 0, comments: 0 };

    const ids = await awaitProjectedUsers(
      data.members.map((member) => member.username),
      (username) => authors.findByUsername(username),
      Math.max(20_000, data.members.length * PROJECTION_WAIT_MS_PER_MEMBER),
    );
    if (!ids) return none;
    if (await seededAlready(data.communities, ids, repository)) return none;

    const uploader = new MediaUploader({
      mediaUrl: config.MEDIA_URL,
      secret: config.INTERNAL_AUTH_SECRET,
    });
    const communityIds = new Map<DemoCommunity, string>();
    let created = 0;
    for (const community of data.communities) {
      const ownerId = ids.get(community.owner);
      if (!ownerId) continue;
      const existing = await repository.findIdByName(community.name);
      if (existing) {
        communityIds.set(community, existing);
        continue;
      }
      const iconUrl = await uploader.upload(ownerId, await renderDemoPicture(community.icon));
      const detail = await communities.create(
        ownerId,
        {
          name: community.name,
          description: community.description,
          category: community.category,
          isPrivate: community.isPrivate,
          rules: community.rules,
          iconUrl,
        },
        community.createdAt,
      );
      communityIds.set(community, detail.id);
      created += 1;
    }

    const memberships = data.communities.flatMap((community) =>
      community.members.map((member) => ({ community, ...member })),
    );
    await forEachConcurrently(
      memberships,
      CONCURRENCY,
      async ({ community, username, at }) => {
        const id = communityIds.get(community);
        const userId = ids.get(username);
        const ownerId = ids.get(community.owner);
        if (!id || !userId || !ownerId) return;
        const joined = await communities.join(userId, id, at);
        if (joined.status === 'requested') await communities.approve(ownerId, id, userId, at);
      },
      { label: 'memberships', progress: options.progress },
    );

    const written = data.communities.flatMap((community) =>
      community.posts.map((post) => ({ community, post })),
    );
    const write = async (communityId: string, post: DemoCommunityPost): Promise<void> => {
      const authorId = ids.get(post.author);
      if (!authorId) return;
      const mediaUrls = post.picture
        ? [await uploader.upload(authorId, await renderDemoPicture(post.picture))]
        : [];
      const { id } = await posts.create(
        authorId,
        communityId,
        { content: post.content, mediaUrls },
        post.at,
      );
      for (const comment of post.comments) {
        const commenterId = ids.get(comment.author);
        if (commenterId) await posts.comment(commenterId, id, comment.content, comment.at);
      }
      for (const like of post.likes) {
        const userId = ids.get(like.username);
        if (userId) await posts.like(userId, id, true, like.at);
      }
    };
    await forEachConcurrently(
      written,
      CONCURRENCY,
      async ({ community, post }) => {
        const communityId = communityIds.get(community);
        if (communityId) await write(communityId, post);
      },
      { label: 'community posts', progress: options.progress },
    );
    await app.get(OutboxRelay).flush();
    return {
      communities: created,
      members: memberships.length,
      posts: written.length,
      comments: written.reduce((sum, { post }) => sum + post.comments.length, 0),
    };
  } finally {
    await app.close();
  }
}

/** Whether the member who joined a community last (not a founder) belongs to it. */
async function seededAlready(
  catalogue: readonly DemoCommunity[],
  ids: ReadonlyMap<string, string>,
  repository: CommunitiesRepository,
): Promise<boolean> {
  const founders = new Set<string>(DEMO_ACCOUNTS.map((account) => account.username));
  const last = catalogue
    .flatMap((community) => community.members.map((member) => ({ community, ...member })))
    .filter((membership) => !founders.has(membership.username))
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  if (!last) return false;
  const communityId = await repository.findIdByName(last.community.name);
  const userId = ids.get(last.username);
  return Boolean(communityId && userId && (await repository.roleOf(communityId, userId)) !== null);
}
