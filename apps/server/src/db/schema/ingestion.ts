import type { IngestionCounts, IngestionPreview } from '@qbank/contract';
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
import { cohorts } from './roster';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ingestionStates = ['PREVIEW', 'COMMITTING', 'DONE', 'FAILED'] as const;
export const ingestionOutcomes = ['CREATED', 'JOINED', 'ALREADY_STUDENT', 'HELD'] as const;

/**
 * A class list uploaded on the Students screen (docs/enrolment-files.md): read at upload into a preview (the
 * dry run) and its valid rows (user_ingestion_rows), then committed by a job that enrols them in batches.
 */
export const userIngestions = pgTable(
  'user_ingestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Who uploaded it: the actor of every enrolment the commit makes. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    state: text('state', { enum: ingestionStates }).notNull().default('PREVIEW'),
    /** The cohort the commit adds everyone to; chosen at commit. */
    cohortId: uuid('cohort_id').references(() => cohorts.id, { onDelete: 'set null' }),
    preview: jsonb('preview').$type<IngestionPreview>().notNull(),
    jobId: bigint('job_id', { mode: 'number' }),
    result: jsonb('result').$type<IngestionCounts>(),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('user_ingestions_product_idx').on(t.productId, t.createdAt)],
);

/**
 * The rows a commit enrols: the file's valid rows, each address once, in file order. `outcome` is set in the
 * transaction that enrols the row, so a job that stopped resumes after the last batch it wrote.
 */
export const userIngestionRows = pgTable(
  'user_ingestion_rows',
  {
    ingestionId: uuid('ingestion_id')
      .notNull()
      .references(() => userIngestions.id, { onDelete: 'cascade' }),
    /** The file's row number (the header is row 1). */
    row: integer('row').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    outcome: text('outcome', { enum: ingestionOutcomes }),
  },
  (t) => [primaryKey({ columns: [t.ingestionId, t.row] })],
);
