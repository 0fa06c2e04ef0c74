import ExcelJS from 'exceljs';
import { safeCell } from './cell-safety';

/**
 * A one-sheet workbook of a header (bold, frozen) and rows of text cells: every value goes in as a string,
 * never a formula, and one a spreadsheet could still run once edited gets a quote in front (cell-safety.ts).
 * CPU-heavy for large tables: run it off the event loop.
 */
export async function tableXlsx(sheetName: string, header: string[], rows: string[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((h) => ({ header: safeCell(h), key: h, width: Math.max(12, h.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map(safeCell));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
