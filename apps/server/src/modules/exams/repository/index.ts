// The tests module's SQL: tests and their questions (tests.ts), the draw of a new test's questions (draw.ts),
// and the learners' statistics (stats.ts).
export * from './draw';
export * from './stats';
export * from './tests';
