import { describe, expect, it } from 'vitest';
import { databaseGone } from './jobs';

describe('databaseGone', () => {
  it('knows the database going away from other failures', () => {
    expect(
      databaseGone({ code: '57P01', message: 'terminating connection due to administrator command' }),
    ).toBe(true);
    expect(databaseGone({ code: '57P03', message: 'the database system is shutting down' })).toBe(true);
    expect(databaseGone({ code: '08006', message: 'connection failure' })).toBe(true);
    expect(databaseGone(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseGone({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' })).toBe(true);
    // Wrapped, as Drizzle wraps the driver's error.
    expect(databaseGone({ message: 'Failed query', cause: { code: '57P01' } })).toBe(true);
    // The pool ended under a query by this process's own shutdown.
    expect(
      databaseGone({
        message: 'Failed query',
        cause: new Error('Cannot use a pool after calling end on the pool'),
      }),
    ).toBe(true);
    expect(databaseGone({ code: '23505', message: 'duplicate key value' })).toBe(false);
    expect(databaseGone(new Error('No handler for job kind x'))).toBe(false);
    expect(databaseGone(null)).toBe(false);
  });
});
