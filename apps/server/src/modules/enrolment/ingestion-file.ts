import { INGESTION_COLUMNS, INGESTION_MAX_ROWS } from '@qbank/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { mapHeader, type ReadClassList, readRows } from './ingestion-columns';

// Reading a class list file (CSV or XLSX) into its rows: CPU work of up to a second for a large workbook, so
// it runs in the ingestion worker (ingestion-worker.ts), never on the event loop.

export type ClassListFormat = 'csv' | 'xlsx';

/** What reading a file answers: its rows read, or why the file as a whole cannot be used. */
export type ClassListAnswer = { ok: true; read: ReadClassList } | { ok: false; message: string };

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** XLSX by its zip signature or its name; anything else is read as text (CSV). */
export function classListFormat(fileName: string, bytes: Uint8Array): ClassListFormat {
  if (ZIP.every((b, i) => bytes[i] === b) || /\.xlsx$/i.test(fileName.trim())) return 'xlsx';
  return 'csv';
}

/** The header row (the first row with any text) and the data rows after it, numbered as in the file. */
function fromRows(rows: [number, string[]][]): ClassListAnswer {
  const headerAt = rows.findIndex(([, cells]) => cells.some((c) => c.trim() !== ''));
  if (headerAt < 0) return { ok: false, message: 'file has no rows' };
  const map = mapHeader(rows[headerAt]![1]);
  if ('missing' in map)
    return {
      ok: false,
      message: `file's first row must name the columns ${INGESTION_COLUMNS.join(', ')}; it lacks ${map.missing.join(', ')}`,
    };
  const data = rows.slice(headerAt + 1);
  const filled = data.filter(([, cells]) => cells.some((c) => c.trim() !== ''));
  if (filled.length === 0) return { ok: false, message: 'file has a header but no students' };
  if (filled.length > INGESTION_MAX_ROWS)
    return {
      ok: false,
      message: `file has ${filled.length.toLocaleString('en')} rows; at most ${INGESTION_MAX_ROWS.toLocaleString('en')} are read at once: split it`,
    };
  return { ok: true, read: readRows(filled, map) };
}

/** Commas, Excel's semicolons in European locales, or tabs: whichever the file uses. */
export function readCsv(text: string): ClassListAnswer {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
  });
  return fromRows(parsed.data.map((cells, i) => [i + 1, cells]));
}

/** The first sheet; `text` flattens rich text, formulas (their result, never the formula) and links. */
export async function readXlsx(bytes: Uint8Array): Promise<ClassListAnswer> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    return { ok: false, message: 'file is not a readable Excel workbook (.xlsx)' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, message: 'file has no rows' };
  const rows: [number, string[]][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let col = 1; col <= row.cellCount; col++) cells[col - 1] = row.getCell(col).text ?? '';
    rows.push([rowNumber, cells]);
  });
  return fromRows(rows);
}

export async function readClassList(format: ClassListFormat, bytes: Uint8Array): Promise<ClassListAnswer> {
  if (format === 'xlsx') return readXlsx(bytes);
  return readCsv(new TextDecoder('utf-8').decode(bytes));
}
