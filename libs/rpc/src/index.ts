export * from './rpc-client';
export * from './rpc-server';
export * from './rpc-client.module';
export * from './rpc-endpoint';
export * from './upload-claims';
