import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readCell, safeCell, toSafeCsv } from './cell-safety';

const dde = "-2+3+cmd|' /C calc'!A0";

describe('safeCell', () => {
  it('puts a quote in front of every cell starting with =, +, -, @, a tab or a carriage return', () => {
    expect(safeCell(dde)).toBe(`'${dde}`);
    expect(safeCell('-5')).toBe("'-5");
    expect(safeCell('-5 mm Hg')).toBe("'-5 mm Hg");
    expect(safeCell('+2')).toBe("'+2");
    expect(safeCell('+cmd|calc')).toBe("'+cmd|calc");
    expect(safeCell('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('\t=1+1')).toBe("'\t=1+1");
    expect(safeCell('\r=1+1')).toBe("'\r=1+1");
    expect(safeCell('=1\n=2')).toBe("'=1\n=2");
  });

  it('leaves a cell that is already safe as it is', () => {
    for (const safe of ['', 'Diltiazem', '5 mg', 'pH < 7.30', 'a-b', 'x=1', ' =1', '<p>-5</p>', "'quoted"])
      expect(safeCell(safe)).toBe(safe);
  });

  it('gives a cell that already starts with a quote before a formula one more, so it reads back as written', () => {
    expect(safeCell("'=x")).toBe("''=x");
    expect(readCell("''=x")).toBe("'=x");
    expect(readCell("'=x")).toBe('=x');
    expect(readCell("'-5")).toBe('-5');
    expect(readCell("'quoted")).toBe("'quoted");
  });

  it('reads back whatever it wrote, and never writes a cell that starts a formula', () => {
    const formulaish = fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', '5', ' ');
    const cell = fc.oneof(
      fc.string(),
      fc.array(formulaish, { maxLength: 6 }).map((cs) => cs.join('')),
    );
    fc.assert(
      fc.property(cell, (value) => {
        const written = safeCell(value);
        expect(written).not.toMatch(/^[=+\-@\t\r]/);
        expect(readCell(written)).toBe(value);
      }),
    );
  });
});

describe('toSafeCsv', () => {
  it('writes every cell safe, the header and numbers included, and reads back as Papa reads it', () => {
    const rows = [
      [3, dde],
      [-1, '=1+1'],
      [4, 'plain, with a comma'],
    ];
    const text = toSafeCsv(['line', '@field'], rows);
    expect(text.split('\r\n')).toEqual(["line,'@field", `3,'${dde}`, "'-1,'=1+1", '4,"plain, with a comma"']);
    const cells = Papa.parse<string[]>(text).data;
    for (const c of cells.flat()) expect(c).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells.map((r) => r.map(readCell))).toEqual([
      ['line', '@field'],
      ...rows.map((r) => r.map(String)),
    ]);
  });
});
