import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { assignments } from './assignments';
import { products, subcategories } from './catalogue';
import { questions, questionVersions } from './questions';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const testModes = ['TUTOR', 'TIMED'] as const;
export const testStatuses = ['IN_PROGRESS', 'PAUSED', 'COMPLETED'] as const;

/**
 * A practice test (docs/tests.md). The server is the clock: `time_used_ms` is what was spent up to
 * `last_tick_at`; while the test runs, every keep-alive or action adds the time since then (at most a grace
 * period, so a closed lid spends nothing) to the test and to the question on screen.
 */
export const tests = pgTable(
  'tests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mode: text('mode', { enum: testModes }).notNull(),
    status: text('status', { enum: testStatuses }).notNull(),
    numQuestions: integer('num_questions').notNull(),
    /** What the learner chose: pools and subcategories (kept for "a test from my incorrect answers"). */
    pools: jsonb('pools').$type<string[]>().notNull(),
    subcategoryIds: jsonb('subcategory_ids').$type<string[]>().notNull(),
    freeSampleOnly: boolean('free_sample_only').notNull().default(false),
    /** Timed mode only. */
    timeLimitMs: bigint('time_limit_ms', { mode: 'number' }),
    timeUsedMs: bigint('time_used_ms', { mode: 'number' }).notNull().default(0),
    /** While IN_PROGRESS: when time was last counted. Null while paused or completed. */
    lastTickAt: ts('last_tick_at'),
    currentPosition: integer('current_position').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
    answered: integer('answered'),
    correct: integer('correct'),
    scorePercent: integer('score_percent'),
    /** An attempt at an assignment (docs/assignments.md); null for the learner's own tests. */
    assignmentId: uuid('assignment_id').references(() => assignments.id, { onDelete: 'no action' }),
    /** The moment the test ends whatever its clock says (an assignment's close); null: none. */
    endsAt: ts('ends_at'),
    /** Started after the assignment's close date, under its late policy. */
    late: boolean('late').notNull().default(false),
  },
  (t) => [
    // At most one open test per learner and product (DESIGN §5), whatever the services check first.
    uniqueIndex('tests_one_open_key')
      .on(t.userId, t.productId)
      .where(sql`${t.status} IN ('IN_PROGRESS', 'PAUSED')`),
    index('tests_user_product_created_idx').on(t.userId, t.productId, t.createdAt, t.id),
    // Performance tracking: a product's tests ended since a week (docs/performance.md).
    index('tests_product_finished_idx').on(t.productId, t.finishedAt).where(sql`${t.status} = 'COMPLETED'`),
    // The expiry task looks only at running timed tests. The key is one no action changes (not last_tick_at),
    // so the answer's update of the clock can be a heap-only (HOT) update that writes no index entries.
    index('tests_running_timed_idx').on(t.id).where(sql`${t.status} = 'IN_PROGRESS' AND ${t.mode} = 'TIMED'`),
    // Open tests with a hard end, for the task that ends them at their assignment's close.
    index('tests_open_ends_idx')
      .on(t.endsAt)
      .where(sql`${t.status} <> 'COMPLETED' AND ${t.endsAt} IS NOT NULL`),
    index('tests_assignment_user_idx').on(t.assignmentId, t.userId).where(sql`${t.assignmentId} IS NOT NULL`),
  ],
);

export interface StoredHighlight {
  start: number;
  end: number;
}

/** One question of a test, pinned to the version the test was built from. */
export const testQuestions = pgTable(
  'test_questions',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    questionVersionId: uuid('question_version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'cascade' }),
    /** Where the question stood when the test was built: performance by subject reads it. */
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    /** The id of the chosen answer choice (choice ids are stable across the question's versions). */
    selectedChoiceId: uuid('selected_choice_id'),
    correct: boolean('correct'),
    flagged: boolean('flagged').notNull().default(false),
    /** Tutor mode: submitted, final, solution shown. */
    locked: boolean('locked').notNull().default(false),
    struck: jsonb('struck').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    highlights: jsonb('highlights').$type<StoredHighlight[]>().notNull().default(sql`'[]'::jsonb`),
    note: text('note').notNull().default(''),
    timeSpentMs: bigint('time_spent_ms', { mode: 'number' }).notNull().default(0),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.position] }),
    uniqueIndex('test_questions_question_key').on(t.testId, t.questionId),
    index('test_questions_question_idx').on(t.questionId),
  ],
);

/**
 * The questions a test may draw: one row per question with a published version (`questions.published_version_id`,
 * kept while a revision is in the workflow), that version's id, placement and free-sample flag, kept by a trigger
 * on `questions` (migrations 0014 and 0019) whatever writes them. `rk` is a random key: a draw reads each chosen
 * subcategory's index from a random point, so picking 100 questions never sorts the bank.
 */
export const questionPool = pgTable(
  'question_pool',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    versionId: uuid('version_id').notNull(),
    freeSample: boolean('free_sample').notNull(),
    rk: doublePrecision('rk').notNull().default(sql`random()`),
  },
  (t) => [
    index('question_pool_draw_idx').on(t.productId, t.subcategoryId, t.rk),
    index('question_pool_free_idx').on(t.productId, t.subcategoryId, t.rk).where(sql`${t.freeSample}`),
  ],
);

/**
 * What one learner has done with one question across their tests: used (given in a test), the last answer's
 * correctness (the INCORRECT pool), the last flag (the FLAGGED pool), and the first answer (statistics).
 */
export const learnerQuestions = pgTable(
  'learner_questions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    usedAt: ts('used_at').notNull(),
    lastCorrect: boolean('last_correct'),
    flagged: boolean('flagged').notNull().default(false),
    /** The choice of the learner's first answer to it; counted once in question_shares. */
    firstChoiceId: uuid('first_choice_id'),
    /** Whether that first answer was right (by the key of the version the test pinned): the learner's rest score. */
    firstCorrect: boolean('first_correct'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('learner_questions_user_product_idx').on(t.userId, t.productId),
    index('learner_questions_incorrect_idx').on(t.userId, t.productId).where(sql`${t.lastCorrect} = false`),
    index('learner_questions_flagged_idx').on(t.userId, t.productId).where(sql`${t.flagged}`),
    // A question's first attempts, for its item statistics (the task reads one question's at a time).
    index('learner_questions_first_idx').on(t.questionId).where(sql`${t.firstChoiceId} IS NOT NULL`),
  ],
);

/**
 * How many learners chose each choice of a question on their first attempt (choice id to count), one row per
 * question so a test's 100 questions are 100 probes of a small key: kept, never recounted.
 */
export const questionShares = pgTable('question_shares', {
  questionId: uuid('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  counts: jsonb('counts').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
});

/**
 * A learner's figures in a product, kept by the writes that change them (never recounted): answered and correct
 * (their latest answer per question), the questions drawn into their tests, the tests started, and when they
 * last started a test or had answers recorded. The dashboard and the Students screen read them.
 */
export const learnerStats = pgTable(
  'learner_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    questionsUsed: integer('questions_used').notNull().default(0),
    testsTaken: integer('tests_taken').notNull().default(0),
    lastActiveAt: ts('last_active_at'),
    /** Questions answered for the first time, and how many of those first answers were right (item statistics). */
    firstAnswered: integer('first_answered').notNull().default(0),
    firstCorrect: integer('first_correct').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** How many completed tests of a product scored each percent: the percentile of a score, without a scan. */
export const testScores = pgTable(
  'test_scores',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    scorePercent: integer('score_percent').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.scorePercent] })],
);

/**
 * How many questions of a product learners get in each subcategory (null: unfiled): the pool's rows counted,
 * kept by a trigger on `question_pool` (migration 0020), so Start Test, browsing and the subject tree read a few
 * keys however large the bank. A question with a revision in the workflow counts where its published version is.
 */
export const questionPoolCounts = pgTable(
  'question_pool_counts',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    subcategoryId: uuid('subcategory_id'),
    n: integer('n').notNull().default(0),
  },
  (t) => [unique('question_pool_counts_key').on(t.productId, t.subcategoryId).nullsNotDistinct()],
);
