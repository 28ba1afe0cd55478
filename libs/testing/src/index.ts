export * from './service-process';
export * from './test-env.constant';
export * from './test-infrastructure';
export * from './media-claims-stand-in';
export * from './migrations-suite';
export * from './signed-inject';
export * from './polling';
export * from './publish-event';
