import type { TestMode, TestStatus, TestSummary } from '@qbank/contract';

export { formatTime } from './time-zone';

// How a test reads wherever it is listed (My Tests, the dashboard): one wording for both.

export const MODE_LABELS: Record<TestMode, string> = { TUTOR: 'Tutor', TIMED: 'Timed' };

export const TEST_STATUS_LABELS: Record<TestStatus, string> = {
  IN_PROGRESS: 'In progress',
  PAUSED: 'Suspended',
  COMPLETED: 'Completed',
};

/** A test's score as a list shows it: its percent once completed, a dash before. */
export const scoreLabel = (t: Pick<TestSummary, 'status' | 'scorePercent'>): string =>
  t.status === 'COMPLETED' && t.scorePercent !== null ? `${t.scorePercent}%` : '—';

/** A test's name, or what it is when the learner gave none. */
export const testName = (t: Pick<TestSummary, 'name' | 'mode' | 'numQuestions'>): string =>
  t.name.trim() || `${MODE_LABELS[t.mode]} test of ${t.numQuestions}`;

/** Where a test's button goes: an open test is resumed, a completed one reviewed. */
export function testAction(t: Pick<TestSummary, 'uuid' | 'status'>): { label: string; to: string } {
  return t.status === 'COMPLETED'
    ? { label: 'Review', to: `/tests/${t.uuid}/review` }
    : { label: 'Resume', to: `/tests/${t.uuid}/run` };
}
