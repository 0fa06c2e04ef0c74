import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FirstAttempt,
  facilityOf,
  ITEM_FLAG_MIN_N,
  itemFlags,
  itemStatistics,
  pearson,
  testStatistics,
} from './item-statistics';

describe('facility', () => {
  it('is the share correct', () => {
    expect(facilityOf([1, 0, 1, 1])).toBe(0.75);
    expect(facilityOf([0, 0])).toBe(0);
  });
  it('is null with no attempt', () => expect(facilityOf([])).toBeNull());
});

describe('pearson', () => {
  it('matches a known value', () => {
    // x 1..5, y 2 4 5 4 5: r = 6 / √(10 · 6) = 0.7746
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(0.774597, 6);
  });
  it('is the point-biserial for a 0/1 item', () => {
    // Means 0.7667 (right) and 0.3333 (wrong) of the rest scores: r = 13 / 15.
    expect(pearson([1, 1, 0, 0, 1, 0], [0.9, 0.8, 0.3, 0.5, 0.6, 0.2])).toBeCloseTo(13 / 15, 10);
  });
  it('is ±1 for a straight line', () => {
    expect(pearson([1, 2, 3], [3, 5, 7])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [7, 5, 3])).toBeCloseTo(-1, 12);
  });
  it('is null with no spread or fewer than two pairs', () => {
    expect(pearson([1, 1, 1], [0.2, 0.5, 0.9])).toBeNull();
    expect(pearson([0, 1, 0], [0.5, 0.5, 0.5])).toBeNull();
    expect(pearson([1], [0.5])).toBeNull();
    expect(pearson([], [])).toBeNull();
  });
  it('stays within [-1, 1]', () => {
    const pairs = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 1 }), fc.double({ min: 0, max: 1, noNaN: true })),
      {
        minLength: 2,
        maxLength: 50,
      },
    );
    fc.assert(
      fc.property(pairs, (ps) => {
        const r = pearson(
          ps.map((p) => p[0]),
          ps.map((p) => p[1]),
        );
        expect(r === null || (r >= -1 && r <= 1)).toBe(true);
      }),
    );
  });
});

describe('KR-20 and the test figures', () => {
  // Six learners, four items. p = 5/6, 3/6, 3/6, 1/6, so Σpq = 28/36; totals 4 3 2 2 1 0 have mean 2 and
  // population variance 10/6: KR-20 = 4/3 · (1 − (28/36) / (10/6)) = 0.7111…; sample SD √2.
  const matrix = [
    [1, 1, 1, 1],
    [1, 1, 1, 0],
    [1, 1, 0, 0],
    [1, 0, 1, 0],
    [1, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  it('computes mean, SD and alpha of a worked example', () => {
    const s = testStatistics(matrix);
    expect(s.learners).toBe(6);
    expect(s.items).toBe(4);
    expect(s.mean).toBe(2);
    expect(s.sd).toBeCloseTo(Math.SQRT2, 12);
    expect(s.alpha).toBeCloseTo(0.711111, 6);
  });
  it('is 1 when every item ranks learners the same way', () => {
    expect(
      testStatistics([
        [1, 1],
        [0, 0],
        [1, 1],
      ]).alpha,
    ).toBeCloseTo(1, 12);
  });
  it('has no alpha without spread, items or learners', () => {
    expect(testStatistics([]).alpha).toBeNull();
    expect(testStatistics([]).mean).toBeNull();
    expect(
      testStatistics([
        [1, 0],
        [1, 0],
      ]).alpha,
    ).toBeNull();
    expect(testStatistics([[1], [0]]).alpha).toBeNull();
    expect(testStatistics([[1, 0, 1]]).sd).toBeNull();
  });
  it('refuses ragged rows', () => {
    expect(() => testStatistics([[1, 0], [1]])).toThrow();
  });
});

/** `k` learners choosing `choice` with rest scores from `from` stepping by `step`. */
const attempts = (k: number, choice: string, from: number, step = 0): FirstAttempt[] =>
  Array.from({ length: k }, (_, i) => ({ choiceId: choice, rest: from + i * step }));

describe('itemStatistics', () => {
  it('has nothing to say with no attempt', () => {
    expect(itemStatistics([], 'A')).toEqual({
      n: 0,
      facility: null,
      discrimination: null,
      groupSize: 0,
      topShares: {},
      bottomShares: {},
      flags: [],
    });
  });

  it('scores against the key and correlates with the rest score', () => {
    const s = itemStatistics(
      [
        { choiceId: 'A', rest: 0.9 },
        { choiceId: 'A', rest: 0.8 },
        { choiceId: 'B', rest: 0.3 },
        { choiceId: 'C', rest: 0.5 },
        { choiceId: 'A', rest: 0.6 },
        { choiceId: 'B', rest: 0.2 },
        { choiceId: 'A', rest: null },
      ],
      'A',
    );
    expect(s.n).toBe(7);
    expect(s.facility).toBeCloseTo(4 / 7, 12);
    expect(s.discrimination).toBeCloseTo(13 / 15, 10);
    // Six ranked: thirds of two. Top: 0.9 (A), 0.8 (A); bottom: 0.3 (B), 0.2 (B).
    expect(s.groupSize).toBe(2);
    expect(s.topShares).toEqual({ A: 1 });
    expect(s.bottomShares).toEqual({ B: 1 });
    expect(s.flags).toEqual([]); // fewer than the minimum
  });

  it('has no discrimination when everyone is right (zero variance)', () => {
    const s = itemStatistics(attempts(30, 'A', 0.1, 0.02), 'A');
    expect(s.facility).toBe(1);
    expect(s.discrimination).toBeNull();
    expect(s.flags).toEqual(['TOO_EASY']);
  });

  it('has no facility nor discrimination without a key', () => {
    const s = itemStatistics(attempts(30, 'A', 0.1, 0.02), null);
    expect(s.facility).toBeNull();
    expect(s.discrimination).toBeNull();
    expect(s.flags).toEqual([]);
  });

  it('flags a key the strongest learners avoid', () => {
    // The top third chose B, the bottom third A (the key): a wrong key, too hard, discriminating backwards.
    const s = itemStatistics(
      [...attempts(10, 'B', 0.9, 0.001), ...attempts(10, 'C', 0.5, 0.001), ...attempts(10, 'A', 0.1, 0.001)],
      'A',
    );
    expect(s.groupSize).toBe(10);
    expect(s.topShares).toEqual({ B: 1 });
    expect(s.bottomShares).toEqual({ A: 1 });
    expect(s.flags).toEqual(['WEAK_DISCRIMINATION', 'POSSIBLE_WRONG_KEY']);
  });

  it('breaks ties in rest score in the order given', () => {
    const s = itemStatistics([...attempts(3, 'A', 0.5), ...attempts(3, 'B', 0.5)], 'A');
    expect(s.topShares).toEqual({ A: 1 });
    expect(s.bottomShares).toEqual({ B: 1 });
  });
});

describe('itemFlags thresholds', () => {
  const base = {
    n: ITEM_FLAG_MIN_N,
    facility: 0.5,
    discrimination: 0.3,
    topShares: { A: 0.6, B: 0.4 },
    key: 'A',
  };
  it('flags nothing for a sound question', () => expect(itemFlags(base)).toEqual([]));
  it('flags nothing below the minimum n', () =>
    expect(itemFlags({ ...base, n: ITEM_FLAG_MIN_N - 1, facility: 0.99, discrimination: -0.5 })).toEqual([]));
  it.each([
    [0.9, []],
    [0.9001, ['TOO_EASY']],
    [0.2, []],
    [0.1999, ['TOO_HARD']],
  ])('facility %s → %j', (facility, flags) => expect(itemFlags({ ...base, facility })).toEqual(flags));
  it.each([
    [0.1, []],
    [0.0999, ['WEAK_DISCRIMINATION']],
    [-0.4, ['WEAK_DISCRIMINATION']],
    [null, []],
  ])('discrimination %s → %j', (discrimination, flags) =>
    expect(itemFlags({ ...base, discrimination })).toEqual(flags),
  );
  it('flags a wrong key only when a distractor beats the key, not on a tie', () => {
    expect(itemFlags({ ...base, topShares: { A: 0.5, B: 0.5 } })).toEqual([]);
    expect(itemFlags({ ...base, topShares: { A: 0.4, B: 0.6 } })).toEqual(['POSSIBLE_WRONG_KEY']);
    expect(itemFlags({ ...base, topShares: { B: 0.2 } })).toEqual(['POSSIBLE_WRONG_KEY']);
    expect(itemFlags({ ...base, topShares: {} })).toEqual([]);
  });
});
