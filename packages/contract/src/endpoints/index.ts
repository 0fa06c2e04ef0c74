export * from './accounts';
export * from './catalogue';
export * from './endpoint';
export * from './imports';
export * from './questions';
export * from './registration';
export * from './store';
export * from './subscriptions';
