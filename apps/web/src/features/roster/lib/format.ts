import { percentOf, type RosterPlan, type RosterStudent, type StudentAccess } from '@qbank/contract';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A day as people read it here: "Nov 24, 2026". */
export const formatDay = (iso: string) => dateFormat.format(new Date(iso));

export const studentName = (s: Pick<RosterStudent, 'firstName' | 'lastName'>) =>
  `${s.firstName} ${s.lastName}`.trim();

/** "67 %" of the questions answered, or a dash before the first answer. */
export const percentCorrect = (s: Pick<RosterStudent, 'answered' | 'correct'>) =>
  s.answered === 0 ? '—' : `${percentOf(s.correct, s.answered)} %`;

export const lastActive = (s: Pick<RosterStudent, 'lastActiveAt'>) =>
  s.lastActiveAt ? formatDay(s.lastActiveAt) : 'Never';

export const PLAN_LABELS: Record<RosterPlan, string> = {
  BASIC: 'Free',
  PREMIUM: 'Paid',
  PRIVILEGED: 'Staff',
};

/** The student's cohorts by name, or a dash. */
export const cohortNames = (s: Pick<RosterStudent, 'cohorts'>) =>
  s.cohorts.length === 0 ? '—' : s.cohorts.map((c) => c.name).join(', ');

/** The badge of a student without access, by why; none for a student who has it. */
export const ACCESS_BADGES: Record<StudentAccess, string | null> = {
  ACTIVE: null,
  ENDED: 'Access ended',
  SUSPENDED: 'Suspended',
  REMOVED: 'Removed',
};
