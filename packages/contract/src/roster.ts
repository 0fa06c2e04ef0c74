import { z } from 'zod';
import { SORT_ORDERS } from './store';
import { dashboard } from './tests';
import { textField, wholeNumber } from './text';

export * from './performance';

const uuidField = (field: string) => z.uuid({ error: `${field} must be a UUID` });

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
  /** By the first of the student's cohorts (A to Z); students in none last. */
  'cohorts',
] as const;
export type RosterSortField = (typeof ROSTER_SORT_FIELDS)[number];

/**
 * Which students the list keeps: those with access (ACTIVE), those whose subscription ended (ENDED), those the
 * instructors suspended (SUSPENDED) or removed (REMOVED), or all but the removed (ALL).
 */
export const ROSTER_STATUSES = ['ACTIVE', 'ENDED', 'SUSPENDED', 'REMOVED', 'ALL'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

/** Where a student's access stands: the three ways it can be closed are told apart. */
export const STUDENT_ACCESS = ['ACTIVE', 'ENDED', 'SUSPENDED', 'REMOVED'] as const;
export type StudentAccess = (typeof STUDENT_ACCESS)[number];

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
  /** Only the members of this cohort (one of the product's). */
  cohortUuid: uuidField('cohortUuid').optional(),
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
  /** Whether the student has access now: the subscription is active and the instructors hold nothing. */
  active: z.boolean(),
  /** Where their access stands; SUSPENDED and REMOVED are the instructors' doing, and reversible. */
  access: z.enum(STUDENT_ACCESS),
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
  /** The cohorts (not archived) the student is in, by name. */
  cohorts: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
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

// Cohorts: groups of a product's students (a class, a year, a site), made by its instructors and admins.

/** The longest cohort name. */
export const COHORT_NAME_MAX = 80;
/** The most students one call adds to or removes from a cohort. */
export const COHORT_MEMBERS_MAX = 500;

const cohortName = textField('name')
  .trim()
  .min(1, { error: 'name is required' })
  .max(COHORT_NAME_MAX, { error: `name must be at most ${COHORT_NAME_MAX} characters` });

export const cohort = z.object({
  uuid: z.uuid(),
  name: z.string(),
  archived: z.boolean(),
  /** Its students (whatever their access now). */
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Cohort = z.infer<typeof cohort>;
export const cohortList = z.array(cohort);

/** GET products/{id}/cohorts: the product's cohorts by name, archived ones only when asked. */
export const cohortListQuery = z.object({
  includeArchived: z
    .enum(['true', 'false'], { error: 'includeArchived must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type CohortListQuery = z.input<typeof cohortListQuery>;

/** POST products/{id}/cohorts. */
export const cohortInput = z.object({ name: cohortName });
export type CohortInput = z.infer<typeof cohortInput>;

/** PATCH cohorts/{id}: a new name, archiving or restoring it, or both. */
export const cohortUpdate = z
  .object({
    name: cohortName.optional(),
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.archived !== undefined, {
    error: 'Send a name or archived',
    path: ['name'],
  });
export type CohortUpdate = z.infer<typeof cohortUpdate>;

/** POST cohorts/{id}/members and cohorts/{id}/removeMembers: the students, by user id. */
export const cohortMembersInput = z.object({
  userUuids: z
    .array(uuidField('userUuids'), { error: 'userUuids must be a list of user ids' })
    .min(1, { error: 'userUuids must name at least one student' })
    .max(COHORT_MEMBERS_MAX, { error: `userUuids must name at most ${COHORT_MEMBERS_MAX} students` }),
});
export type CohortMembersInput = z.infer<typeof cohortMembersInput>;

/** How many of the students named were added (or removed); the others already were (or were not) members. */
export const cohortMembersResult = z.object({ changed: z.number().int(), cohort });
export type CohortMembersResult = z.infer<typeof cohortMembersResult>;

export const cohortIdParams = z.object({ id: uuidField('id') });

/** What an instructor does to students' access: suspend (listed as suspended), remove (out of the list), restore. */
export const STUDENT_ACCESS_ACTIONS = ['SUSPEND', 'REMOVE', 'RESTORE'] as const;
export type StudentAccessAction = (typeof STUDENT_ACCESS_ACTIONS)[number];

/** POST products/{id}/students/access: the students, by user id, and what to do to their access. */
export const studentAccessInput = z.object({
  userUuids: z
    .array(uuidField('userUuids'), { error: 'userUuids must be a list of user ids' })
    .min(1, { error: 'userUuids must name at least one student' })
    .max(COHORT_MEMBERS_MAX, { error: `userUuids must name at most ${COHORT_MEMBERS_MAX} students` }),
  action: z.enum(STUDENT_ACCESS_ACTIONS, {
    error: `action must be one of ${STUDENT_ACCESS_ACTIONS.join(', ')}`,
  }),
});
export type StudentAccessInput = z.infer<typeof studentAccessInput>;

/** How many of the students named changed; the others already stood so. */
export const studentAccessResult = z.object({ changed: z.number().int() });
export type StudentAccessResult = z.infer<typeof studentAccessResult>;

/** GET products/{id}/students/{userId}: one student, and their standing as their own dashboard shows it. */
export const studentParams = z.object({ id: uuidField('id'), userId: uuidField('userId') });
/** GET products/{id}/students/{userId}/tests/{testId}/review. */
export const studentTestParams = z.object({
  id: uuidField('id'),
  userId: uuidField('userId'),
  testId: uuidField('testId'),
});

/** The weeks of activity a student's page charts: the last twelve, oldest first. */
export const ACTIVITY_WEEKS = 12;

/** A group's answers in one subject: how many, how many right. */
const subjectFigure = z.object({ uuid: z.uuid(), answered: z.number().int(), correct: z.number().int() });

export const studentDetail = z.object({
  student: rosterStudent,
  standing: dashboard,
  /** Each of the last ACTIVITY_WEEKS weeks (Monday to Sunday, UTC): tests started, questions answered in tests ended. */
  activity: z.array(z.object({ weekStart: z.string(), tests: z.number().int(), answered: z.number().int() })),
  /**
   * What to compare the student with, by subject (latest answers of students with access): every student of the
   * bank, and each cohort the student is in (up to three).
   */
  comparison: z.object({
    bank: z.array(subjectFigure),
    cohorts: z.array(z.object({ uuid: z.uuid(), name: z.string(), bySubject: z.array(subjectFigure) })),
  }),
});
export type StudentDetail = z.infer<typeof studentDetail>;
