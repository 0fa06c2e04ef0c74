// The accounts module's SQL: users and their settings, sessions, one-time tokens.
export * from './sessions';
export * from './tokens';
export * from './users';
