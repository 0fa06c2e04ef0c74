import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, filtersOf, nextSort, readRosterState, writeRosterState } from './roster-params';

describe('the Students screen address', () => {
  it('reads back what it wrote, and writes nothing for the defaults', () => {
    expect(writeRosterState(DEFAULT_STATE).toString()).toBe('');
    const s = {
      search: 'ana',
      plan: 'BASIC' as const,
      cohort: '0b6d7c1e-8f1a-4c9e-9d55-3a1f2b4c5d6e',
      status: 'ALL' as const,
      inactiveDays: 14,
      sortField: 'percentCorrect' as const,
      sortOrder: 'DESC' as const,
      page: 3,
    };
    expect(readRosterState(writeRosterState(s))).toEqual(s);
  });

  it('reads anything unknown or out of range as the default', () => {
    const s = readRosterState(new URLSearchParams('plan=GOLD&status=x&inactive=0&sort=age&order=up&page=-2'));
    expect(s).toEqual(DEFAULT_STATE);
    expect(readRosterState(new URLSearchParams('inactive=3651')).inactiveDays).toBeNull();
    expect(readRosterState(new URLSearchParams('inactive=2.5')).inactiveDays).toBeNull();
  });

  it('sends only the filters that are set, the search trimmed', () => {
    expect(filtersOf({ ...DEFAULT_STATE, search: '  ' })).toEqual({
      search: undefined,
      plan: undefined,
      cohortUuid: undefined,
      status: 'ACTIVE',
      inactiveDays: undefined,
      sortField: 'name',
      sortOrder: 'ASC',
    });
  });

  it('turns a sorted column round; a new one starts A to Z for text and highest first for figures', () => {
    expect(nextSort(DEFAULT_STATE, 'name')).toEqual({ sortField: 'name', sortOrder: 'DESC' });
    expect(nextSort(DEFAULT_STATE, 'email')).toEqual({ sortField: 'email', sortOrder: 'ASC' });
    expect(nextSort(DEFAULT_STATE, 'testsTaken')).toEqual({ sortField: 'testsTaken', sortOrder: 'DESC' });
    expect(nextSort({ ...DEFAULT_STATE, sortField: 'testsTaken', sortOrder: 'DESC' }, 'testsTaken')).toEqual({
      sortField: 'testsTaken',
      sortOrder: 'ASC',
    });
  });
});
