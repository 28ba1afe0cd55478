export * from './load-config';
export * from './placeholder-secrets.constant';
export * from './secret-var';
export * from './command-arguments';
