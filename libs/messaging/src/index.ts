export * from './event-queues';
export * from './event-worker';
export * from './outbox';
export * from './outbox-event.entity';
export * from './messaging.module';
export * from './event-subscriber';
export * from './event-batcher';
export * from './outbox-metrics';
