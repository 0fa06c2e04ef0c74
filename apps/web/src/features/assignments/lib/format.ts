import type { AnswersShown, AssignmentState } from '@qbank/contract';

// Words and dates of assignments, as every screen shows them.

/** A date and time, as everywhere in the app (lib/time-zone.ts). */
export { formatTime as when } from '../../../lib/time-zone';

export const STATE_LABELS: Record<AssignmentState, string> = {
  SCHEDULED: 'Not open yet',
  OPEN: 'Open',
  LATE: 'Taking late attempts',
  CLOSED: 'Closed',
};

export const STATE_COLORS: Record<AssignmentState, string> = {
  SCHEDULED: 'gray.7',
  OPEN: 'teal.9',
  LATE: 'grape.9',
  CLOSED: 'gray.7',
};

export const ANSWERS_LABELS: Record<AnswersShown, string> = {
  AFTER_SUBMIT: 'After submitting',
  AFTER_CLOSE: 'After the close',
  NEVER: 'Never',
};

/** A `datetime-local` input's value (the browser's time zone) for an ISO instant, and back. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
