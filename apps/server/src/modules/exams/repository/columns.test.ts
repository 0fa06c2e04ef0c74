import { describe, expect, it } from 'vitest';
import { column, nullable, RowShapeError, rowsAs } from '../../../db/rows';
import { float8, int8 } from './columns';

const answer = (...rows: Array<Record<string, unknown>>) => ({ rows });

describe("the tests module's column kinds", () => {
  it('reads an int8 as a number, from its text (node-postgres) or a JSON number', () => {
    const shape = { n: int8, limit: nullable(int8), avg: nullable(float8), id: column.string };
    const rows = rowsAs(
      shape,
      answer(
        { n: '42', limit: null, avg: 0.5, id: 'a' },
        { n: 7, limit: '-90000', avg: null, id: 'b' },
        { n: '9007199254740991', limit: '0', avg: 1, id: 'c' },
      ),
    );
    expect(rows.map((r) => [r.n, r.limit, r.avg])).toEqual([
      [42, null, 0.5],
      [7, -90000, null],
      [9007199254740991, 0, 1],
    ]);
  });

  it('refuses what is not an integer, or past 2^53, naming the column', () => {
    for (const n of ['', 'x', '1.5', 1.5, '9007199254740993', null, undefined, true])
      expect(() => rowsAs({ n: int8 }, answer({ n }))).toThrow(RowShapeError);
    expect(() => rowsAs({ n: int8 }, answer({ n: '1e3x' }))).toThrow(/"n".*expected an int8/);
    expect(() => rowsAs({ avg: float8 }, answer({ avg: '0.5' }))).toThrow(/"avg".*expected a number/);
  });
});
