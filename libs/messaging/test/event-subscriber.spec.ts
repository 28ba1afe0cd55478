import type { OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace } from '@wave/testing';
import { EventQueues } from '../src/event-queues';
import { EventSubscriber } from '../src/event-subscriber';

const userId = '0190b1de-1111-7000-8000-000000000001';
const tweetId = '0190b1de-1111-7000-8000-000000000002';

let namespace: TestRedisNamespace;
/** What happened during shutdown, in order. */
const order: string[] = [];
let handlerStarted: () => void = () => undefined;
let letHandlerFinish: () => void = () => undefined;

/** Stands for what a handler uses (a queue, Redis, PostgreSQL), closed when the app stops. */
@Injectable()
class Connections implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    order.push('connections closed');
  }
}

@Injectable()
class Subscriber extends EventSubscriber<'identity'> {
  constructor(private readonly connections: Connections) {
    super({
      consumer: 'identity',
      redisUrl: namespace.url,
      redisKeyPrefix: namespace.keyPrefix,
      subscribers: ['identity', 'timeline'],
      logContext: 'TestSubscriber',
      handlers: {
        'tweet.pinned': async () => {
          handlerStarted();
          await new Promise<void>((resolve) => (letHandlerFinish = resolve));
          order.push('event handled');
        },
        'tweet.unpinned': () => Promise.resolve(),
      },
    });
  }
}

@Module({ providers: [Connections, Subscriber] })
class TestModule {}

/** A consumer the deployment's relays do not deliver to. */
class Forgotten extends EventSubscriber<'identity'> {
  constructor() {
    super({
      consumer: 'identity',
      redisUrl: 'redis://127.0.0.1:1',
      redisKeyPrefix: 'unused:',
      subscribers: ['timeline', 'search'],
      logContext: 'Forgotten',
      handlers: {
        'tweet.pinned': () => Promise.resolve(),
        'tweet.unpinned': () => Promise.resolve(),
      },
    });
  }
}

describe(EventSubscriber.name, () => {
  beforeAll(() => {
    namespace = createTestRedisNamespace('event-subscriber');
  });
  afterAll(() => namespace.cleanup());

  it('refuses to start when EVENT_SUBSCRIBERS leaves its consumer out (it would get no event)', () => {
    expect(() => new Forgotten()).toThrow(
      'EVENT_SUBSCRIBERS (timeline, search) does not name identity: the relays would send it no event. Add it, and restart the publishers first.',
    );
  });

  it('finishes the events in hand before anything it uses closes, when the app stops', async () => {
    const app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    const queues = new EventQueues({
      connection: bullConnection(namespace.url),
      prefix: bullPrefix(namespace.keyPrefix),
    });
    let closing: Promise<void> | null = null;
    try {
      const started = new Promise<void>((resolve) => (handlerStarted = resolve));
      await queues.publish('identity', 'tweet.pinned', { userId, tweetId, version: 1 });
      await started;

      closing = app.close();
      // The app is stopping while the handler still works: nothing it uses may close meanwhile
      // (a window of 100 ms in which nothing may happen: there is no event to wait for).
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(order).toEqual([]);
      letHandlerFinish();
      await closing;
      expect(order).toEqual(['event handled', 'connections closed']);
    } finally {
      letHandlerFinish();
      await (closing ?? app.close());
      await queues.close();
    }
  });
});
