import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseQuestions, toXlsx, xlsxTemplate } from './index';
import { buildQuestion, bytesOf, content } from './test-helpers';
import { deflatedZeros, workbookLike } from './test-zip';

async function workbook(rows: (string | number | boolean | null)[][], sheet = 'Sheet1'): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('XLSX', () => {
  it('reads the template back as its two example questions', async () => {
    const { questions, issues } = await parseQuestions(
      'xlsx',
      await xlsxTemplate(['Accounting', 'Ledgers', 'Accruals']),
    );
    expect(issues).toEqual([]);
    expect(questions.map((q) => q.line)).toEqual([2, 3]);
  });

  it('round-trips a bank', async () => {
    const bank = [
      buildQuestion(),
      buildQuestion({ name: '', path: ['Cardiology'], freeSample: true, references: ['A', 'B'] }),
      buildQuestion({
        choices: [
          { text: 'Right', correct: true, explanation: '<p>Why it is <em>right</em>.</p>' },
          { text: 'Wrong', correct: false },
          { text: 'Also wrong', correct: false, explanation: 'Because.' },
        ],
      }),
    ];
    const { questions, issues } = await parseQuestions('xlsx', await toXlsx(bank));
    expect(issues).toEqual([]);
    expect(questions.map(content)).toEqual(bank.map(content));
  });

  it('writes every cell a spreadsheet could run with a quote in front, and reads it back without', async () => {
    const dde = "-2+3+cmd|' /C calc'!A0";
    const bank = [
      buildQuestion({
        name: '=HYPERLINK("x")',
        choices: [
          { text: dde, correct: true },
          { text: '-5', correct: false },
          { text: '@SUM(A1)', correct: false },
          { text: 'Already safe', correct: false },
        ],
        references: ['+2'],
      }),
    ];
    const bytes = await toXlsx(bank);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as never);
    const cells = book.getWorksheet('Questions')!.getRow(2).values as unknown[];
    expect(cells.slice(1, 9)).toEqual([
      `'=HYPERLINK("x")`,
      'Nephrology',
      'Electrolytes',
      'Potassium',
      bank[0]!.stem,
      `'${dde}`,
      "'-5",
      "'@SUM(A1)",
    ]);
    expect(cells).toContain('Already safe');
    expect(cells).toContain("'+2");
    const { questions, issues } = await parseQuestions('xlsx', bytes);
    expect(issues).toEqual([]);
    expect(questions.map(content)).toEqual(bank.map(content));
  });

  it('reads typed cells (numbers, booleans, rich text) as their text and reports rows by number', async () => {
    const bytes = await workbook([
      ['Stem', 'Choice A', 'Choice B', 'Correct', 'Free sample', 'Notes'],
      ['Normal serum sodium (mEq/L)?', 140, 120, 'A', true, 'x'],
      ['Bad key', 'a', 'b', 'C', null, null],
      [null, null, null, null, null, null],
      ['Free?', 'a', 'b', 'B', 'sometimes', null],
    ]);
    const { questions, issues } = await parseQuestions('xlsx', bytes);
    expect(questions).toEqual([
      expect.objectContaining({
        stem: 'Normal serum sodium (mEq/L)?',
        choices: [
          { text: '140', correct: true },
          { text: '120', correct: false },
        ],
        freeSample: true,
        line: 2,
      }),
    ]);
    expect(issues).toEqual([
      { line: 1, field: 'header', message: 'Unknown columns were ignored: "Notes"' },
      { line: 3, field: 'correct', message: 'The correct answer must be a letter from A to B, not "C"' },
      {
        line: 5,
        field: 'free_sample',
        message: 'free_sample must be yes, no, true, false, 1, 0 or empty, not "sometimes"',
      },
    ]);
  });

  it('refuses a workbook whose zip directory declares more than it may unpack to', async () => {
    const bytes = await xlsxTemplate(['Subject', 'Category', 'Subcategory']);
    // Patch the first central directory entry's uncompressed size (offset 24) to 2 GB.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const entry = bytes.findIndex((_, i) => view.getUint32(i, true) === 0x02014b50);
    view.setUint32(entry + 24, 0x7fffffff, true);
    expect((await parseQuestions('xlsx', bytes)).issues).toEqual([
      {
        line: 1,
        field: 'file',
        message: 'The workbook unpacks to more than 256 MB; split it into smaller files',
      },
    ]);
  });

  it('refuses a workbook that declares 4 KB but really unpacks to 300 MB, before the library unpacks it', async () => {
    const sheet = { name: 'xl/worksheets/sheet1.xml', data: deflatedZeros(300), declaredSize: 4096 };
    expect((await parseQuestions('xlsx', workbookLike(sheet))).issues).toEqual([
      {
        line: 1,
        field: 'file',
        message: 'The workbook unpacks to more than 256 MB; split it into smaller files',
      },
    ]);
  });

  it('reports a file that is not a workbook, and an empty sheet', async () => {
    const notXlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytesOf('garbage')]);
    expect((await parseQuestions('xlsx', notXlsx)).issues).toEqual([
      { line: 1, field: 'file', message: 'The file is not a readable Excel workbook (.xlsx)' },
    ]);
    expect((await parseQuestions('xlsx', await workbook([]))).issues).toEqual([
      { line: 1, field: 'file', message: 'The workbook has no rows' },
    ]);
    expect((await parseQuestions('xlsx', new Uint8Array())).issues[0]?.message).toBe('The file is empty');
  });
});
