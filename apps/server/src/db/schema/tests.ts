import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { questions, questionVersions } from './questions';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A practice test. The server is the clock: time runs only between start and pause while kept alive. */
export const tests = pgTable(
  'tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['TUTOR', 'TIMED'] }).notNull(),
    status: text('status', { enum: ['CREATED', 'IN_PROGRESS', 'PAUSED', 'COMPLETED'] })
      .notNull()
      .default('CREATED'),
    numQuestions: integer('num_questions').notNull(),
    timeLimitSeconds: integer('time_limit_seconds'),
    timeUsedSeconds: integer('time_used_seconds').notNull().default(0),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    runningSince: ts('running_since'),
    lastAliveAt: ts('last_alive_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    scorePercent: integer('score_percent'),
  },
  (t) => [index('tests_user_product_idx').on(t.userId, t.productId, t.status)],
);

export const testQuestions = pgTable(
  'test_questions',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    questionVersionId: uuid('question_version_id')
      .notNull()
      .references(() => questionVersions.id),
    /** The id of the chosen answer choice (choice ids are stable across the question's versions). */
    selectedChoiceId: uuid('selected_choice_id'),
    correct: boolean('correct'),
    flagged: boolean('flagged').notNull().default(false),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.position] }),
    index('test_questions_question_idx').on(t.questionId),
  ],
);
