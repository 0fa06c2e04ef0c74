import { afterEach, vi } from 'vitest';

// A console.error during a test is a failure, not noise (CONVENTIONS.md).
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  vi.useRealTimers();
  if (errors.length) {
    const first = errors[0];
    errors.length = 0;
    throw new Error(`console.error was called during the test: ${first?.map(String).join(' ')}`);
  }
});
