import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { AuthService } from '../auth/auth.service';
import type { IdentityConfig } from '../config/identity.config';
import { FollowsService } from '../follows/follows.service';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { DEMO_ACCOUNTS, DEMO_FOLLOWS, DEMO_PASSWORD, demoEmail } from './demo-accounts.constant';

/**
 * Adds the demo accounts and their follows through the services themselves, so
 * the events go out as for any sign-up. Safe to run again: existing accounts are
 * left alone. Returns how many accounts it created.
 */
export async function seedIdentity(config: IdentityConfig): Promise<number> {
  const app = await NestFactory.createApplicationContext(AppModule.register(config), {
    logger: ['error', 'warn'],
  });
  await app.init();
  try {
    const users = app.get(UsersRepository);
    const auth = app.get(AuthService);
    const profiles = app.get(UsersService);
    const follows = app.get(FollowsService);
    let created = 0;
    const ids = new Map<string, string>();
    for (const account of DEMO_ACCOUNTS) {
      const existing = await users.findByUsername(account.username);
      if (existing) {
        ids.set(account.username, existing.id);
        continue;
      }
      const { user } = await auth.register({
        username: account.username,
        displayName: account.displayName,
        email: demoEmail(account.username),
        password: DEMO_PASSWORD,
      });
      await profiles.updateProfile(user.id, { bio: account.bio });
      ids.set(account.username, user.id);
      created += 1;
    }
    for (const [from, to] of DEMO_FOLLOWS) {
      const followerId = ids.get(from);
      const followeeId = ids.get(to);
      if (followerId && followeeId) await follows.follow(followerId, followeeId);
    }
    return created;
  } finally {
    await app.close();
  }
}
