import type { ImportPreview, ImportResult } from '@qbank/contract';
import { bigint, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const importFormats = ['gift', 'aiken', 'moodle-xml', 'csv', 'xlsx', 'qti'] as const;
export const importStates = ['PARSING', 'PREVIEW', 'IMPORTING', 'DONE', 'FAILED'] as const;

/**
 * An uploaded question file on its way into a product's bank (docs/question-import.md): read in a job into a
 * preview, then committed in another job. The bytes stay here (not in media storage: they are no media) until
 * the import is done or has failed for good, so both jobs read the same file whichever instance runs them.
 */
export const questionImports = pgTable(
  'question_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Who uploaded it: the author of the questions it makes. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: importFormats }).notNull(),
    /** The file as uploaded; null once the import is done or failed for good. */
    file: bytea('file'),
    state: text('state', { enum: importStates }).notNull().default('PARSING'),
    preview: jsonb('preview').$type<ImportPreview>(),
    /** The job running the current step (the dry run, then the import). */
    jobId: bigint('job_id', { mode: 'number' }),
    result: jsonb('result').$type<ImportResult>(),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('question_imports_product_user_idx').on(t.productId, t.userId, t.createdAt)],
);
