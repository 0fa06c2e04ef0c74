import { describe, expect, it } from 'vitest';
import { listQueryOf, readListState, toggledSort, writeListState } from './list-params';
import { defaultStatusOf } from './workflow';

describe('list state in the address', () => {
  it('opens a view on its default status and reads the rest', () => {
    const s = readListState(
      new URLSearchParams('view=AUDITOR&page=3&q=heart'),
      ['WRITER', 'AUDITOR'],
      defaultStatusOf,
    );
    expect(s).toMatchObject({ view: 'AUDITOR', status: 'SUBMITTED', page: 3, text: 'heart' });
    expect(readListState(new URLSearchParams('view=ADMIN'), ['WRITER'], defaultStatusOf).view).toBe('WRITER');
    expect(
      readListState(new URLSearchParams('view=AUDITOR&status=all'), ['AUDITOR'], defaultStatusOf).status,
    ).toBeNull();
    expect(
      readListState(new URLSearchParams('page=-2&sort=bogus'), ['WRITER'], defaultStatusOf),
    ).toMatchObject({
      page: 1,
      sort: 'updatedAt.DESC',
    });
  });
  it('writes only what differs from the defaults and round-trips', () => {
    const s = readListState(
      new URLSearchParams('view=AUDITOR&status=all&sort=name.ASC'),
      ['AUDITOR'],
      defaultStatusOf,
    );
    const p = writeListState(s, 'SUBMITTED');
    expect(p.toString()).toBe('view=AUDITOR&status=all&sort=name.ASC');
    expect(readListState(p, ['AUDITOR'], defaultStatusOf)).toEqual(s);
  });
  it('asks the server for a 0-based page with the filters set', () => {
    const s = readListState(
      new URLSearchParams('view=WRITER&page=2&sort=name.DESC&q=%20x%20'),
      ['WRITER'],
      defaultStatusOf,
    );
    expect(listQueryOf(s)).toEqual({
      filterRole: 'WRITER',
      page: 1,
      size: 25,
      sortField: 'name',
      sortOrder: 'DESC',
      text: 'x',
    });
  });
  it("keeps the needs-checking filter and the figures' sorts in the address", () => {
    const s = readListState(
      new URLSearchParams('view=ADMIN&check=1&sort=discrimination.ASC'),
      ['ADMIN'],
      defaultStatusOf,
    );
    expect(s).toMatchObject({ needsChecking: true, sort: 'discrimination.ASC' });
    expect(listQueryOf(s)).toMatchObject({
      sortField: 'discrimination',
      sortOrder: 'ASC',
      needsChecking: 'true',
    });
    expect(readListState(writeListState(s, defaultStatusOf('ADMIN')), ['ADMIN'], defaultStatusOf)).toEqual(s);
    expect(listQueryOf({ ...s, needsChecking: false })).not.toHaveProperty('needsChecking');
  });
  it('sorts by a column on a click, and the other way on a second', () => {
    expect(toggledSort('updatedAt.DESC', 'discrimination')).toBe('discrimination.ASC');
    expect(toggledSort('discrimination.ASC', 'discrimination')).toBe('discrimination.DESC');
    expect(toggledSort('discrimination.DESC', 'discrimination')).toBe('discrimination.ASC');
    expect(toggledSort('facility.ASC', 'timesAnswered')).toBe('timesAnswered.DESC');
  });
});
