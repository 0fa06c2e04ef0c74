// Item statistics (docs/item-statistics.md, decision 0030): how a question behaves on learners' first attempts,
// and a test's reliability. Pure: the server's job computes them from the stored first attempts, and the screens
// read the flags' names and thresholds from here.

/** Below this many first attempts a question's figures are shown but never flagged: too few to judge. */
export const ITEM_FLAG_MIN_N = 20;
/** Facility above this: "too easy". */
export const TOO_EASY_ABOVE = 0.9;
/** Facility below this: "too hard". */
export const TOO_HARD_BELOW = 0.2;
/** Discrimination below this: "weak discrimination". */
export const WEAK_DISCRIMINATION_BELOW = 0.1;

export const ITEM_FLAGS = ['TOO_EASY', 'TOO_HARD', 'WEAK_DISCRIMINATION', 'POSSIBLE_WRONG_KEY'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  TOO_EASY: 'Too easy',
  TOO_HARD: 'Too hard',
  WEAK_DISCRIMINATION: 'Weak discrimination',
  POSSIBLE_WRONG_KEY: 'Possible wrong key',
};

/** One learner's first attempt at a question. */
export interface FirstAttempt {
  /** The choice they chose first. */
  choiceId: string;
  /**
   * Their share correct on their first attempts at the bank's other questions (the rest of their "test"); null
   * when this was the only question they have answered.
   */
  rest: number | null;
}

export interface ItemStatistics {
  /** First attempts counted. */
  n: number;
  /** Share of first attempts that chose the key (null: no attempt, or no key). */
  facility: number | null;
  /** Correlation of the item's score with the rest score (null: fewer than two learners with a rest, or no spread). */
  discrimination: number | null;
  /** Learners in each of the top and bottom thirds by rest score (0: fewer than three with a rest). */
  groupSize: number;
  /** Per choice id, the share of the top third that chose it (choices nobody there chose are left out). */
  topShares: Record<string, number>;
  bottomShares: Record<string, number>;
  flags: ItemFlag[];
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Share of ones among 0/1 scores; null for none. */
export function facilityOf(scores: readonly number[]): number | null {
  return scores.length === 0 ? null : mean(scores);
}

/** Pearson's correlation of two equally long series; null with fewer than two pairs or when either has no spread. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new Error('pearson: series of different lengths');
  if (x.length < 2) return null;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // A spread lost to rounding (all equal values) counts as none.
  if (sxx <= 1e-12 || syy <= 1e-12) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

function sharesOf(attempts: readonly FirstAttempt[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of attempts) counts[a.choiceId] = (counts[a.choiceId] ?? 0) + 1;
  const shares: Record<string, number> = {};
  for (const [id, c] of Object.entries(counts)) shares[id] = c / attempts.length;
  return shares;
}

/** The flags a question's figures earn: none below ITEM_FLAG_MIN_N attempts. */
export function itemFlags(s: {
  n: number;
  facility: number | null;
  discrimination: number | null;
  topShares: Record<string, number>;
  key: string | null;
}): ItemFlag[] {
  if (s.n < ITEM_FLAG_MIN_N) return [];
  const flags: ItemFlag[] = [];
  if (s.facility !== null && s.facility > TOO_EASY_ABOVE) flags.push('TOO_EASY');
  if (s.facility !== null && s.facility < TOO_HARD_BELOW) flags.push('TOO_HARD');
  if (s.discrimination !== null && s.discrimination < WEAK_DISCRIMINATION_BELOW)
    flags.push('WEAK_DISCRIMINATION');
  if (s.key !== null && Object.keys(s.topShares).length > 0) {
    const keyShare = s.topShares[s.key] ?? 0;
    if (Object.entries(s.topShares).some(([id, share]) => id !== s.key && share > keyShare))
      flags.push('POSSIBLE_WRONG_KEY');
  }
  return flags;
}

/**
 * A question's figures from its first attempts, scored against `key` (the correct choice of the version learners
 * get now). Thirds are taken by rest score, highest first, ties in the order given (the caller passes a stable
 * order); learners with no rest score count for n and facility only.
 */
export function itemStatistics(attempts: readonly FirstAttempt[], key: string | null): ItemStatistics {
  const n = attempts.length;
  const scores = attempts.map((a) => (a.choiceId === key ? 1 : 0));
  const facility = key === null ? null : facilityOf(scores);
  const ranked = attempts.filter((a): a is FirstAttempt & { rest: number } => a.rest !== null);
  const discrimination =
    key === null
      ? null
      : pearson(
          ranked.map((a) => (a.choiceId === key ? 1 : 0)),
          ranked.map((a) => a.rest),
        );
  const byRest = ranked
    .map((a, i) => ({ a, i }))
    .sort((p, q) => q.a.rest - p.a.rest || p.i - q.i)
    .map((p) => p.a);
  const groupSize = Math.floor(byRest.length / 3);
  const topShares = groupSize === 0 ? {} : sharesOf(byRest.slice(0, groupSize));
  const bottomShares = groupSize === 0 ? {} : sharesOf(byRest.slice(byRest.length - groupSize));
  const flags = itemFlags({ n, facility, discrimination, topShares, key });
  return { n, facility, discrimination, groupSize, topShares, bottomShares, flags };
}

export interface TestStatistics {
  /** Learners (rows) and items (columns) counted. */
  learners: number;
  items: number;
  /** Mean total score (items correct). */
  mean: number | null;
  /** Standard deviation of the total scores (sample, n − 1), as Moodle's quiz statistics report it. */
  sd: number | null;
  /** Cronbach's alpha; with 0/1 item scores it is KR-20. Null with fewer than two items or learners, or no spread. */
  alpha: number | null;
}

const populationVariance = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length;
};

/**
 * A test's mean, standard deviation and reliability from its learners' item scores (one row per learner, one
 * column per item; 0/1 for right or wrong makes alpha KR-20: k/(k−1)·(1 − Σpq/σ²)). The variances in alpha are
 * population variances on both sides of the ratio, as KR-20 takes p·q.
 */
export function testStatistics(scores: readonly (readonly number[])[]): TestStatistics {
  const learners = scores.length;
  const items = learners === 0 ? 0 : scores[0]!.length;
  if (scores.some((row) => row.length !== items))
    throw new Error('testStatistics: rows of different lengths');
  if (learners === 0) return { learners, items, mean: null, sd: null, alpha: null };
  const totals = scores.map((row) => row.reduce((s, x) => s + x, 0));
  const m = mean(totals);
  const sd = learners < 2 ? null : Math.sqrt(totals.reduce((s, t) => s + (t - m) ** 2, 0) / (learners - 1));
  const totalVariance = populationVariance(totals);
  let alpha: number | null = null;
  if (items >= 2 && learners >= 2 && totalVariance > 1e-12) {
    let itemVariances = 0;
    for (let j = 0; j < items; j++) itemVariances += populationVariance(scores.map((row) => row[j]!));
    alpha = (items / (items - 1)) * (1 - itemVariances / totalVariance);
  }
  return { learners, items, mean: m, sd, alpha };
}
