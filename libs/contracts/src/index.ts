export * from './common/error.contract';
export * from './common/id.contract';
export * from './common/pagination.contract';
export * from './events/event.contract';
export * from './services.contract';
export * from './users/user.contract';
export * from './tweets/tweet.contract';
export * from './rpc/rpc.contract';
