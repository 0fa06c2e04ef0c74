import { describe, expect, it } from 'vitest';
import { weeksUpTo } from './weeks';

describe('weeksUpTo', () => {
  it('answers the twelve Mondays up to the week of the day, oldest first, in UTC', () => {
    const weeks = weeksUpTo(new Date('2026-11-27T23:30:00Z')); // a Friday
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe('2026-11-23');
    expect(weeks[0]).toBe('2026-09-07');
    expect(weeksUpTo(new Date('2026-11-23T00:00:00Z')).at(-1)).toBe('2026-11-23'); // a Monday is its own week
    expect(weeksUpTo(new Date('2026-11-22T23:59:59Z')).at(-1)).toBe('2026-11-16'); // a Sunday ends the last
    expect(weeksUpTo(new Date('2027-01-02T12:00:00Z')).slice(-2)).toEqual(['2026-12-21', '2026-12-28']);
  });
});
