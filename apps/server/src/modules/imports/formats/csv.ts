import Papa from 'papaparse';
import { toSafeCsv } from './cell-safety';
import { CSV_COLUMNS, readHeader, readRow, writeRow } from './table-columns';
import { type TemplatePlace, templateRows } from './template-rows';
import type { PortableQuestion } from './types';
import type { ResultCollector } from './validate';

/** Commas, Excel's semicolons in European locales, or tabs: whichever the file uses. */
export function readCsv(text: string, collector: ResultCollector): void {
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false });
  const brokenRows = new Set<number>();
  for (const error of parsed.errors) {
    if (error.code === 'UndetectableDelimiter' || error.row === undefined) continue;
    brokenRows.add(error.row);
    collector.issue(error.row + 1, 'file', `Broken CSV: ${error.message}`);
  }
  const rows = parsed.data;
  const headerIndex = rows.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  if (headerIndex < 0) {
    collector.issue(1, 'file', 'The file has no rows');
    return;
  }
  const headerIssues: { line: number; field: string; message: string }[] = [];
  const map = readHeader(rows[headerIndex] ?? [], headerIndex + 1, headerIssues);
  for (const i of headerIssues) collector.issue(i.line, i.field, i.message);
  if (!map) return;
  for (let index = headerIndex + 1; index < rows.length; index++) {
    if (brokenRows.has(index)) continue;
    const read = readRow(rows[index] ?? [], map, index + 1);
    if (!read) continue;
    for (const n of read.notes) collector.issue(n.line, n.field, n.message);
    collector.add(read.question, read.blocking);
  }
}

/**
 * The bank as CSV in the import layout, so it reads back as the same questions (without media). Cells a
 * spreadsheet could run get a quote in front (cell-safety.ts), which readRow takes off again.
 */
export function toCsv(questions: PortableQuestion[]): string {
  return toSafeCsv(CSV_COLUMNS, questions.map(writeRow));
}

/** A header and two example rows for educators to fill in, filed under `place`. */
export function csvTemplate(place: TemplatePlace): string {
  return toCsv(templateRows(place));
}
