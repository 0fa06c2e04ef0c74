import type { AssignmentState } from '@qbank/contract';

// The pure rules of assignments (docs/assignments.md): where one stands at a moment, whether a student may start
// an attempt, and the figures of its results.

export interface Window {
  opensAt: Date;
  closesAt: Date;
  latePolicy: 'NONE' | 'ACCEPT_LATE';
  lateUntil: Date | null;
}

/** Where an assignment stands at `now`. */
export function stateAt(w: Window, now: Date): AssignmentState {
  const t = now.getTime();
  if (t < w.opensAt.getTime()) return 'SCHEDULED';
  if (t < w.closesAt.getTime()) return 'OPEN';
  if (w.latePolicy === 'ACCEPT_LATE' && w.lateUntil && t < w.lateUntil.getTime()) return 'LATE';
  return 'CLOSED';
}

/** The last moment an attempt started at `now` may run to: the close, or the late limit for a late start. */
export function attemptEnd(w: Window, now: Date): Date {
  return stateAt(w, now) === 'LATE' ? w.lateUntil! : w.closesAt;
}

const dateText = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Why a student may not start an attempt now, or null when they may. */
export function startRefusal(
  w: Window & { attemptsAllowed: number },
  attemptsUsed: number,
  now: Date,
): string | null {
  const state = stateAt(w, now);
  if (state === 'SCHEDULED') return `This assignment opens on ${dateText(w.opensAt)}`;
  if (state === 'CLOSED') return `This assignment closed on ${dateText(w.lateUntil ?? w.closesAt)}`;
  if (attemptsUsed >= w.attemptsAllowed)
    return w.attemptsAllowed === 1
      ? 'You have already made your attempt at this assignment'
      : `You have used all ${w.attemptsAllowed} attempts at this assignment`;
  return null;
}

/** The median of numbers (null for none). */
export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The sample standard deviation (n − 1), as Moodle reports it; null under two values. */
export function sampleSd(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Scores (0–100) counted in ten bands: 0–9, 10–19, …, 90–100. */
export function histogram(scores: readonly number[]) {
  const bands = Array.from({ length: 10 }, (_, i) => ({
    from: i * 10,
    to: i === 9 ? 100 : i * 10 + 9,
    count: 0,
  }));
  for (const s of scores) bands[Math.min(Math.floor(s / 10), 9)]!.count++;
  return bands;
}

/**
 * KR-20 (Cronbach's alpha with right/wrong items) from the items' facilities and the population variance of
 * the attempts' totals, when every attempt held the same k items: k/(k−1) · (1 − Σ p(1−p) / σ²). Null under two
 * items or two attempts, or with no spread of totals.
 */
export function kr20(
  facilities: readonly number[],
  totalVariance: number | null,
  attempts: number,
): number | null {
  const k = facilities.length;
  if (k < 2 || attempts < 2 || totalVariance === null || totalVariance <= 1e-12) return null;
  const itemVariance = facilities.reduce((s, p) => s + p * (1 - p), 0);
  return (k / (k - 1)) * (1 - itemVariance / totalVariance);
}

/** A number rounded to `d` decimals (figures sent to the screen). */
export const round = (x: number | null, d = 2) => (x === null ? null : Math.round(x * 10 ** d) / 10 ** d);

/** One group of first attempts at a question: those who chose one choice (null: left it blank), with sums. */
export interface ItemGroup {
  questionId: string;
  choiceId: string | null;
  firstPosition: number;
  versionId: string;
  /** Attempts in the group, Σc (right: 1), Σr (the rest of the attempt), Σr², Σcr. */
  n: number;
  sc: number;
  sr: number;
  srr: number;
  scr: number;
}

export interface ItemFigures {
  questionId: string;
  firstPosition: number;
  versionId: string;
  n: number;
  right: number;
  blank: number;
  /** Pearson's correlation of the item's score with the rest score; null without spread in either. */
  discrimination: number | null;
  chosen: Map<string, number>;
}

/**
 * Each question's figures from its groups, in the order the questions first appear: the correlation of c with r
 * from the sums, (nΣcr − ΣcΣr) / √((nΣc − (Σc)²)(nΣr² − (Σr)²)), as c² = c for right/wrong scores.
 */
export function itemFigures(groups: readonly ItemGroup[]): ItemFigures[] {
  const byQuestion = new Map<string, ItemFigures & { sc: number; sr: number; srr: number; scr: number }>();
  for (const g of groups) {
    let f = byQuestion.get(g.questionId);
    if (!f) {
      f = {
        questionId: g.questionId,
        firstPosition: g.firstPosition,
        versionId: g.versionId,
        n: 0,
        right: 0,
        blank: 0,
        discrimination: null,
        chosen: new Map(),
        sc: 0,
        sr: 0,
        srr: 0,
        scr: 0,
      };
      byQuestion.set(g.questionId, f);
    }
    f.firstPosition = Math.min(f.firstPosition, g.firstPosition);
    f.n += g.n;
    f.sc += g.sc;
    f.sr += g.sr;
    f.srr += g.srr;
    f.scr += g.scr;
    if (g.choiceId === null) f.blank += g.n;
    else f.chosen.set(g.choiceId, (f.chosen.get(g.choiceId) ?? 0) + g.n);
  }
  return [...byQuestion.values()]
    .map(({ sc, sr, srr, scr, ...f }) => {
      const varC = f.n * sc - sc * sc;
      const varR = f.n * srr - sr * sr;
      return {
        ...f,
        right: sc,
        discrimination: varC > 0 && varR > 0 ? (f.n * scr - sc * sr) / Math.sqrt(varC * varR) : null,
      };
    })
    .sort((a, b) => a.firstPosition - b.firstPosition || a.questionId.localeCompare(b.questionId));
}
