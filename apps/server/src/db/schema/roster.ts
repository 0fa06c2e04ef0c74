import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products, subjects } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A group of a product's students (a class, a year, a site), made by its instructors and admins. Archived ones
 * keep their members and drop out of the lists. Names are unique in a product, case aside.
 */
export const cohorts = pgTable(
  'cohorts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cohorts_product_name_key').on(t.productId, sql`lower(${t.name})`)],
);

/** Who is in a cohort: a student may be in several. */
export const cohortMembers = pgTable(
  'cohort_members',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.userId] }), index('cohort_members_user_idx').on(t.userId)],
);

/**
 * Every privileged action, written in the transaction that makes it (DESIGN: who, when, what). Append-only: a
 * trigger (migration 0021) refuses UPDATE and DELETE, so history cannot be rewritten through the app's role.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    /** Who acted. No foreign key: the row outlives the user (a cascade would have to rewrite history). */
    actorId: uuid('actor_id'),
    /** The product acted on, when there is one. */
    productId: uuid('product_id'),
    /** What was done: 'cohort.create', 'cohort.members.add'… */
    action: text('action').notNull(),
    /** The details: ids, names, before and after. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** The address the request came from (as the proxy settings trust it); null for jobs and the seed. */
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_product_at_idx').on(t.productId, t.at),
    // The superuser's log, newest first, searched by who and by what (docs/audit-log.md).
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorId, t.at, t.id),
    index('audit_log_action_at_idx').on(t.action, t.at, t.id),
  ],
);

/**
 * An instructor's test, kept to assign (the Test Bank): its name and archive flag; what it holds is in its
 * versions, the newest being `current_version` (docs/test-bank.md).
 */
export const testTemplates = pgTable(
  'test_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    archivedAt: ts('archived_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('test_templates_product_updated_idx').on(t.productId, t.updatedAt, t.id)],
);

/**
 * One saved state of a template, never changed once written: an assignment keeps the version it was made
 * from whatever is saved after it. `spec` is the template's whole definition as the contract's templateInput.
 */
export const testTemplateVersions = pgTable(
  'test_template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => testTemplates.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_template_versions_number_key').on(t.templateId, t.number)],
);

/**
 * The Students list's read model: one row per student subscription (the student role), with the user's names
 * and e-mail and the figures of learner_stats beside the subscription's plan and access, so a page of any order
 * is an index scan that stops after 50 rows (docs/roster.md). Kept by triggers on subscriptions, users and
 * learner_stats (migration 0028), in the transaction of each change, whatever writes them.
 */
export const studentDirectory = pgTable(
  'student_directory',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    type: text('type').notNull(),
    active: boolean('active').notNull(),
    accessHold: text('access_hold'),
    /** ACTIVE, ENDED, SUSPENDED or REMOVED: what the list filters and shows. */
    access: text('access')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(access_hold, CASE WHEN active THEN 'ACTIVE' ELSE 'ENDED' END)`),
    joinedAt: ts('joined_at').notNull(),
    questionsUsed: integer('questions_used').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    /** correct / answered; null before the first answer. */
    pct: doublePrecision('pct').generatedAlwaysAs(sql`correct::float8 / nullif(answered, 0)`),
    testsTaken: integer('tests_taken').notNull().default(0),
    lastActiveAt: ts('last_active_at'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.userId] }),
    index('student_directory_name_idx').on(
      t.productId,
      sql`lower(last_name)`,
      sql`lower(first_name)`,
      t.userId,
    ),
    index('student_directory_email_idx').on(t.productId, sql`lower(email)`, t.userId),
    index('student_directory_type_idx').on(t.productId, t.type, t.userId),
    index('student_directory_used_idx').on(t.productId, t.questionsUsed, t.userId),
    index('student_directory_tests_idx').on(t.productId, t.testsTaken, t.userId),
    index('student_directory_pct_asc_idx').on(t.productId, t.pct.asc().nullsLast(), t.userId),
    index('student_directory_pct_desc_idx').on(
      t.productId,
      t.pct.desc().nullsLast(),
      t.userId.desc().nullsFirst(),
    ),
    index('student_directory_active_asc_idx').on(t.productId, t.lastActiveAt.asc().nullsLast(), t.userId),
    index('student_directory_active_desc_idx').on(
      t.productId,
      t.lastActiveAt.desc().nullsLast(),
      t.userId.desc().nullsFirst(),
    ),
    index('student_directory_user_idx').on(t.userId),
  ],
);

/**
 * How many students of a product have each access and plan: what the Students list's total is when only those
 * filter it (its first page, every page of it), read from a few rows instead of counted. Kept by a trigger on
 * student_directory (migration 0028).
 */
export const studentDirectoryCounts = pgTable(
  'student_directory_counts',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    access: text('access').notNull(),
    type: text('type').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.access, t.type] })],
);

/**
 * Performance tracking's read model by subject (docs/performance.md): each student's latest answers in a product
 * by subject, the learner_questions rows with an answer counted (answered) and those right (correct), filed
 * under the subject the question stood in when the answer was recorded. Kept by statement triggers on
 * learner_questions (migration 0033) in the transaction of each write, so the weakest subjects and the heat map
 * read a few rows per student instead of every answer.
 */
export const learnerSubjectStats = pgTable(
  'learner_subject_stats',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.userId, t.subjectId] })],
);

/**
 * Questions each student first used (drawn into a test) in a product, by week (the Monday, UTC): the progress
 * chart's cumulative questions used. Kept by a statement trigger on learner_questions' inserts (migration 0033).
 */
export const learnerWeeks = pgTable(
  'learner_weeks',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.userId, t.week] })],
);
