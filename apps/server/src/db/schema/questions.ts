import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products, subcategories } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const questionStatuses = ['PUBLISHED', 'DRAFT', 'NEEDS_REVISION', 'SUBMITTED', 'DELETED'] as const;

/** A question's identity; its content lives in versions (every save is a new version). */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id),
    /** Part of the free sample set that BASIC subscriptions may use. */
    freeSample: boolean('free_sample').notNull().default(false),
    status: text('status', { enum: questionStatuses }).notNull().default('DRAFT'),
    currentVersion: integer('current_version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('questions_product_status_idx').on(t.productId, t.status),
    index('questions_subcategory_idx').on(t.subcategoryId),
  ],
);

export const questionVersions = pgTable(
  'question_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull().default(''),
    status: text('status', { enum: questionStatuses }).notNull(),
    questionStem: text('question_stem').notNull().default(''),
    answerChoices: jsonb('answer_choices').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    correctAnswerChoice: integer('correct_answer_choice'),
    explanation: text('explanation').notNull().default(''),
    references: jsonb('references').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    reinforcements: jsonb('reinforcements').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    editorId: uuid('editor_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_versions_key').on(t.questionId, t.version)],
);

export const questionMedia = pgTable('question_media', {
  id: uuid('id').primaryKey().defaultRandom(),
  questionId: uuid('question_id')
    .notNull()
    .references(() => questions.id, { onDelete: 'cascade' }),
  mediaType: text('media_type', { enum: ['STEM', 'EXPLANATION'] }).notNull(),
  url: text('url').notNull(),
  hash: text('hash').notNull(),
  contentType: text('content_type').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const questionComments = pgTable('question_comments', {
  id: uuid('id').primaryKey().defaultRandom(),
  questionId: uuid('question_id')
    .notNull()
    .references(() => questions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
