import { describe, expect, it } from 'vitest';
import { headerKey, mapHeader, readRow, readRows } from './ingestion-columns';
import { readCsv } from './ingestion-file';

describe('mapHeader', () => {
  it('takes the spellings people use, and names the cells it does not know', () => {
    for (const header of [
      ['email', 'first_name', 'last_name'],
      ['E-mail', 'First Name', 'Last Name'],
      ['\uFEFFEmail Address', 'FIRSTNAME', 'Surname'],
      ['Mail', 'Given name', 'Family name'],
    ])
      expect(mapHeader(header)).toEqual({ at: { email: 0, first_name: 1, last_name: 2 }, unknown: [] });
    expect(mapHeader(['Phone', 'last', 'first', 'email', '=cmd()'])).toEqual({
      at: { email: 3, first_name: 2, last_name: 1 },
      unknown: ['Phone', "'=cmd()"],
    });
    expect(mapHeader(['name', 'email'])).toEqual({ missing: ['first_name', 'last_name'] });
    expect(headerKey(' First-Name ')).toBe('firstname');
  });
});

describe('readRow', () => {
  const map = { at: { email: 0, first_name: 1, last_name: 2 }, unknown: [] };

  it('answers the user, the address stored lower case', () => {
    expect(readRow([' Ana@Example.COM ', ' Ana ', 'Silva'], map, 2)).toEqual({
      user: { row: 2, email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva' },
    });
  });

  it('names each bad column once, never echoing the value', () => {
    const read = readRow(['nope', '', '=HYPERLINK("x")'], map, 7);
    expect(read).toEqual({
      issues: [
        { row: 7, field: 'last_name', message: 'last_name must not start with =, +, -, @ or a tab' },
        { row: 7, field: 'email', message: 'email must be a valid e-mail address' },
        { row: 7, field: 'first_name', message: 'first_name is required' },
      ],
    });
    expect(JSON.stringify(read)).not.toContain('HYPERLINK');
  });

  it('skips blank rows, and takes off the quote our own exports put before a formula-like cell', () => {
    expect(readRow(['', ' ', ''], map, 3)).toBeNull();
    expect(readRow(['a@example.com', "'-Ann", 'B'], map, 3)).toMatchObject({
      issues: [{ field: 'first_name' }],
    });
  });
});

describe('readRows and readCsv', () => {
  it('keeps the first row of each address and lists the repeats with it', () => {
    const map = { at: { email: 0, first_name: 1, last_name: 2 }, unknown: [] };
    const read = readRows(
      [
        [2, ['a@example.com', 'A', 'B']],
        [3, ['A@EXAMPLE.COM', 'A', 'C']],
        [4, ['x', 'A', 'B']],
      ],
      map,
    );
    expect(read.users.map((u) => u.row)).toEqual([2]);
    expect(read.duplicates).toEqual([
      { row: 3, email: 'a@example.com', firstName: 'A', lastName: 'C', firstRow: 2 },
    ]);
    expect([read.duplicateCount, read.invalidRows]).toEqual([1, 1]);
  });

  it('reads semicolons and a byte order mark, and refuses files without rows or columns', () => {
    const ok = readCsv('\uFEFFemail;first_name;last_name\r\na@example.com;A;B\r\n');
    expect(ok).toMatchObject({ ok: true, read: { users: [{ row: 2, email: 'a@example.com' }] } });
    expect(readCsv('')).toEqual({ ok: false, message: 'file has no rows' });
    expect(readCsv('email,first_name,last_name\n')).toEqual({
      ok: false,
      message: 'file has a header but no students',
    });
    expect(readCsv('name\nA\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('lacks email'),
    });
  });
});
