import { Injectable } from '@nestjs/common';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords of public breach corpora: the list zxcvbn-ts ships
 * (`@zxcvbn-ts/language-common`, MIT, about 49,000 entries). Read once, when
 * identity starts, into a set of lowercase entries; a password is compared
 * whatever its case ("PassWord123" is as guessable as "password123").
 */
@Injectable()
export class CommonPasswords {
  private readonly passwords: ReadonlySet<string> = new Set(
    dictionary['passwords-common'].map((password) => password.toLowerCase()),
  );

  get size(): number {
    return this.passwords.size;
  }

  has(password: string): boolean {
    return this.passwords.has(password.toLowerCase());
  }
}
