export * from './ingest-queue';
export * from './page-path';
export * from './view-batcher';
export * from './view-records';
