import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';
import { questions } from './questions';
import { cohorts, testTemplates } from './roster';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A template given to cohorts and students (docs/assignments.md). It keeps the template's version it was made
 * from (`spec` is that version's, copied so later saves never reach it) and, for questions drawn once for
 * everyone, the draw (`question_ids`). Attempts are tests with `assignment_id` set.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => testTemplates.id, { onDelete: 'cascade' }),
    templateVersion: integer('template_version').notNull(),
    name: text('name').notNull(),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    /** The questions every student gets, in order: chosen by hand or drawn once; null: drawn per student. */
    questionIds: jsonb('question_ids').$type<string[]>(),
    opensAt: ts('opens_at').notNull(),
    closesAt: ts('closes_at').notNull(),
    latePolicy: text('late_policy', { enum: ['NONE', 'ACCEPT_LATE'] }).notNull(),
    lateUntil: ts('late_until'),
    attemptsAllowed: integer('attempts_allowed').notNull(),
    answersShown: text('answers_shown', { enum: ['AFTER_SUBMIT', 'AFTER_CLOSE', 'NEVER'] }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('assignments_product_closes_idx').on(t.productId, t.closesAt, t.id),
    index('assignments_template_idx').on(t.templateId),
  ],
);

/** The cohorts an assignment is given to: their members now, whoever joins later too. */
export const assignmentCohorts = pgTable(
  'assignment_cohorts',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.cohortId] }),
    index('assignment_cohorts_cohort_idx').on(t.cohortId),
  ],
);

/** The students an assignment is given to by name. */
export const assignmentStudents = pgTable(
  'assignment_students',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('assignment_students_user_idx').on(t.userId),
  ],
);

/** The choice id that stands for "left blank" in assignment_item_sums (a key cannot be null). */
export const BLANK_CHOICE = '00000000-0000-0000-0000-000000000000';

/**
 * The results' item figures of an assignment, kept as each student's first attempt is finalised (in its
 * transaction): per question and chosen choice, how many first attempts chose it and the sums a correlation
 * needs of the item's score c and the rest of the attempt r: Σc, Σr, Σr², Σcr. Additive, so the results page
 * reads a few hundred rows, never the answers (docs/assignments.md).
 */
export const assignmentItemSums = pgTable(
  'assignment_item_sums',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    choiceId: uuid('choice_id').notNull(),
    firstPosition: integer('first_position').notNull(),
    /** One of the versions the attempts pinned, for the question's text and choices. */
    versionId: uuid('version_id').notNull(),
    n: integer('n').notNull(),
    sc: bigint('sc', { mode: 'number' }).notNull(),
    sr: bigint('sr', { mode: 'number' }).notNull(),
    srr: bigint('srr', { mode: 'number' }).notNull(),
    scr: bigint('scr', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.questionId, t.choiceId] })],
);

/** The first attempts' totals of an assignment: how many, Σ total, Σ total², the most questions one held. */
export const assignmentFirstTotals = pgTable('assignment_first_totals', {
  assignmentId: uuid('assignment_id')
    .primaryKey()
    .references(() => assignments.id, { onDelete: 'cascade' }),
  n: integer('n').notNull(),
  sum: bigint('sum', { mode: 'number' }).notNull(),
  sumSquares: bigint('sum_squares', { mode: 'number' }).notNull(),
  items: integer('items').notNull(),
});
