import { percentOf } from '@qbank/contract';

/** One bar of a performance chart: a subject or category and the learner's percent correct in it. */
export interface PerformanceBar {
  name: string;
  percent: number;
  answered: number;
  correct: number;
}

/**
 * The nodes the learner has answered in, each with its percent correct (rounded), in the server's order. A
 * node without answers has no percent to draw, so it is left out.
 */
export function performanceBars(
  nodes: ReadonlyArray<{ name: string; answered: number; correct: number }>,
): PerformanceBar[] {
  return nodes
    .filter((n) => n.answered > 0)
    .map((n) => ({
      name: n.name,
      answered: n.answered,
      correct: n.correct,
      percent: percentOf(n.correct, n.answered),
    }));
}

/** A long name cut to fit beside a bar; the table for screen readers keeps the whole name. */
export const shortLabel = (name: string, max = 18): string =>
  name.length > max ? `${name.slice(0, max - 1).trimEnd()}…` : name;

/** Unused questions: never below zero, even if the bank shrank after the learner used some. */
export const unusedOf = (total: number, used: number): number => Math.max(0, total - used);

/**
 * Categories named with their subject ("Cardiology · Physiology"): two subjects may each have a category of the
 * same name, and a category alone does not say where it belongs.
 */
export function categoriesWithSubjects<C extends { name: string; subjectUuid: string }>(
  categories: readonly C[],
  subjects: ReadonlyArray<{ uuid: string; name: string }>,
): C[] {
  const subjectName = new Map(subjects.map((s) => [s.uuid, s.name]));
  return categories.map((c) => {
    const subject = subjectName.get(c.subjectUuid);
    return subject ? { ...c, name: `${c.name} · ${subject}` } : c;
  });
}
