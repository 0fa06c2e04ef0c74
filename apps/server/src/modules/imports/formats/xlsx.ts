import ExcelJS from 'exceljs';
import { safeCell } from './cell-safety';
import { CSV_COLUMNS, readHeader, readRow, writeRow } from './table-columns';
import { type TemplatePlace, templateRows } from './template-rows';
import type { ParseIssue, PortableQuestion } from './types';
import { PARTS_MAX, UNPACKED_MAX, unpackedSize } from './unpacked-size';
import type { ResultCollector } from './validate';

const sheetName = 'Questions';

const notReadable = 'The file is not a readable Excel workbook (.xlsx)';

/**
 * The "Questions" sheet, or the first one: a workbook saved from the template keeps the name. The workbook
 * library unpacks every part in memory, so the zip is first measured by inflating it for real and counting
 * (unpacked-size.ts): a small upload that declares a few KB and unpacks to gigabytes is stopped at the limit.
 */
export async function readXlsx(bytes: Uint8Array, collector: ResultCollector): Promise<void> {
  const { verdict } = await unpackedSize(bytes, UNPACKED_MAX);
  if (verdict !== 'within') {
    const message = {
      'too-large': `The workbook unpacks to more than ${UNPACKED_MAX / 1024 / 1024} MB; split it into smaller files`,
      'too-many-parts': `The workbook holds more than ${PARTS_MAX.toLocaleString('en')} parts; split it into smaller files`,
      unreadable: notReadable,
    }[verdict];
    collector.issue(1, 'file', message);
    return;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    collector.issue(1, 'file', notReadable);
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
    if (!read) return;
    for (const n of read.notes) collector.issue(n.line, n.field, n.message);
    collector.add(read.question, read.blocking);
  });
}

function workbookOf(questions: PortableQuestion[]): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CSV_COLUMNS.map((header) => ({
    header,
    key: header,
    width:
      header === 'stem' || header === 'explanation'
        ? 60
        : header.startsWith('choice_') || header.startsWith('explanation_')
          ? 24
          : 16,
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

/** A header and two example rows filed under `place`, the same as csvTemplate(place). */
export async function xlsxTemplate(place: TemplatePlace): Promise<Uint8Array> {
  return toXlsx(templateRows(place));
}
