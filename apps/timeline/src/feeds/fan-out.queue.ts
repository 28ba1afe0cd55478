import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { z } from 'zod';
import { jobOptionsOf, queueOptions } from '@wave/redis';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import type { FeedEntry } from './feed-entry.util';
import type { QueueName } from '@wave/contracts';

/** Timeline's own job queue: copying a new entry into the followers' cached timelines. */
export const FAN_OUT_QUEUE = 'timeline-fanout' satisfies QueueName;

export const fanOutJobSchema = z.object({
  actorId: z.uuid(),
  entry: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('post'), tweetId: z.uuid(), at: z.number().int().nonnegative() }),
    z.object({
      kind: z.literal('retweet'),
      tweetId: z.uuid(),
      retweeterId: z.uuid(),
      at: z.number().int().nonnegative(),
    }),
  ]),
});
export type FanOutJob = z.infer<typeof fanOutJobSchema>;

/** Progress a fan-out saves after each batch, so a retry resumes where it stopped. */
export const fanOutProgressSchema = z.object({ after: z.uuid() });

@Injectable()
export class FanOutQueue implements OnApplicationShutdown {
  private readonly queue: Queue;

  constructor(@Inject(TIMELINE_CONFIG) config: TimelineConfig) {
    this.queue = new Queue(FAN_OUT_QUEUE, {
      ...queueOptions(config.REDIS_URL, config.REDIS_KEY_PREFIX),
    });
  }

  /** Idempotent: one job per entry (its id, returned, is derived from the entry). */
  async enqueue(actorId: string, entry: FeedEntry): Promise<string> {
    const job: FanOutJob = { actorId, entry };
    const id =
      entry.kind === 'post'
        ? `post-${entry.tweetId}`
        : // A retweet undone and made again is another entry, at another time.
          `retweet-${entry.tweetId}-${entry.retweeterId}-${entry.at}`;
    await this.queue.add('fan-out', job, jobOptionsOf(FAN_OUT_QUEUE, id));
    return id;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
