import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';
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
