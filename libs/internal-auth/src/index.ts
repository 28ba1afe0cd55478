export * from './internal-auth.guard';
export * from './internal-auth.module';
export * from './internal-identity';
