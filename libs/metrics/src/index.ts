export * from './collect-with-timeout';
export * from './exposition';
export * from './metrics-server';
export * from './metrics.module';
export * from './queue-metrics';
export * from './service-metrics';
