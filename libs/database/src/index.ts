export * from './data-source';
export * from './snake-naming.strategy';
export * from './keyset-cursor';
export * from './query-result';
