export * from './accounts';
export * from './catalogue';
export * from './platform';
export * from './questions';
export * from './tests';
