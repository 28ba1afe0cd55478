export * from './derived-keys';
export * from './internal-auth.guard';
export * from './internal-auth.module';
export * from './internal-auth.options';
export * from './internal-identity';
export * from './internal-identity.strategy';
export * from './visitor-key';
