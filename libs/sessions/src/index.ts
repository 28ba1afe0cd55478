export * from './session-store';
export * from './sessions.module';
export * from './cached-sessions';
