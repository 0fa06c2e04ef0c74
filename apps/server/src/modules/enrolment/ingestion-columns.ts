import {
  INGESTION_COLUMNS,
  INGESTION_ROWS_SHOWN,
  type IngestionColumn,
  type IngestionIssue,
  type IngestionRow,
  ingestionUser,
} from '@qbank/contract';
import { readCell, safeCell } from '../../lib/cell-safety';

// The class list's columns and rows, pure: which header cell names which column (forgiving, as the question
// import's), and what each row holds or what is wrong with it. Runs in the ingestion worker (ingestion-worker.ts).

/** Header spellings people use, once lower-cased and stripped of everything but letters and digits. */
const ALIASES: Record<string, IngestionColumn> = {
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  firstname: 'first_name',
  first: 'first_name',
  givenname: 'first_name',
  forename: 'first_name',
  lastname: 'last_name',
  last: 'last_name',
  surname: 'last_name',
  familyname: 'last_name',
};

/** "E-mail", "Email Address", "first name", "First_Name" and "FIRSTNAME" all name their column. */
export const headerKey = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

export interface ColumnMap {
  at: Record<IngestionColumn, number>;
  /** Header cells that name no column, made safe to show (a spreadsheet formula gets a quote in front). */
  unknown: string[];
}

/** Maps the header row, or says which columns it lacks. */
export function mapHeader(cells: string[]): ColumnMap | { missing: IngestionColumn[] } {
  const at: Partial<Record<IngestionColumn, number>> = {};
  const unknown: string[] = [];
  cells.forEach((cell, index) => {
    const key = headerKey(cell);
    if (key === '') return;
    const column = ALIASES[key];
    if (!column) unknown.push(safeCell(cell.trim().slice(0, 100)));
    else if (at[column] === undefined) at[column] = index;
    else unknown.push(safeCell(cell.trim().slice(0, 100)));
  });
  const missing = INGESTION_COLUMNS.filter((c) => at[c] === undefined);
  if (missing.length > 0) return { missing };
  return { at: at as Record<IngestionColumn, number>, unknown };
}

/** A spreadsheet could run a cell starting so (OWASP's CSV injection list): no name or address does. */
const FORMULA_START = /^[=+\-@\t\r]/;

const FIELD_OF: Record<string, IngestionColumn> = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
};

/** Messages name the column as the file does: "first_name is required", never the value. */
const columnMessage = (column: IngestionColumn, message: string) =>
  message.replace(/^(email|First name|Last name)\b/, column);

/** One data row: the user it names, or the first problem of each column. Blank rows are null. */
export function readRow(
  cells: string[],
  map: ColumnMap,
  row: number,
): { user: IngestionRow } | { issues: IngestionIssue[] } | null {
  const cell = (c: IngestionColumn) => readCell((cells[map.at[c]] ?? '').trim());
  const raw = { email: cell('email'), firstName: cell('first_name'), lastName: cell('last_name') };
  if (raw.email === '' && raw.firstName === '' && raw.lastName === '') return null;
  const issues: IngestionIssue[] = [];
  for (const [key, value] of Object.entries(raw))
    if (FORMULA_START.test(value)) {
      const field = FIELD_OF[key]!;
      issues.push({ row, field, message: `${field} must not start with =, +, -, @ or a tab` });
    }
  const parsed = ingestionUser.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'email';
      if (!issues.some((i) => i.field === field))
        issues.push({ row, field, message: columnMessage(field, issue.message) });
    }
  if (issues.length > 0) return { issues };
  return { user: { row, ...parsed.data! } };
}

/** What the file holds once read: the users to enrol (each address once) and what is left out. */
export interface ReadClassList {
  users: IngestionRow[];
  duplicates: (IngestionRow & { firstRow: number })[];
  duplicateCount: number;
  invalid: IngestionIssue[];
  invalidRows: number;
  unknownColumns: string[];
}

/** Reads the data rows under a mapped header; `rows` are [row number, cells]. */
export function readRows(rows: Iterable<[number, string[]]>, map: ColumnMap): ReadClassList {
  const out: ReadClassList = {
    users: [],
    duplicates: [],
    duplicateCount: 0,
    invalid: [],
    invalidRows: 0,
    unknownColumns: map.unknown,
  };
  const firstRow = new Map<string, number>();
  for (const [row, cells] of rows) {
    const read = readRow(cells, map, row);
    if (!read) continue;
    if ('issues' in read) {
      out.invalidRows++;
      for (const i of read.issues) if (out.invalid.length < INGESTION_ROWS_SHOWN) out.invalid.push(i);
      continue;
    }
    const seen = firstRow.get(read.user.email);
    if (seen !== undefined) {
      out.duplicateCount++;
      if (out.duplicates.length < INGESTION_ROWS_SHOWN) out.duplicates.push({ ...read.user, firstRow: seen });
      continue;
    }
    firstRow.set(read.user.email, row);
    out.users.push(read.user);
  }
  return out;
}
