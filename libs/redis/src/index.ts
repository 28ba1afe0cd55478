export * from './redis-client';
export * from './redis.module';
export * from './queue-settings';
