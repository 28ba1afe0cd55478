import { NestFactory } from '@nestjs/core';
import type { DemoMember, SeedOptions } from '@wave/demo-data';
import {
  DEMO_PASSWORD,
  chunksOf,
  forEachConcurrently,
  generateDemoData,
  MediaUploader,
  renderDemoPicture,
} from '@wave/demo-data';
import { OutboxRelay } from '@wave/messaging';
import { AppModule } from '../app.module';
import { identityService } from '../service';
import { AuthService } from '../auth/auth.service';
import { PasswordHasher } from '../auth/password-hasher';
import type { IdentityConfig } from '../config/identity.config';
import { FollowsRepository } from '../follows/follows.repository';
import { FollowsService } from '../follows/follows.service';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { OnePasswordHasher } from './one-password-hasher';

/** Sign-ups and uploads in flight at once (two cores: PostgreSQL and media share them). */
const CONCURRENCY = 8;
/** Follows added in one transaction (`FollowsService.followMany`). */
const FOLLOWS_PER_WRITE = 200;

export interface IdentitySeedResult {
  members: number;
  follows: number;
}

/**
 * Identity's part of the demo community (`@wave/demo-data`): the members,
 * signed up through AuthService on the day they joined, their profiles, their
 * generated avatars and covers (uploaded to media as the web app uploads
 * them, then set through UsersService, which claims them), and the follow
 * graph through FollowsService, each follow on its day, two hundred at a time
 * (`followMany`). Every write sends its
 * events as any other would; they are relayed before the seed ends.
 *
 * Skipped when the last member and the last follow exist (the seed ran). An
 * existing member (the founders of an earlier, smaller seed) is kept as they
 * are, given the pictures they lack. Media must be running.
 */
export async function seedIdentity(
  config: IdentityConfig,
  options: SeedOptions,
): Promise<IdentitySeedResult> {
  const data = generateDemoData(options.size, options.now ?? new Date());
  const app = await NestFactory.createApplicationContext(
    identityService.rootModule(
      config,
      AppModule.register(config, [{ provide: PasswordHasher, useClass: OnePasswordHasher }]),
    ),
    { logger: ['error', 'warn'] },
  );
  await app.init();
  try {
    const users = app.get(UsersRepository);
    const follows = app.get(FollowsRepository);
    const lastMember = data.members.at(-1);
    const lastFollow = data.follows.at(-1);
    if (lastMember && lastFollow && (await users.findByUsername(lastMember.username))) {
      const [from, to] = await Promise.all([
        users.findByUsername(lastFollow.follower),
        users.findByUsername(lastFollow.followee),
      ]);
      if (from && to && (await follows.isFollowing(from.id, to.id))) {
        return { members: 0, follows: 0 };
      }
    }

    const auth = app.get(AuthService);
    const profiles = app.get(UsersService);
    const uploader = new MediaUploader({
      mediaUrl: config.MEDIA_URL,
      secret: config.INTERNAL_AUTH_SECRET,
    });
    const ids = new Map<string, string>();
    let members = 0;
    const signUp = async (member: DemoMember): Promise<UserEntity | null> => {
      const existing = await users.findByUsername(member.username);
      if (existing) return existing;
      const { user, token } = await auth.register(
        {
          username: member.username,
          displayName: member.displayName,
          email: member.email,
          password: DEMO_PASSWORD,
        },
        member.joinedAt,
      );
      // A sign-up signs in; the seed has no use for the session.
      await auth.logout(token);
      await profiles.updateProfile(user.id, {
        bio: member.bio,
        ...(member.firstName ? { firstName: member.firstName } : {}),
        ...(member.lastName ? { lastName: member.lastName } : {}),
      });
      members += 1;
      return users.findById(user.id);
    };
    const accounts = new Map<DemoMember, UserEntity>();
    await forEachConcurrently(
      data.members,
      CONCURRENCY,
      async (member) => {
        const user = await signUp(member);
        if (!user) return;
        ids.set(member.username, user.id);
        accounts.set(member, user);
      },
      { label: 'members', progress: options.progress },
    );

    // Pictures (drawn here, re-encoded by media) and follows (PostgreSQL) side by side.
    const pictures = async ([member, user]: [DemoMember, UserEntity]): Promise<void> => {
      if (!user.profileImageUrl) {
        const path = await uploader.upload(user.id, await renderDemoPicture(member.avatar));
        await profiles.updateProfileImage(user.id, path, 'profile');
      }
      if (!user.coverImageUrl) {
        const path = await uploader.upload(user.id, await renderDemoPicture(member.cover));
        await profiles.updateProfileImage(user.id, path, 'cover');
      }
    };
    const graph = app.get(FollowsService);
    const edgesOf = (edges: typeof data.follows) =>
      edges.flatMap((edge) => {
        const followerId = ids.get(edge.follower);
        const followeeId = ids.get(edge.followee);
        return followerId && followeeId ? [{ followerId, followeeId, at: edge.at }] : [];
      });
    await Promise.all([
      forEachConcurrently([...accounts], CONCURRENCY / 2, pictures, {
        label: 'pictures',
        progress: options.progress,
      }),
      // The last follow after everything else: it marks the seed as done.
      forEachConcurrently(
        chunksOf(data.follows.slice(0, -1), FOLLOWS_PER_WRITE),
        1,
        async (batch) => {
          await graph.followMany(edgesOf(batch));
        },
        { label: 'follows', progress: options.progress, sizeOf: (batch) => batch.length },
      ),
    ]);
    if (lastFollow) await graph.followMany(edgesOf([lastFollow]));
    await app.get(OutboxRelay).flush();
    return { members, follows: data.follows.length };
  } finally {
    await app.close();
  }
}
