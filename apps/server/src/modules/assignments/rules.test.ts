import { pearson, testStatistics } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import {
  attemptEnd,
  histogram,
  type ItemGroup,
  itemFigures,
  kr20,
  median,
  sampleSd,
  startRefusal,
  stateAt,
} from './rules';

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

describe('item figures from grouped sums', () => {
  it('the discrimination is the item–rest correlation of the rows; counts per choice and blanks', () => {
    // Five attempts at two questions: [choice of q1, right?], [choice of q2, right?].
    const rows: Array<[string | null, number, string | null, number]> = [
      ['a', 1, 'x', 1],
      ['a', 1, 'y', 0],
      ['b', 0, 'x', 1],
      ['a', 1, null, 0],
      ['c', 0, 'y', 0],
    ];
    const groups = new Map<string, ItemGroup>();
    const add = (q: string, pos: number, choice: string | null, c: number, total: number) => {
      const key = `${q}:${choice}`;
      const g = groups.get(key) ?? {
        questionId: q,
        choiceId: choice,
        firstPosition: pos,
        versionId: `v${q}`,
        n: 0,
        sc: 0,
        sr: 0,
        srr: 0,
        scr: 0,
      };
      const r = total - c;
      g.n++;
      g.sc += c;
      g.sr += r;
      g.srr += r * r;
      g.scr += c * r;
      groups.set(key, g);
    };
    for (const [c1, r1, c2, r2] of rows) {
      add('q1', 0, c1, r1, r1 + r2);
      add('q2', 1, c2, r2, r1 + r2);
    }
    const [f1, f2] = itemFigures([...groups.values()]);
    expect(f1).toMatchObject({ questionId: 'q1', n: 5, right: 3, blank: 0 });
    expect(Object.fromEntries(f1!.chosen)).toEqual({ a: 3, b: 1, c: 1 });
    expect(f2).toMatchObject({ questionId: 'q2', n: 5, right: 2, blank: 1 });
    expect(f1!.discrimination).toBeCloseTo(
      pearson(
        rows.map((r) => r[1]),
        rows.map((r) => r[3]),
      )!,
      10,
    );
    expect(f2!.discrimination).toBeCloseTo(
      pearson(
        rows.map((r) => r[3]),
        rows.map((r) => r[1]),
      )!,
      10,
    );
    // No spread: no figure.
    const flat = itemFigures([
      {
        questionId: 'q',
        choiceId: 'a',
        firstPosition: 0,
        versionId: 'v',
        n: 3,
        sc: 3,
        sr: 3,
        srr: 3,
        scr: 3,
      },
    ]);
    expect(flat[0]!.discrimination).toBeNull();
  });
});
