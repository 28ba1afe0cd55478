export * from './access-log';
export * from './error-response.filter';
export * from './health.controller';
export * from './logging';
export * from './service-app';
export * from './zod-validation.pipe';
export * from './service-commands';
export * from './projected-users';
