import { z } from 'zod';
import { textField, wholeNumber } from './text';

// Assignments: a template of the Test Bank, at the version it had, given to cohorts and students with dates,
// attempts and when answers are shown (docs/assignments.md).

const uuidField = (field: string) => z.uuid({ error: `${field} must be a UUID` });
const dateTime = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time (ISO 8601)` });

export const ASSIGNMENT_NAME_MAX = 120;
export const ASSIGNMENT_ATTEMPTS_MAX = 10;
export const ASSIGNMENT_TARGETS_MAX = 500;
export const ASSIGNMENT_PAGE_SIZE = 25;

/** When a student may read the review of an attempt: once it is submitted, once the assignment closes, or never. */
export const ANSWERS_SHOWN = ['AFTER_SUBMIT', 'AFTER_CLOSE', 'NEVER'] as const;
export type AnswersShown = (typeof ANSWERS_SHOWN)[number];

/** After the close date: no more starts, or starts accepted (and marked late) until `lateUntil`. */
export const LATE_POLICIES = ['NONE', 'ACCEPT_LATE'] as const;
export type LatePolicy = (typeof LATE_POLICIES)[number];

/** Where an assignment stands now: not open yet, open, past its close date but taking late starts, closed. */
export const ASSIGNMENT_STATES = ['SCHEDULED', 'OPEN', 'LATE', 'CLOSED'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

/** The settings of an assignment, as made and as changed. */
const assignmentSettings = {
  name: textField('name')
    .trim()
    .max(ASSIGNMENT_NAME_MAX, { error: `name must be at most ${ASSIGNMENT_NAME_MAX} characters` })
    .optional(),
  opensAt: dateTime('opensAt'),
  closesAt: dateTime('closesAt'),
  attemptsAllowed: z
    .number({ error: 'attemptsAllowed must be a whole number' })
    .int({ error: 'attemptsAllowed must be a whole number' })
    .min(1, { error: 'attemptsAllowed must be 1 or more' })
    .max(ASSIGNMENT_ATTEMPTS_MAX, { error: `attemptsAllowed must be at most ${ASSIGNMENT_ATTEMPTS_MAX}` }),
  answersShown: z.enum(ANSWERS_SHOWN, { error: `answersShown must be one of ${ANSWERS_SHOWN.join(', ')}` }),
  latePolicy: z.enum(LATE_POLICIES, { error: `latePolicy must be one of ${LATE_POLICIES.join(', ')}` }),
  /** With ACCEPT_LATE: the last moment a late attempt may run to. */
  lateUntil: dateTime('lateUntil').nullable().default(null),
  cohortUuids: z
    .array(uuidField('cohortUuids'), { error: 'cohortUuids must be a list of cohort ids' })
    .max(ASSIGNMENT_TARGETS_MAX, { error: `cohortUuids must name at most ${ASSIGNMENT_TARGETS_MAX} cohorts` })
    .default([]),
  studentUuids: z
    .array(uuidField('studentUuids'), { error: 'studentUuids must be a list of user ids' })
    .max(ASSIGNMENT_TARGETS_MAX, {
      error: `studentUuids must name at most ${ASSIGNMENT_TARGETS_MAX} students`,
    })
    .default([]),
};

type Settings = {
  opensAt: string;
  closesAt: string;
  latePolicy: LatePolicy;
  lateUntil: string | null;
  cohortUuids: string[];
  studentUuids: string[];
};

/** The rules that tie fields together, each reported on the field to change. */
function checkSettings(s: Settings, ctx: z.RefinementCtx) {
  if (Date.parse(s.closesAt) <= Date.parse(s.opensAt))
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'closesAt must be after opensAt' });
  if (s.latePolicy === 'ACCEPT_LATE') {
    if (s.lateUntil === null)
      ctx.addIssue({
        code: 'custom',
        path: ['lateUntil'],
        message: 'lateUntil is required when late attempts are accepted',
      });
    else if (Date.parse(s.lateUntil) <= Date.parse(s.closesAt))
      ctx.addIssue({ code: 'custom', path: ['lateUntil'], message: 'lateUntil must be after closesAt' });
  } else if (s.lateUntil !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['lateUntil'],
      message: 'lateUntil is only for an assignment that accepts late attempts',
    });
  if (s.cohortUuids.length + s.studentUuids.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['cohortUuids'],
      message: 'Assign it to at least one cohort or student',
    });
  if (new Set(s.cohortUuids).size !== s.cohortUuids.length)
    ctx.addIssue({ code: 'custom', path: ['cohortUuids'], message: 'A cohort is named twice' });
  if (new Set(s.studentUuids).size !== s.studentUuids.length)
    ctx.addIssue({ code: 'custom', path: ['studentUuids'], message: 'A student is named twice' });
}

/** POST products/{id}/assignments: a template's latest version given to cohorts and students. */
export const assignmentInput = z
  .object({
    /** Made by the client, optional: the same uuid sent again answers the same assignment (a retried create). */
    uuid: uuidField('uuid').optional(),
    templateUuid: uuidField('templateUuid'),
    ...assignmentSettings,
  })
  .superRefine(checkSettings);
export type AssignmentInput = z.input<typeof assignmentInput>;

/** PUT assignments/{id}: its settings again (the template's version stays the one assigned). */
export const assignmentUpdate = z.object(assignmentSettings).superRefine(checkSettings);
export type AssignmentUpdate = z.input<typeof assignmentUpdate>;

export const assignmentIdParams = z.object({ id: uuidField('id') });

const namedRef = z.object({ uuid: z.uuid(), name: z.string() });

/** An assignment as its instructors read it. */
export const assignment = z.object({
  uuid: z.uuid(),
  name: z.string(),
  templateUuid: z.uuid(),
  templateName: z.string(),
  /** The template's version it was made from: what every attempt is built from. */
  templateVersion: z.number().int(),
  mode: z.enum(['TUTOR', 'TIMED']),
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int().nullable(),
  passingScore: z.number().int().nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  latePolicy: z.enum(LATE_POLICIES),
  lateUntil: z.string().nullable(),
  attemptsAllowed: z.number().int(),
  answersShown: z.enum(ANSWERS_SHOWN),
  state: z.enum(ASSIGNMENT_STATES),
  cohorts: z.array(namedRef),
  students: z.array(
    z.object({ uuid: z.uuid(), firstName: z.string(), lastName: z.string(), emailAddress: z.string() }),
  ),
  /** Students it is given to now (cohort members and those named), and how many finished an attempt. */
  assigned: z.number().int(),
  completed: z.number().int(),
  createdAt: z.string(),
});
export type Assignment = z.infer<typeof assignment>;

export const assignmentPage = z.object({
  content: z.array(assignment),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type AssignmentPage = z.infer<typeof assignmentPage>;

/** GET products/{id}/assignments: newest close date first, optionally of one template. */
export const assignmentListQuery = z.object({
  page: wholeNumber('page', 0, 1_000_000).default(0),
  size: wholeNumber('size', 1, 100).default(ASSIGNMENT_PAGE_SIZE),
  templateUuid: uuidField('templateUuid').optional(),
});
export type AssignmentListQuery = z.input<typeof assignmentListQuery>;

/** An assignment as a student sees it: when, how many attempts are left, and what they can do now. */
export const myAssignment = z.object({
  uuid: z.uuid(),
  name: z.string(),
  mode: z.enum(['TUTOR', 'TIMED']),
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int().nullable(),
  passingScore: z.number().int().nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  lateUntil: z.string().nullable(),
  state: z.enum(ASSIGNMENT_STATES),
  attemptsAllowed: z.number().int(),
  attemptsUsed: z.number().int(),
  answersShown: z.enum(ANSWERS_SHOWN),
  /** The attempt running or paused now, to resume. */
  openTestUuid: z.string().nullable(),
  /** The latest finished attempt: its test (for the review, when answers are shown) and score. */
  lastTestUuid: z.string().nullable(),
  lastScorePercent: z.number().int().nullable(),
  /** Whether its review may be read now. */
  reviewOpen: z.boolean(),
  /** Whether a new attempt may start now (open or late, attempts left, none running). */
  canStart: z.boolean(),
});
export type MyAssignment = z.infer<typeof myAssignment>;

export const myAssignmentList = z.object({ content: z.array(myAssignment) });
export type MyAssignmentList = z.infer<typeof myAssignmentList>;

/** An assignment given to one student, as their instructors read it on the student's page. */
export const studentAssignment = z.object({
  uuid: z.uuid(),
  name: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  lateUntil: z.string().nullable(),
  state: z.enum(ASSIGNMENT_STATES),
  status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED']),
  attempts: z.number().int(),
  attemptsAllowed: z.number().int(),
  /** The first finished attempt (the one the results count) and its score; the best score of all. */
  testUuid: z.string().nullable(),
  scorePercent: z.number().int().nullable(),
  bestScorePercent: z.number().int().nullable(),
  late: z.boolean(),
});
export type StudentAssignment = z.infer<typeof studentAssignment>;
export const studentAssignmentList = z.object({ content: z.array(studentAssignment) });
export const studentAssignmentParams = z.object({ id: uuidField('id'), userId: uuidField('userId') });

/** POST assignments/{id}/attempts: the client names the new test (a retry answers the same one). */
export const assignmentStartInput = z.object({ uuid: uuidField('uuid') });

/** Shown to a student whose review is held back. */
export const ANSWERS_AFTER_CLOSE_MESSAGE = 'The answers to this assignment are shown after it closes';
export const ANSWERS_NEVER_MESSAGE = 'The answers to this assignment are not shown';

/** GET assignments/{id}/results: how the class did, for its instructors. */
export const assignmentResults = z.object({
  assignment,
  /** Students given it, those who finished an attempt, who have one running, who have not started. */
  assigned: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  notStarted: z.number().int(),
  /** Over each student's first finished attempt (null before any). */
  meanScore: z.number().nullable(),
  medianScore: z.number().nullable(),
  standardDeviation: z.number().nullable(),
  /** KR-20 (Cronbach's alpha for right/wrong items); null under two attempts or with no spread. */
  reliability: z.number().nullable(),
  meanTimeSeconds: z.number().nullable(),
  passed: z.number().int().nullable(),
  /** Scores in ten bands: 0–9, 10–19, … 90–100. */
  histogram: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
  questions: z.array(
    z.object({
      uuid: z.uuid(),
      name: z.string(),
      stemText: z.string(),
      answered: z.number().int(),
      /** Share right among the first attempts that reached it (null before any). */
      facility: z.number().nullable(),
      /** Corrected item–total correlation (null under three attempts or with no spread). */
      discrimination: z.number().nullable(),
      choices: z.array(
        z.object({ uuid: z.string(), text: z.string(), correct: z.boolean(), count: z.number().int() }),
      ),
      /** Left blank by this many. */
      blank: z.number().int(),
    }),
  ),
  students: z.array(
    z.object({
      userUuid: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      emailAddress: z.string(),
      status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED']),
      attempts: z.number().int(),
      /** The first finished attempt: the one the statistics count. */
      testUuid: z.string().nullable(),
      scorePercent: z.number().int().nullable(),
      bestScorePercent: z.number().int().nullable(),
      timeUsedSeconds: z.number().int().nullable(),
      finishedAt: z.string().nullable(),
      late: z.boolean(),
    }),
  ),
});
export type AssignmentResults = z.infer<typeof assignmentResults>;

export const ASSIGNMENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const assignmentExportQuery = z.object({
  format: z.enum(ASSIGNMENT_EXPORT_FORMATS, { error: 'format must be csv or xlsx' }),
});
