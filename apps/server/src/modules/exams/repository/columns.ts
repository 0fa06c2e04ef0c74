import type { Column } from '../../../db/rows';

// Two kinds of column the tests module's raw rows hold that `column` (db/rows.ts) does not: their SQL stays as
// it is (no `::int` added to a statement, so no plan and no overflow changes).

/**
 * int8 (bigint), read as a number: a count(*), a sum of int4, the clock's milliseconds. node-postgres answers
 * int8 as text; inside JSON built by the database (json_agg) it is a number: both are taken. Safe up to 2^53.
 */
export const int8: Column<number> = {
  what: 'an int8 (an integer, or its text)',
  check: (v) => Number.isInteger(v) || (typeof v === 'string' && v !== '' && Number.isSafeInteger(Number(v))),
  read: Number,
};

/** float8 (an `avg` of float8): node-postgres answers it as a number. */
export const float8: Column<number> = { what: 'a number', check: (v) => typeof v === 'number' };
