import { describe, expect, it } from 'vitest';
import { column, nullable, RowShapeError, rowAs, rowsAs } from './rows';

/** A raw `db.execute` answer as node-postgres gives it. */
const answer = (...rows: Array<Record<string, unknown>>) => ({ rows });

const shape = {
  id: column.string,
  n: column.int,
  done: column.boolean,
  tags: column.strings,
  status: column.oneOf(['OPEN', 'CLOSED']),
  note: nullable(column.string),
  at: column.timestamp,
  data: column.json<{ a: number }>(),
};
const good = {
  id: 'x',
  n: 3,
  done: false,
  tags: ['a', 'b'],
  status: 'OPEN',
  note: null,
  at: '2026-01-02 03:04:05+00',
  data: { a: 1 },
};

describe('typed rows of raw SQL', () => {
  it('answers rows of the shape, timestamps as Dates, nulls where the column may be null', () => {
    const [row] = rowsAs(shape, answer({ ...good, extra: 1 }));
    expect(row).toMatchObject({ id: 'x', n: 3, done: false, tags: ['a', 'b'], status: 'OPEN', note: null });
    expect(row!.at).toEqual(new Date('2026-01-02T03:04:05Z'));
    const at = new Date('2026-02-03T00:00:00Z');
    expect(rowsAs(shape, answer({ ...good, at }))[0]!.at).toBe(at);
  });

  it('refuses a renamed column, naming it', () => {
    const { n: _, ...renamed } = good;
    expect(() => rowsAs(shape, answer({ ...renamed, count: 3 }))).toThrow(
      new RowShapeError('Column "n" of a raw query\'s row: expected an integer, got no such column'),
    );
  });

  it('refuses a retyped column: an int8 as text, a null where none may be, a status it does not know', () => {
    expect(() => rowsAs(shape, answer({ ...good, n: '3' }))).toThrow(
      /"n".*expected an integer, got string "3"/,
    );
    expect(() => rowsAs(shape, answer({ ...good, id: null }))).toThrow(/"id".*expected a string, got null/);
    expect(() => rowsAs(shape, answer({ ...good, status: 'GONE' }))).toThrow(/"status".*one of OPEN, CLOSED/);
    expect(() => rowsAs(shape, answer({ ...good, tags: ['a', 1] }))).toThrow(/"tags"/);
    expect(() => rowsAs(shape, answer(good, { ...good, done: 'f' }))).toThrow(/"done"/);
  });

  it('checks one row read by other code', () => {
    expect(rowAs({ id: column.string }, { id: 'y', other: 2 }).id).toBe('y');
    expect(() => rowAs({ id: column.string }, { other: 2 })).toThrow(RowShapeError);
  });
});
