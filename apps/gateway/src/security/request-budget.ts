import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { REDIS_CLIENT } from '@wave/redis';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';
import type { RateLimitResult } from './rate-limits';

/**
 * Adds a replica's count to an address's shared count, starting the address's window (its
 * expiry) when the count is new, and answers the shared count with the window's time left.
 * KEYS: the count. ARGV: what to add, the window in ms.
 */
const ADD_TO_WINDOW = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  left = tonumber(ARGV[2])
end
return {count, left}`;

type BudgetRedis = Redis & {
  requestBudgetAdd(key: string, added: number, windowMs: number): Promise<[number, number]>;
};

/** What this replica knows of an address's window. */
interface AddressCount {
  address: string;
  /** The shared count when last told, this replica's requests included. */
  shared: number;
  /** Counted here, sent to Redis, not answered yet. */
  sending: number;
  /** Counted here, not sent yet. */
  pending: number;
  /** When the window ends (ms since the epoch). */
  endsAt: number;
}

/** Addresses whose counts a replica keeps (about 200 bytes each), least recently seen out first. */
const ADDRESSES_KEPT = 100_000;

/**
 * The general request budget per client address (REQUEST_RATE_LIMIT_PER_IP requests in a fixed
 * window of REQUEST_RATE_LIMIT_WINDOW_SECONDS, starting with an address's first request), shared
 * by every gateway replica through Redis, without a Redis round trip on each request: each
 * replica counts its own requests in memory, decides at once, and REQUEST_RATE_LIMIT_SYNC_MS
 * after the first request it has not sent, adds what it counted to the shared counts (one
 * pipelined round trip for all the addresses seen meanwhile), learning the other replicas'
 * share. One replica counts exactly; with several, an address can exceed its budget by what the
 * other replicas let through in one interval and a round trip before they hear of it (the
 * hybrid scheme of Envoy's and trypema's local-plus-global limits). The general budget is a
 * flood guard, not a security limit: sign-in, sign-up and the per-route limits (RateLimits)
 * still count in Redis on every call. When Redis fails, counting goes on in memory (each replica
 * on its own), is logged, and what was counted is sent once Redis answers again.
 */
@Injectable()
export class RequestBudget implements OnApplicationShutdown {
  private readonly logger = new Logger(RequestBudget.name);
  private readonly redis: BudgetRedis;
  private readonly counts = new LRUCache<string, AddressCount>({ max: ADDRESSES_KEPT });
  /** Counts with requests not sent yet (an address let go from `counts` is still sent). */
  private readonly unsent = new Set<AddressCount>();
  private readonly points: number;
  private readonly windowMs: number;
  private readonly syncMs: number;
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private failing = false;
  private closed = false;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    if (!('requestBudgetAdd' in redis)) {
      redis.defineCommand('requestBudgetAdd', { numberOfKeys: 1, lua: ADD_TO_WINDOW });
    }
    this.redis = redis as BudgetRedis;
    this.points = config.REQUEST_RATE_LIMIT_PER_IP;
    this.windowMs = config.REQUEST_RATE_LIMIT_WINDOW_SECONDS * 1000;
    this.syncMs = config.REQUEST_RATE_LIMIT_SYNC_MS;
  }

  /** Counts a request from the address (its limit key, ClientIp.limitKeyOf), unless over budget. */
  consume(address: string, now = Date.now()): RateLimitResult {
    let count = this.counts.get(address);
    if (!count || now >= count.endsAt) {
      count = { address, shared: 0, sending: 0, pending: 0, endsAt: now + this.windowMs };
      this.counts.set(address, count);
    }
    if (count.shared + count.sending + count.pending >= this.points) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((count.endsAt - now) / 1000)),
      };
    }
    count.pending += 1;
    this.unsent.add(count);
    this.schedule();
    return { allowed: true };
  }

  /** Sends what was counted since the last sync, and learns the shared counts (one round trip). */
  async sync(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // One sync at a time: what is counted meanwhile goes with the next.
    if (this.syncing) {
      this.schedule();
      return this.syncing;
    }
    this.syncing = this.send().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** Sends what is left, and no more syncs after. */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.syncing;
    await this.send();
  }

  private schedule(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => void this.sync(), this.syncMs).unref();
  }

  private async send(): Promise<void> {
    const now = Date.now();
    const batch: [AddressCount, number][] = [];
    for (const count of this.unsent) {
      // A window over: what it counted no longer matters.
      if (now < count.endsAt) {
        batch.push([count, count.pending]);
        count.sending += count.pending;
      }
      count.pending = 0;
    }
    this.unsent.clear();
    if (batch.length === 0) return;
    const pipeline = this.redis.pipeline() as unknown as BudgetRedis & {
      exec: Redis['exec'];
    };
    for (const [count, sent] of batch) {
      void pipeline.requestBudgetAdd(budgetKey(count.address), sent, this.windowMs);
    }
    let answers: [Error | null, unknown][] | null = null;
    try {
      answers = await pipeline.exec();
    } catch (error) {
      this.report(error);
    }
    const answeredAt = Date.now();
    let failed = false;
    batch.forEach(([count, sent], index) => {
      count.sending -= sent;
      const [error, answer] = answers?.[index] ?? [new Error('no answer'), null];
      if (error || !Array.isArray(answer)) {
        failed = true;
        if (answers) this.report(error);
        // Not counted in Redis: counted here still, and sent again with the next sync.
        count.pending += sent;
        this.unsent.add(count);
        return;
      }
      const [shared, leftMs] = answer as [number, number];
      count.shared = Number(shared);
      count.endsAt = answeredAt + Number(leftMs);
    });
    if (failed) {
      this.schedule();
    } else if (this.failing) {
      this.failing = false;
      this.logger.warn('Request budget: shared counts in Redis again');
    }
  }

  private report(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.logger.warn(`Request budget: Redis unavailable, counting per replica (${String(error)})`);
  }
}

/** The shared count of an address; its hash tag keeps it in one slot on a cluster. */
const budgetKey = (address: string): string => `ratelimit:requests:{${address}}`;
