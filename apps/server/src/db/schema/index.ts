export * from './accounts';
export * from './assignments';
export * from './catalogue';
export * from './enrolment';
export * from './imports';
export * from './ingestion';
export * from './item-statistics';
export * from './lti';
export * from './platform';
export * from './questions';
export * from './roster';
export * from './sales';
export * from './staff';

export * from './tests';
