import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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
import { products, subcategories } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const questionStatuses = ['PUBLISHED', 'DRAFT', 'NEEDS_REVISION', 'SUBMITTED', 'DELETED'] as const;

/** One answer choice: its id is kept across versions, so statistics per choice survive edits and reordering. */
export interface StoredChoice {
  id: string;
  /** Sanitised rich text. */
  text: string;
  /**
   * Why this choice is right or wrong: sanitised rich text, part of the solution. Absent in rows saved before
   * choices had one, and when empty.
   */
  explanation?: string;
}

/**
 * A question's identity: its product, its author and its current version. Everything a save changes (content,
 * placement, status) lives in the immutable versions; `current_version_id` points at the newest one. The
 * foreign key to it is deferred (migration 0008), so a question and its first version are written in one
 * transaction. `published_version_id` is the version learners get (decision 0028): the newest PUBLISHED one,
 * kept while a revision (a newer DRAFT, SUBMITTED or NEEDS_REVISION version) goes through the workflow, null
 * when there is none or the question was deleted. The `question_pool_sync` trigger keeps it (migration 0020),
 * whatever writes questions.
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    currentVersionId: uuid('current_version_id').notNull(),
    publishedVersionId: uuid('published_version_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // My Questions walks one of these in its sort's order (forward for ASC, backward for DESC) and stops at
    // the page's end: the tie-breaker id sorts the same way as the key.
    index('questions_product_updated_idx').on(t.productId, t.updatedAt, t.id),
    index('questions_product_created_idx').on(t.productId, t.createdAt, t.id),
    index('questions_author_updated_idx').on(t.productId, t.authorId, t.updatedAt, t.id),
    uniqueIndex('questions_current_version_key').on(t.currentVersionId),
  ],
);

/**
 * One saved state of a question, never changed once written. Every save (a status change too) adds one; a
 * deletion is a version with status DELETED; a restore is a new version copying an older one's content.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per question. */
    number: integer('number').notNull(),
    status: text('status', { enum: questionStatuses }).notNull(),
    name: text('name').notNull().default(''),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    freeSample: boolean('free_sample').notNull().default(false),
    /** Sanitised rich text (HTML from the allow-list). */
    stem: text('stem').notNull().default(''),
    explanation: text('explanation').notNull().default(''),
    choices: jsonb('choices').$type<StoredChoice[]>().notNull().default(sql`'[]'::jsonb`),
    correctChoiceId: uuid('correct_choice_id'),
    references: jsonb('references').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    reinforcements: jsonb('reinforcements').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    /** What made this version: a save, a status change, a deletion, a restore of version N, an import. */
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Text search over the name, stem, explanation and choices (tags are not words to the parser). */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(name, '') || ' ' || coalesce(stem, '') || ' ' || coalesce(explanation, '') || ' ' || coalesce(jsonb_path_query_array(choices, '$[*].text')::text, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('question_versions_number_key').on(t.questionId, t.number),
    index('question_versions_status_idx').on(t.status),
    index('question_versions_subcategory_idx').on(t.subcategoryId),
  ],
);

/**
 * What My Questions' text search reads: one row per question, its current version's status, placement, name
 * and text-search vector beside the question's sort keys, kept by a trigger on `questions` (migration 0018)
 * whatever writes them, as `question_pool` is. A search walks the index of the list's status and order and
 * stops at the page's end, or reads the text index when the words are rare (decision 0025).
 */
export const questionSearch = pgTable(
  'question_search',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    authorId: uuid('author_id').notNull(),
    status: text('status', { enum: questionStatuses }).notNull(),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /**
     * The current version's lexemes, each led by the first two letters of its status ('PUmurmur'): the text
     * index then finds a word in one status only (`statusTsQuery`).
     */
    search: tsvector('search').notNull(),
    /**
     * Whether its item statistics carry a flag (My Questions' "needs checking"), written by the item-statistics
     * task when it changes (decision 0030); the sync trigger leaves it as it is.
     */
    needsCheck: boolean('needs_check').notNull().default(false),
  },
  (t) => [
    // The list's default order (last saved first), read backwards, within a status, an author's status, or
    // the whole product.
    index('question_search_status_updated_idx').on(t.productId, t.status, t.updatedAt, t.questionId),
    index('question_search_author_updated_idx').on(
      t.productId,
      t.authorId,
      t.status,
      t.updatedAt,
      t.questionId,
    ),
    index('question_search_product_updated_idx').on(t.productId, t.updatedAt, t.questionId),
    // "Needs checking": the flagged questions of a status (or of every status) in the default order, counted or
    // walked without the others.
    index('question_search_check_status_idx')
      .on(t.productId, t.status, t.updatedAt, t.questionId)
      .where(sql`${t.needsCheck}`),
    index('question_search_check_updated_idx')
      .on(t.productId, t.updatedAt, t.questionId)
      .where(sql`${t.needsCheck}`),
    index('question_search_search_idx').using('gin', t.search),
  ],
);

/** A stored media file, once per content hash however many versions or questions use it. */
export const mediaFiles = pgTable('media_files', {
  /** SHA-256 of the bytes, hex. */
  hash: text('hash').primaryKey(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A media item of one version, in the stem or the explanation. Its id stays the same in the versions that
 * copy it, so a restore brings back exactly the images the old version had.
 */
export const questionVersionMedia = pgTable(
  'question_version_media',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id').notNull(),
    hash: text('hash')
      .notNull()
      .references(() => mediaFiles.hash),
    mediaType: text('media_type', { enum: ['STEM', 'EXPLANATION'] }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.mediaId] }),
    index('question_version_media_hash_idx').on(t.hash),
  ],
);

/** The review thread of a question: who said what, when, about which version. */
export const questionComments = pgTable(
  'question_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    versionNumber: integer('version_number').notNull(),
    body: text('body').notNull(),
    /** A staff comment, or a learner's problem report (whose author staff are not shown: decision 0029). */
    kind: text('kind', { enum: ['COMMENT', 'PROBLEM_REPORT'] })
      .notNull()
      .default('COMMENT'),
    /** A problem report marked resolved, and by whom. */
    resolvedAt: ts('resolved_at'),
    resolvedById: uuid('resolved_by_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('question_comments_question_idx').on(t.questionId, t.createdAt)],
);

/**
 * How many of a product's questions each author has in each status and subcategory, kept in the transaction of every save (as
 * products.question_count is), so status counts and the size of My Questions' lists cost a few key reads however
 * large the bank grows. Derived from the versions, never edited by hand.
 */
export const questionCounts = pgTable(
  'question_counts',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: questionStatuses }).notNull(),
    /** Where the questions are filed; null for none. A deleted subcategory's counts move to null (migration 0011). */
    subcategoryId: uuid('subcategory_id'),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    unique('question_counts_key').on(t.productId, t.authorId, t.status, t.subcategoryId).nullsNotDistinct(),
  ],
);
