import {
  AT_RISK_BELOW_PERCENT_DEFAULT,
  AT_RISK_INACTIVE_DAYS_DEFAULT,
  PERFORMANCE_WEEKS_DEFAULT,
  type PerformanceQuery,
  ROSTER_INACTIVE_DAYS_MAX,
} from '@qbank/contract';

/** The Performance screen's state, kept in the address so a link or a reload shows the same figures. */
export interface PerformanceState {
  /** Only the members of this cohort; null: all the students. */
  cohort: string | null;
  /** Weeks of progress: one of PERFORMANCE_WEEK_CHOICES. */
  weeks: number;
  inactiveDays: number;
  belowPercent: number;
  /** The heat map's page, from 1 as people count pages. */
  page: number;
}

/** The windows the screen offers. */
export const PERFORMANCE_WEEK_CHOICES = [4, 12, 26, 52] as const;

export const DEFAULT_PERFORMANCE_STATE: PerformanceState = {
  cohort: null,
  weeks: PERFORMANCE_WEEKS_DEFAULT,
  inactiveDays: AT_RISK_INACTIVE_DAYS_DEFAULT,
  belowPercent: AT_RISK_BELOW_PERCENT_DEFAULT,
  page: 1,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A whole number in range, or null. */
export const wholeIn = (v: unknown, min: number, max: number): number | null => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n >= min && n <= max && String(v).trim() !== '' ? n : null;
};

/** The state an address holds; anything unknown or out of range reads as the default. */
export function readPerformanceState(params: URLSearchParams): PerformanceState {
  const d = DEFAULT_PERFORMANCE_STATE;
  const weeks = wholeIn(params.get('weeks'), 1, 52);
  return {
    cohort: UUID.test(params.get('cohort') ?? '') ? params.get('cohort') : null,
    weeks:
      weeks !== null && (PERFORMANCE_WEEK_CHOICES as readonly number[]).includes(weeks) ? weeks : d.weeks,
    inactiveDays: wholeIn(params.get('inactive'), 1, ROSTER_INACTIVE_DAYS_MAX) ?? d.inactiveDays,
    belowPercent: wholeIn(params.get('below'), 1, 100) ?? d.belowPercent,
    page: wholeIn(params.get('page'), 1, 1_000_000) ?? 1,
  };
}

/** The address of a state: only what differs from the default. */
export function writePerformanceState(s: PerformanceState): URLSearchParams {
  const d = DEFAULT_PERFORMANCE_STATE;
  const p = new URLSearchParams();
  if (s.cohort) p.set('cohort', s.cohort);
  if (s.weeks !== d.weeks) p.set('weeks', String(s.weeks));
  if (s.inactiveDays !== d.inactiveDays) p.set('inactive', String(s.inactiveDays));
  if (s.belowPercent !== d.belowPercent) p.set('below', String(s.belowPercent));
  if (s.page !== 1) p.set('page', String(s.page));
  return p;
}

/** The call's query for a state. */
export const performanceQueryOf = (s: PerformanceState): PerformanceQuery => ({
  cohortUuid: s.cohort ?? undefined,
  weeks: s.weeks,
  inactiveDays: s.inactiveDays,
  belowPercent: s.belowPercent,
  page: s.page - 1,
});
