// First: zod is made jitless before any module below builds a schema (modules run in the order imported).
import './zod-config';

export * from './accounts';
export * from './assignments';
export * from './billing';
export * from './brand';
export * from './branding';
export * from './catalogue';
export * from './contact';
export * from './email';
export * from './endpoints';
export * from './enrolment';
export * from './errors';
export * from './forms';
export * from './imports';
export * from './ingestion';
export * from './item-statistics';
export * from './limits';
export * from './media';
export * from './questions';
export * from './roles';
export * from './roster';
export * from './store';
export * from './subscriptions';
export * from './test-bank';
export * from './tests';
export * from './text';
export * from './zod-config';
