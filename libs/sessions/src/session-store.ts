import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Sessions are opaque random tokens. The browser holds the token in an HttpOnly
 * cookie; Redis holds `session:<sha256(token)>` → the user id, with an expiry
 * that is pushed back on every use (rolling). Only the hash is stored, so a copy
 * of Redis holds no usable token. Identity creates and destroys sessions; the
 * gateway resolves them on every request.
 */
export const SESSION_COOKIE_NAME = 'wave_session';
export const DEFAULT_SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

interface StoredSession {
  userId: string;
  createdAt: string;
}

export interface ResolvedSession {
  userId: string;
  createdAt: string;
}

export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number = DEFAULT_SESSION_TTL_SECONDS,
  ) {}

  get ttl(): number {
    return this.ttlSeconds;
  }

  async create(userId: string): Promise<{ token: string }> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const session: StoredSession = { userId, createdAt: new Date().toISOString() };
    await this.redis.set(keyOf(token), JSON.stringify(session), 'EX', this.ttlSeconds);
    return { token };
  }

  /** The session's user, with its expiry pushed back; null when unknown or expired. */
  async resolve(token: string | undefined): Promise<ResolvedSession | null> {
    if (!token || !TOKEN_PATTERN.test(token)) return null;
    const raw = await this.redis.getex(keyOf(token), 'EX', this.ttlSeconds);
    if (!raw) return null;
    try {
      const session = JSON.parse(raw) as Partial<StoredSession>;
      if (typeof session.userId !== 'string' || typeof session.createdAt !== 'string') return null;
      return { userId: session.userId, createdAt: session.createdAt };
    } catch {
      return null;
    }
  }

  /**
   * Ends the session, and says so on the revocation channel: gateways that remember it
   * (CachedSessions) forget it at once rather than when their memory of it runs out.
   */
  async destroy(token: string | undefined): Promise<void> {
    if (!token || !TOKEN_PATTERN.test(token)) return;
    const id = sessionIdOf(token);
    await this.redis
      .multi()
      .del(`session:${id}`)
      .publish(revocationChannelOf(this.redis), id)
      .exec();
  }
}

/** Whether the token has a session token's shape (anything else resolves to no session). */
export const isSessionToken = (token: string | undefined): token is string =>
  token !== undefined && TOKEN_PATTERN.test(token);

/** What a session is known by in Redis, and on the revocation channel: its token's hash. */
export const sessionIdOf = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

const keyOf = (token: string): string => `session:${sessionIdOf(token)}`;

/** The channel ended sessions are announced on (its name has the client's key prefix, as keys do). */
export const revocationChannelOf = (redis: Redis): string =>
  `${redis.options.keyPrefix ?? ''}sessions:revoked`;

export interface SessionCookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
}

/** The cookie's attributes: HttpOnly, SameSite=Lax, Secure when served over HTTPS. */
export const sessionCookieAttributes = (options: SessionCookieOptions) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: options.secure,
  path: '/',
  maxAge: options.maxAgeSeconds,
});
