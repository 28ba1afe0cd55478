import { performance } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
import type { ResolvedSession, SessionStore } from './session-store';
import { isSessionToken, revocationChannelOf, sessionIdOf } from './session-store';

export interface CachedSessionsOptions {
  /** How long a resolved session is remembered (0: not at all, every call asks Redis). */
  ttlMs: number;
  /** Most sessions remembered at once; the oldest are forgotten first. */
  maxEntries: number;
}

interface Entry {
  session: ResolvedSession;
  until: number;
}

/**
 * The gateway's memory of the sessions it resolved, for a few seconds: most calls of a signed-in
 * member then cost no Redis round trip. An ended session (sign-out, a sign-in that replaces it)
 * is announced on the revocation channel and forgotten at once by every gateway subscribed;
 * after a lost subscription the memory is emptied (an announcement may have been missed), and
 * without one a memory is never older than `ttlMs`. Unknown tokens are not remembered. Rolling
 * expiry still happens: a remembered session is read from Redis (pushing its expiry back) again
 * every `ttlMs`, far more often than it could lapse.
 */
export class CachedSessions {
  /** By session id, oldest first (a Map keeps insertion order). */
  private readonly entries = new Map<string, Entry>();
  private subscriber: Redis | null = null;
  private subscribed = false;
  private listening = false;
  /** Counts announcements: a session read while one came in is not remembered (it may be it). */
  private revocations = 0;

  constructor(
    private readonly store: SessionStore,
    private readonly redis: Redis,
    private readonly options: CachedSessionsOptions,
  ) {}

  /**
   * Subscribes to the revocation channel. Nothing is remembered until the subscription holds,
   * nor while it is lost (the memory is emptied then: announcements may have been missed).
   */
  start(): void {
    if (this.options.ttlMs <= 0 || this.subscriber) return;
    // Subscribed again by hand after a reconnection, so that remembering resumes only once
    // the subscription is confirmed (ioredis says 'ready' before its own re-subscription).
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true, autoResubscribe: false });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, id: string) => {
      this.revocations += 1;
      this.entries.delete(id);
    });
    const lost = () => {
      this.listening = false;
      this.entries.clear();
    };
    subscriber.on('close', lost);
    subscriber.on('error', lost);
    // ioredis subscribes again by itself once it is back.
    subscriber.on('ready', () => {
      if (this.subscribed) this.listening = true;
    });
    subscriber.subscribe(revocationChannelOf(this.redis)).then(() => {
      this.subscribed = true;
      this.listening = true;
    }, lost);
  }

  async stop(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    this.listening = false;
    this.entries.clear();
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** The session's user (as SessionStore.resolve), from memory when resolved moments ago. */
  async resolve(token: string | undefined): Promise<ResolvedSession | null> {
    if (this.options.ttlMs <= 0 || !isSessionToken(token)) return this.store.resolve(token);
    const id = sessionIdOf(token);
    const now = performance.now();
    const remembered = this.entries.get(id);
    if (remembered && remembered.until > now) return remembered.session;
    const revocations = this.revocations;
    const session = await this.store.resolve(token);
    this.entries.delete(id);
    if (session && this.listening && revocations === this.revocations) {
      if (this.entries.size >= this.options.maxEntries) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(id, { session, until: now + this.options.ttlMs });
    }
    return session;
  }

  /** Forgets the session of this token here (the gateway saw its sign-out go by). */
  forget(token: string | undefined): void {
    if (isSessionToken(token)) this.entries.delete(sessionIdOf(token));
  }
}
