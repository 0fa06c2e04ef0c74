import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { safeCell } from './cell-safety';
import { CSV_COLUMNS, readHeader, readRow, writeRow } from './table-columns';
import { templateRows } from './template-rows';
import type { ParseIssue, PortableQuestion } from './types';
import type { ResultCollector } from './validate';

const sheetName = 'Questions';

/** Far above a 10,000-question bank (a few dozen MB unpacked), far below what would exhaust memory. */
const unpackedMax = 256 * 1024 * 1024;

/**
 * The unpacked size the zip directory declares, read without unpacking anything (null when it is no zip).
 * The workbook library unpacks every part in memory, so a small upload must not declare gigabytes.
 */
function declaredUnpackedSize(bytes: Uint8Array): number | null {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        return false;
      },
    });
  } catch {
    return null;
  }
  return total;
}

/** The "Questions" sheet, or the first one: a workbook saved from the template keeps the name. */
export async function readXlsx(bytes: Uint8Array, collector: ResultCollector): Promise<void> {
  if ((declaredUnpackedSize(bytes) ?? 0) > unpackedMax) {
    collector.issue(
      1,
      'file',
      `The workbook unpacks to more than ${unpackedMax / 1024 / 1024} MB; split it into smaller files`,
    );
    return;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    collector.issue(1, 'file', 'The file is not a readable Excel workbook (.xlsx)');
    return;
  }
  const sheet =
    workbook.worksheets.find((s) => s.name.trim().toLowerCase() === sheetName.toLowerCase()) ??
    workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) {
    collector.issue(1, 'file', 'The workbook has no rows');
    return;
  }
  let map: ReturnType<typeof readHeader> | undefined;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    // Cell 1 is column A; `text` flattens rich text, formulas (their result) and links.
    for (let col = 1; col <= row.cellCount; col++) cells[col - 1] = row.getCell(col).text ?? '';
    if (map === undefined) {
      if (cells.every((c) => c.trim() === '')) return;
      const issues: ParseIssue[] = [];
      map = readHeader(cells, rowNumber, issues);
      for (const i of issues) collector.issue(i.line, i.field, i.message);
      return;
    }
    if (map === null) return;
    const read = readRow(cells, map, rowNumber);
    if (read) collector.add(read.question, read.blocking);
  });
}

function workbookOf(questions: PortableQuestion[]): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CSV_COLUMNS.map((header) => ({
    header,
    key: header,
    width: header === 'stem' || header === 'explanation' ? 60 : header.startsWith('choice_') ? 24 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  // Every value goes in as a string, never as a formula; a string a spreadsheet could still run once someone
  // edits the cell gets a quote in front, as in CSV (cell-safety.ts), and readRow takes it off again.
  for (const row of questions.map(writeRow)) sheet.addRow(row.map(safeCell));
  return workbook;
}

/** The bank as a workbook in the import layout (media do not travel in tables). */
export async function toXlsx(questions: PortableQuestion[]): Promise<Uint8Array> {
  return new Uint8Array(await workbookOf(questions).xlsx.writeBuffer());
}

/** A header and two example rows, the same as csvTemplate(). */
export async function xlsxTemplate(): Promise<Uint8Array> {
  return toXlsx(templateRows);
}
