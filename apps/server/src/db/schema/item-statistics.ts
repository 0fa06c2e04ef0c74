import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { questions } from './questions';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Each question's item statistics from learners' first attempts (docs/item-statistics.md, decision 0030), written
 * by the periodic task that recomputes the questions in `question_stats_dirty`; My Questions sorts and filters on
 * them. A question nobody has answered first has no row.
 */
export const questionItemStats = pgTable(
  'question_item_stats',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** First attempts counted. */
    n: integer('n').notNull(),
    facility: doublePrecision('facility'),
    discrimination: doublePrecision('discrimination'),
    /** Learners in each of the top and bottom thirds by rest score. */
    groupSize: integer('group_size').notNull(),
    /** Choice id to the share of the top (bottom) third that chose it. */
    topShares: jsonb('top_shares').$type<Record<string, number>>().notNull(),
    bottomShares: jsonb('bottom_shares').$type<Record<string, number>>().notNull(),
    /** The correct choice the figures were scored against: the published version's (else the current one's). */
    keyChoiceId: uuid('key_choice_id'),
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    /** Any flag: copied to `question_search.needs_check`, which My Questions' "needs checking" filter reads. */
    needsCheck: boolean('needs_check').notNull().default(false),
    computedAt: ts('computed_at').notNull(),
  },
  (t) => [
    // One index per sort key, walked in the list's order and stopped at the page's end; a question without the
    // figure comes after those with it, whichever the direction.
    index('question_item_stats_facility_idx')
      .on(t.productId, t.facility, t.questionId)
      .where(sql`${t.facility} IS NOT NULL`),
    index('question_item_stats_discrimination_idx')
      .on(t.productId, t.discrimination, t.questionId)
      .where(sql`${t.discrimination} IS NOT NULL`),
    index('question_item_stats_n_idx').on(t.productId, t.n, t.questionId),
    // The sweep that refreshes the oldest figures (a learner's rest score moves as they answer other questions).
    index('question_item_stats_computed_idx').on(t.computedAt),
  ],
);

/**
 * Questions whose first attempts changed since their figures were computed: marked in the transaction that records
 * a first attempt (`seq` counts the marks), cleared by the task once it wrote figures from at least that mark.
 */
export const questionStatsDirty = pgTable('question_stats_dirty', {
  questionId: uuid('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull().default(1),
});
