import { Injectable } from '@nestjs/common';
import { PasswordHasher } from '../auth/password-hasher';

/**
 * The demo seed's hasher, and only the seed's (it replaces PasswordHasher in
 * the seed's application context alone): every demo member has the same
 * password, so it is hashed once, with the configured argon2id cost, and the
 * hash is reused. Hundreds of sign-ups then take milliseconds, and sign-in
 * verifies them as any other hash.
 */
@Injectable()
export class OnePasswordHasher extends PasswordHasher {
  private readonly hashes = new Map<string, Promise<string>>();

  override hash(password: string): Promise<string> {
    let hash = this.hashes.get(password);
    if (!hash) {
      hash = super.hash(password);
      this.hashes.set(password, hash);
    }
    return hash;
  }
}
