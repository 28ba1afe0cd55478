import * as argon2 from 'argon2';
import { Redis } from 'ioredis';
import { SessionStore } from '@wave/sessions';
import { AuthService } from '../src/auth/auth.service';
import { LocalStrategy } from '../src/auth/strategies/local.strategy';
import { IdentityHarness, sessionCookieOf } from './identity-harness';

describe(LocalStrategy.name, () => {
  const harness = new IdentityHarness();
  const password = 'correct horse';
  let userId: string;

  beforeAll(async () => {
    await harness.start('local_sign_in');
    ({ id: userId } = await harness.register('lovelace'));
  });
  afterAll(() => harness.stop());

  const login = (body: unknown, options: { cookie?: string } = {}) =>
    harness.call('POST', '/api/login', { as: null, body, ...options });

  describe('the strategy', () => {
    it('gives the account for the right credentials and null for wrong ones', async () => {
      const sut = harness.app.get(LocalStrategy);
      await expect(sut.validate('lovelace@example.test', password)).resolves.toMatchObject({
        id: userId,
        username: 'lovelace',
      });
      await expect(sut.validate('lovelace@example.test', 'wrong password')).resolves.toBeNull();
      await expect(sut.validate('nobody@example.test', password)).resolves.toBeNull();
    });
  });

  describe('POST /api/login through LocalAuthGuard', () => {
    it('starts a session for the account the strategy found', async () => {
      const response = await login({ email: ' LoveLace@Example.TEST ', password });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ id: userId, email: 'lovelace@example.test' });

      const redis = new Redis(harness.config.REDIS_URL, {
        keyPrefix: harness.config.REDIS_KEY_PREFIX,
      });
      try {
        const token = sessionCookieOf(response).split('=')[1] ?? '';
        await expect(new SessionStore(redis).resolve(token)).resolves.toMatchObject({ userId });
      } finally {
        redis.disconnect();
      }
    });

    it('answers a wrong password and an unknown email alike: 401, no cookie', async () => {
      const wrong = await login({ email: 'lovelace@example.test', password: 'wrong password' });
      const unknown = await login({ email: 'nobody@example.test', password });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid email or password' });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });

    it.each([
      [undefined, 'Request body must be a JSON object'],
      [['an', 'array'], 'Request body must be a JSON object'],
      [{ email: 'lovelace@example.test' }, 'Password is required'],
      [{ email: 'lovelace@example.test', password: '' }, 'Password is required'],
      [{ email: '   ', password }, 'Email is required'],
      [{ email: 42, password }, 'Email must be text'],
      [{ email: `${'x'.repeat(250)}@example.test`, password }, 'Invalid email or password'],
    ])('validates the body %p before the strategy runs: 400 "%s"', async (body, message) => {
      const response = await login(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('still needs the gateway signature first, whatever the body', async () => {
      for (const body of [{ email: 'lovelace@example.test', password }, { password }]) {
        const response = await harness.call('POST', '/api/login', { body });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Requests must come through the gateway' });
      }
    });

    it('upgrades a hash made with older parameters when the password is right', async () => {
      const weak = await argon2.hash(password, {
        type: argon2.argon2id,
        memoryCost: 4096,
        timeCost: 1,
        parallelism: 1,
      });
      await harness.dataSource.query(`UPDATE identity.users SET password_hash = $1 WHERE id = $2`, [
        weak,
        userId,
      ]);
      const response = await login({ email: 'lovelace@example.test', password });
      expect(response.statusCode).toBe(200);
      const [row] = await harness.dataSource.query(
        `SELECT password_hash FROM identity.users WHERE id = $1`,
        [userId],
      );
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(
        await harness.app.get(AuthService).validateCredentials({
          email: 'lovelace@example.test',
          password,
        }),
      ).toMatchObject({ id: userId });
    });
  });
});
