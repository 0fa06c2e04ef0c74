import { z } from 'zod';
import { wholeNumber } from './text';

// Performance tracking (/roster/performance, docs/performance.md): how a product's students, or one cohort of
// them, progress week by week, where they are weakest, who is at risk, and a subject × student heat map.

/** Weeks of progress shown: 12 by default, a year at most. */
export const PERFORMANCE_WEEKS_DEFAULT = 12;
export const PERFORMANCE_WEEKS_MAX = 52;
/** A student inactive for at least this many days is at risk (never active: counted from when they joined). */
export const AT_RISK_INACTIVE_DAYS_DEFAULT = 14;
/** A student whose percent correct is below this (over enough answers) is at risk. */
export const AT_RISK_BELOW_PERCENT_DEFAULT = 50;
/** How many answers a student needs before their percent correct can put them at risk. */
export const AT_RISK_MIN_ANSWERS = 20;
/** The most at-risk students listed. */
export const AT_RISK_MAX = 100;
/** The weakest subjects listed. */
export const WEAKEST_SUBJECTS_MAX = 5;
/** Students per page of the heat map. */
export const HEAT_MAP_PAGE_SIZE = 50;

/** GET products/{id}/performance. */
export const performanceQuery = z.object({
  /** Only the members of this cohort (one of the product's); all its students otherwise. */
  cohortUuid: z.uuid({ error: 'cohortUuid must be a UUID' }).optional(),
  inactiveDays: wholeNumber('inactiveDays', 1, 3650).default(AT_RISK_INACTIVE_DAYS_DEFAULT),
  belowPercent: wholeNumber('belowPercent', 1, 100).default(AT_RISK_BELOW_PERCENT_DEFAULT),
  weeks: wholeNumber('weeks', 1, PERFORMANCE_WEEKS_MAX).default(PERFORMANCE_WEEKS_DEFAULT),
  /** The heat map's page of students, from 0. */
  page: wholeNumber('page', 0, 1_000_000).default(0),
});
export type PerformanceQuery = z.input<typeof performanceQuery>;
export type PerformanceQueryParsed = z.output<typeof performanceQuery>;

/** One week (Monday to Sunday, UTC) of the students' progress. */
export const progressWeek = z.object({
  /** The Monday, YYYY-MM-DD. */
  weekStart: z.string(),
  /** Answers in the tests the students ended that week (each test's own tally), and how many were right. */
  answered: z.number().int(),
  correct: z.number().int(),
  /** correct / answered in percent; null in a week without answers. */
  percentCorrect: z.number().int().nullable(),
  /** Students who started or ended a test that week. */
  activeStudents: z.number().int(),
  /** Questions used (drawn into their tests) by the students up to the end of that week, all added up. */
  questionsUsed: z.number().int(),
});
export type ProgressWeek = z.infer<typeof progressWeek>;

/** A subject's figures over the students' latest answer to each question filed under it (where it stands now). */
export const subjectPerformance = z.object({
  uuid: z.uuid(),
  name: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  percentCorrect: z.number().int(),
  /** Students with at least one answer in the subject. */
  students: z.number().int(),
});
export type SubjectPerformance = z.infer<typeof subjectPerformance>;

export const AT_RISK_REASONS = ['INACTIVE', 'LOW_SCORE'] as const;
export type AtRiskReason = (typeof AT_RISK_REASONS)[number];

export const atRiskStudent = z.object({
  userUuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  /** INACTIVE: no activity for inactiveDays or more (or never); LOW_SCORE: below belowPercent over enough answers. */
  reasons: z.array(z.enum(AT_RISK_REASONS)),
  lastActiveAt: z.string().nullable(),
  answered: z.number().int(),
  correct: z.number().int(),
  percentCorrect: z.number().int().nullable(),
});
export type AtRiskStudent = z.infer<typeof atRiskStudent>;

/** A heat map cell: the student's latest answers in the subject; null when they answered none there. */
export const heatMapCell = z.object({ answered: z.number().int(), correct: z.number().int() }).nullable();
export type HeatMapCell = z.infer<typeof heatMapCell>;

export const heatMap = z.object({
  /** The columns: the product's subjects in the tree's order. */
  subjects: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
  /** The rows: a page of the students by name, each with one cell per subject, in the columns' order. */
  students: z.array(
    z.object({
      userUuid: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      cells: z.array(heatMapCell),
    }),
  ),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type HeatMap = z.infer<typeof heatMap>;

export const performanceReport = z.object({
  /** The cohort the figures are of; null: all the product's students. */
  cohortUuid: z.uuid().nullable(),
  /** Students counted: those with access now (of the cohort, when one is chosen). */
  students: z.number().int(),
  inactiveDays: z.number().int(),
  belowPercent: z.number().int(),
  progress: z.array(progressWeek),
  weakestSubjects: z.array(subjectPerformance),
  /** The students at risk, most at risk first (both reasons, then inactive longest, then lowest percent). */
  atRisk: z.array(atRiskStudent),
  /** How many are at risk in all (atRisk lists AT_RISK_MAX at most). */
  atRiskTotal: z.number().int(),
  heatMap,
});
export type PerformanceReport = z.infer<typeof performanceReport>;
