export * from './keyword-optimizer';
export * from './seo-analyzer';
export * from './seo-checks.constant';
