import Papa from 'papaparse';

/**
 * The characters a spreadsheet may take as the start of a formula or a command (OWASP's CSV injection
 * rule): `=`, `+`, `-`, `@`, a tab or a carriage return. Quotes in front are counted through, so a cell
 * that already begins with a quote before one of them gets one more quote, and reading takes one away:
 * what was written comes back exactly.
 */
const formulaStart = /^'*[=+\-@\t\r]/;
const quotedFormulaStart = /^'+[=+\-@\t\r]/;

/**
 * A cell as every CSV and Excel file the server writes holds it: one that a spreadsheet could run
 * (`=HYPERLINK(…)`, `-2+3+cmd|' /C calc'!A0`, `+1`, `-5`, `@SUM(…)`) is written with a single quote in front,
 * the mark spreadsheets use for "this is text". Any other cell is left as it is.
 */
export function safeCell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** A cell as read from a CSV or Excel file: the quote that `safeCell` put in front of it is taken off. */
export function readCell(value: string): string {
  return quotedFormulaStart.test(value) ? value.slice(1) : value;
}

/** CSV text with every cell made safe (`safeCell`), the header included, and lines ended by CRLF. */
export function toSafeCsv(
  fields: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const safe = (cells: readonly (string | number)[]) => cells.map((c) => safeCell(String(c)));
  return Papa.unparse({ fields: safe(fields), data: rows.map(safe) }, { newline: '\r\n' });
}
