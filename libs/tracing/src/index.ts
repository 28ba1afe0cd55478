export * from './carrier';
export * from './http-spans';
export * from './queue-telemetry';
export * from './tracing';
