import type { SQL } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from './client';

/**
 * Typed rows of raw SQL. `db.execute(sql...)` answers rows the type checker knows nothing of; a query the query
 * builder cannot say (a CTE, a lateral join, JSON gathered by the database) declares its row's shape once, as
 * columns, and reads its rows through `rowsAs` (or `selectRows`/`selectRow`): each row is checked against the
 * shape and typed by it. A column renamed or retyped in the SQL (or in a migration) then fails loudly at the
 * first run of the query, naming the column, never yields `undefined` further on; and a mapper that reads a
 * column the shape does not declare, or as another type, fails the typecheck.
 *
 * The check is a few `typeof` tests a column (no copy of the row, no schema library): cheap enough for the hot
 * paths' many rows. A JSON column's inner shape is declared, not checked (`column.json<T>()`): the database
 * built it, with the keys the same statement names.
 */

/** A column of a raw row: what its values must be, and the type it is read as. */
export interface Column<T> {
  /** What the values must be, for the error: "a string". */
  readonly what: string;
  readonly check: (v: unknown) => boolean;
  /** Turns the driver's value into the column's type (a timestamp's text into a Date), in place. */
  readonly read?: (v: unknown) => T;
  /** The type only. */
  readonly type?: T;
}

const is = <T>(what: string, check: (v: unknown) => boolean): Column<T> => ({ what, check });

/**
 * A timestamp of a raw query's row: the driver Drizzle sets up answers raw timestamps as text (another answers
 * Dates).
 */
export const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

const isString = (v: unknown): v is string => typeof v === 'string';

/** The kinds of column a raw row holds. */
export const column = {
  /** text, varchar, uuid. */
  string: is<string>('a string', isString),
  /** int2, int4 (an int8 or a numeric comes as text: cast it to int in the SQL, or read it as a string). */
  int: is<number>('an integer', Number.isInteger),
  /** float4, float8. */
  number: is<number>('a number', (v) => typeof v === 'number' && Number.isFinite(v)),
  boolean: is<boolean>('a boolean', (v) => typeof v === 'boolean'),
  /** text[] or uuid[], or a JSON array of strings. */
  strings: is<string[]>('an array of strings', (v) => Array.isArray(v) && v.every(isString)),
  /** A text column holding one of these values (a status). */
  oneOf: <const T extends string>(values: readonly T[]) =>
    is<T>(`one of ${values.join(', ')}`, (v) => (values as readonly unknown[]).includes(v)),
  /** timestamp or timestamptz, read as a Date. */
  timestamp: {
    what: 'a timestamp',
    check: (v) => v instanceof Date || isString(v),
    read: asDate,
  } as Column<Date>,
  /** json or jsonb: an object or array whose shape the statement makes (declared, not checked). */
  json: <T extends object>() => is<T>('a JSON object or array', (v) => typeof v === 'object' && v !== null),
};

/** The column, or null. */
export const nullable = <T>(c: Column<T>): Column<T | null> => ({
  what: `${c.what} or null`,
  check: (v) => v === null || c.check(v),
  read: c.read && ((v) => (v === null ? null : c.read!(v))),
});

/** A raw row's shape: its columns by name, as the statement names them. */
export type RowShape = Record<string, Column<unknown>>;
/** The type of a row of this shape. */
export type RowOf<S extends RowShape> = { [K in keyof S]: S[K] extends Column<infer T> ? T : never };

/** A row of a raw query is not of the shape its code declares: the SQL and the code disagree. */
export class RowShapeError extends Error {}

const describe = (v: unknown) =>
  v === undefined ? 'no such column' : v === null ? 'null' : `${typeof v} ${JSON.stringify(v)?.slice(0, 40)}`;

function check(columns: Array<[string, Column<unknown>]>, row: Record<string, unknown>) {
  for (const [name, c] of columns) {
    const v = row[name];
    if (!c.check(v))
      throw new RowShapeError(
        `Column "${name}" of a raw query's row: expected ${c.what}, got ${describe(v)}`,
      );
    if (c.read) row[name] = c.read(v);
  }
}

/** The rows of a raw `db.execute` answer, each checked against the shape (throws RowShapeError) and typed by it. */
export function rowsAs<S extends RowShape>(shape: S, res: unknown): RowOf<S>[] {
  const rows = rowsOf(res);
  const columns = Object.entries(shape);
  for (const row of rows) check(columns, row);
  return rows as RowOf<S>[];
}

/** One raw row (read by other code), checked against the shape and typed by it. */
export function rowAs<S extends RowShape>(shape: S, row: Record<string, unknown>): RowOf<S> {
  check(Object.entries(shape), row);
  return row as RowOf<S>;
}

/** Runs a raw statement; its rows, checked and typed by the shape. */
export async function selectRows<S extends RowShape>(db: DbOrTx, shape: S, query: SQL): Promise<RowOf<S>[]> {
  return rowsAs(shape, await db.execute(query));
}

/** Runs a raw statement; its first row, checked and typed by the shape, or undefined when it answers none. */
export async function selectRow<S extends RowShape>(
  db: DbOrTx,
  shape: S,
  query: SQL,
): Promise<RowOf<S> | undefined> {
  return (await selectRows(db, shape, query))[0];
}

/** Runs a statement that always answers one row (an aggregate, a SELECT of arrays); that row, checked and typed. */
export async function selectOne<S extends RowShape>(db: DbOrTx, shape: S, query: SQL): Promise<RowOf<S>> {
  const row = await selectRow(db, shape, query);
  if (!row) throw new RowShapeError('A raw query that answers one row answered none');
  return row;
}
