import { z } from 'zod';
import { SORT_ORDERS } from './store';
import { textField, wholeNumber } from './text';

// The Students screen (/roster): a product's learners with their figures, for its instructors and admins.

/** A page of the Students list: 50 by default, 100 at most. */
export const ROSTER_PAGE_SIZE = 50;
export const ROSTER_PAGE_MAX = 100;
/** The longest "inactive for N days" filter: ten years. */
export const ROSTER_INACTIVE_DAYS_MAX = 3650;

export const ROSTER_SORT_FIELDS = [
  'name',
  'email',
  'plan',
  'questionsUsed',
  'percentCorrect',
  'testsTaken',
  'lastActiveAt',
] as const;
export type RosterSortField = (typeof ROSTER_SORT_FIELDS)[number];

/** Whose subscription still gives access (ACTIVE), whose has ended (ENDED), or both. */
export const ROSTER_STATUSES = ['ACTIVE', 'ENDED', 'ALL'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

/** The plans a student may be on (SPEC §3): the free one, a paid one, or staff access. */
export const ROSTER_PLANS = ['BASIC', 'PREMIUM', 'PRIVILEGED'] as const;
export type RosterPlan = (typeof ROSTER_PLANS)[number];

/** The filters of the Students list and of its export. */
const rosterFilters = {
  search: textField('search', 'search must be text')
    .trim()
    .max(200, { error: 'search must be at most 200 characters' })
    .optional(),
  plan: z.enum(ROSTER_PLANS, { error: `plan must be one of ${ROSTER_PLANS.join(', ')}` }).optional(),
  status: z
    .enum(ROSTER_STATUSES, { error: `status must be one of ${ROSTER_STATUSES.join(', ')}` })
    .default('ACTIVE'),
  /** Only students not active for at least this many days (never active counts from when they joined). */
  inactiveDays: wholeNumber('inactiveDays', 1, ROSTER_INACTIVE_DAYS_MAX).optional(),
  sortField: z
    .enum(ROSTER_SORT_FIELDS, { error: `sortField must be one of ${ROSTER_SORT_FIELDS.join(', ')}` })
    .default('name'),
  sortOrder: z.enum(SORT_ORDERS, { error: 'sortOrder must be ASC or DESC' }).default('ASC'),
};

/** GET products/{id}/students: a page of the product's students, filtered and sorted. */
export const rosterQuery = z.object({
  page: wholeNumber('page', 0, 1_000_000).default(0),
  size: wholeNumber('size', 1, ROSTER_PAGE_MAX).default(ROSTER_PAGE_SIZE),
  ...rosterFilters,
});
export type RosterQuery = z.input<typeof rosterQuery>;
export type RosterQueryParsed = z.output<typeof rosterQuery>;

export const ROSTER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type RosterExportFormat = (typeof ROSTER_EXPORT_FORMATS)[number];

/** GET products/{id}/students/export: every student the filters keep, in the list's order. */
export const rosterExportQuery = z.object({
  format: z.enum(ROSTER_EXPORT_FORMATS, { error: 'format must be csv or xlsx' }),
  ...rosterFilters,
});
export type RosterExportQuery = z.input<typeof rosterExportQuery>;

/** A student of the product with their figures in it (their latest answer to each question counts). */
export const rosterStudent = z.object({
  userUuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  plan: z.enum(ROSTER_PLANS),
  /** Whether the subscription still gives access. */
  active: z.boolean(),
  joinedAt: z.string(),
  /** Questions drawn into the student's tests so far. */
  questionsUsed: z.number().int(),
  /** Questions answered at least once, and how many of those the latest answer got right. */
  answered: z.number().int(),
  correct: z.number().int(),
  /** Tests started. */
  testsTaken: z.number().int(),
  /** The last test started or answer recorded; null when the student has done nothing yet. */
  lastActiveAt: z.string().nullable(),
});
export type RosterStudent = z.infer<typeof rosterStudent>;

export const rosterPage = z.object({
  content: z.array(rosterStudent),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type RosterPage = z.infer<typeof rosterPage>;
