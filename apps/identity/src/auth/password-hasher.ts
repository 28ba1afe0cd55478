import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import type { IdentityConfig } from '../config/identity.config';
import { IDENTITY_CONFIG } from '../config/identity.config';

/** argon2id with the configured cost (OWASP's 19 MiB and 2 passes by default). */
@Injectable()
export class PasswordHasher {
  private readonly options: argon2.HashOptions;
  private dummyHash: Promise<string> | null = null;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.options = {
      type: argon2.argon2id,
      memoryCost: config.ARGON2_MEMORY_KIB,
      timeCost: config.ARGON2_TIME_COST,
      parallelism: 1,
    };
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { ...this.options, raw: false });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(await this.dummyHash, password);
    return false;
  }

  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, this.options);
    } catch {
      return true;
    }
  }
}
