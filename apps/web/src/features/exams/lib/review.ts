import { TEST_QUESTIONS_MAX, type TestReview } from '@qbank/contract';
import { startTestLink } from './create-form';

export const REVIEW_FILTERS = ['all', 'incorrect', 'flagged', 'unanswered'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const FILTER_LABELS: Record<ReviewFilter, string> = {
  all: 'All',
  incorrect: 'Incorrect',
  flagged: 'Flagged',
  unanswered: 'Unanswered',
};

type Q = Pick<TestReview['questions'][number], 'correct' | 'flagged' | 'selectedChoice'>;

/** An answered question whose answer was wrong (an unanswered one is not "incorrect": it has its own filter). */
export const isIncorrect = (q: Q) => q.selectedChoice !== null && q.correct === false;

export function matchesFilter(q: Q, filter: ReviewFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'incorrect':
      return isIncorrect(q);
    case 'flagged':
      return q.flagged;
    case 'unanswered':
      return q.selectedChoice === null;
  }
}

export function filterCounts(questions: readonly Q[]): Record<ReviewFilter, number> {
  const out = { all: 0, incorrect: 0, flagged: 0, unanswered: 0 };
  for (const q of questions) for (const f of REVIEW_FILTERS) if (matchesFilter(q, f)) out[f] += 1;
  return out;
}

/** A filter named in the address (?filter=), else All. */
export const filterOf = (value: string | null): ReviewFilter =>
  REVIEW_FILTERS.includes(value as ReviewFilter) ? (value as ReviewFilter) : 'all';

/**
 * "Create a test from my incorrect answers": Start Test with the INCORRECT pool chosen over the same
 * subcategories, as many questions as were wrong (at most a test's maximum), in the same mode, for the learner
 * to look over and start. Null when there is nothing to retake.
 */
export function incorrectTestLink(review: TestReview): string | null {
  const wrong = review.questions.filter(isIncorrect).length;
  if (wrong === 0 || review.subcategoryUuids.length === 0) return null;
  return startTestLink({
    mode: review.mode,
    pools: ['INCORRECT'],
    subcategories: review.subcategoryUuids,
    numQuestions: Math.min(wrong, TEST_QUESTIONS_MAX),
  });
}
