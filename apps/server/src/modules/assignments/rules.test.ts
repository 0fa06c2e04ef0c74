import { testStatistics } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { attemptEnd, histogram, kr20, median, sampleSd, startRefusal, stateAt } from './rules';

const w = {
  opensAt: new Date('2026-10-01T10:00:00Z'),
  closesAt: new Date('2026-10-02T10:00:00Z'),
  latePolicy: 'ACCEPT_LATE' as const,
  lateUntil: new Date('2026-10-03T10:00:00Z'),
  attemptsAllowed: 2,
};
const d = (s: string) => new Date(s);

describe('an assignment over time', () => {
  it('is scheduled, open, late, then closed; the edges belong to the next state', () => {
    expect(stateAt(w, d('2026-10-01T09:59:59Z'))).toBe('SCHEDULED');
    expect(stateAt(w, w.opensAt)).toBe('OPEN');
    expect(stateAt(w, w.closesAt)).toBe('LATE');
    expect(stateAt(w, w.lateUntil)).toBe('CLOSED');
    expect(stateAt({ ...w, latePolicy: 'NONE', lateUntil: null }, w.closesAt)).toBe('CLOSED');
  });

  it('an attempt ends at the close, or at the late limit when it starts late', () => {
    expect(attemptEnd(w, d('2026-10-01T12:00:00Z'))).toEqual(w.closesAt);
    expect(attemptEnd(w, d('2026-10-02T12:00:00Z'))).toEqual(w.lateUntil);
  });

  it('says why a start is refused', () => {
    expect(startRefusal(w, 0, d('2026-10-01T09:00:00Z'))).toBe(
      'This assignment opens on 2026-10-01 10:00 UTC',
    );
    expect(startRefusal(w, 0, d('2026-10-01T11:00:00Z'))).toBeNull();
    expect(startRefusal(w, 2, d('2026-10-01T11:00:00Z'))).toBe(
      'You have used all 2 attempts at this assignment',
    );
    expect(startRefusal({ ...w, attemptsAllowed: 1 }, 1, d('2026-10-01T11:00:00Z'))).toBe(
      'You have already made your attempt at this assignment',
    );
    expect(startRefusal(w, 0, d('2026-10-02T11:00:00Z'))).toBeNull();
    expect(startRefusal(w, 0, d('2026-10-04T11:00:00Z'))).toBe(
      'This assignment closed on 2026-10-03 10:00 UTC',
    );
  });
});

describe('result figures', () => {
  it('KR-20 from facilities and the totals’ variance is the alpha of the score matrix', () => {
    const scores = [
      [1, 1, 1, 1],
      [1, 1, 1, 0],
      [1, 1, 0, 0],
      [1, 0, 0, 1],
      [0, 1, 0, 0],
    ];
    const facilities = [0, 1, 2, 3].map((j) => scores.reduce((s, r) => s + r[j]!, 0) / scores.length);
    const totals = scores.map((r) => r.reduce((a, b) => a + b, 0));
    const m = totals.reduce((a, b) => a + b, 0) / totals.length;
    const variance = totals.reduce((s, x) => s + (x - m) ** 2, 0) / totals.length;
    expect(kr20(facilities, variance, scores.length)).toBeCloseTo(testStatistics(scores).alpha!, 10);
    expect(kr20([0.5], 1, 5)).toBeNull();
    expect(kr20([0.5, 0.5], 0, 5)).toBeNull();
  });

  it('median, standard deviation and the ten bands', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(sampleSd([5])).toBeNull();
    expect(sampleSd([2, 4])).toBeCloseTo(Math.SQRT2, 10);
    const h = histogram([0, 9, 10, 99, 100]);
    expect(h).toHaveLength(10);
    expect(h[0]).toEqual({ from: 0, to: 9, count: 2 });
    expect(h[1]).toEqual({ from: 10, to: 19, count: 1 });
    expect(h[9]).toEqual({ from: 90, to: 100, count: 2 });
  });
});
