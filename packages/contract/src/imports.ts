import { z } from 'zod';
import { QUESTION_STATUSES } from './questions';

/**
 * Bulk import and export of a product's questions (docs/question-import.md). A file is uploaded, read in a
 * job (a dry run that fills a preview), then committed in another job that writes the questions.
 */

/** The largest question file an import takes: a 10,000-question bank with images is a few MB to a few dozen. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Questions past this many in one file are not read (one issue says so): split larger banks. */
export const IMPORT_MAX_QUESTIONS = 20_000;
/** How many issues the preview lists; the CSV of issues has them all. */
export const IMPORT_ISSUES_SHOWN = 500;

export const IMPORT_FORMATS = ['gift', 'aiken', 'moodle-xml', 'csv', 'xlsx', 'qti'] as const;
export type ImportFormatName = (typeof IMPORT_FORMATS)[number];
/** What the upload refusal lists: the formats, as people know them, with their file extensions. */
export const IMPORT_FORMATS_TEXT =
  'Moodle XML (.xml), GIFT (.gift or .txt), Aiken (.txt), CSV (.csv), Excel (.xlsx) or a QTI 3.0 package (.zip)';

/**
 * PARSING: the file is being read (the dry run); PREVIEW: read, waiting to be committed; IMPORTING: the
 * questions are being written; DONE: written; FAILED: reading or writing failed for good (`error` says why).
 */
export const IMPORT_STATES = ['PARSING', 'PREVIEW', 'IMPORTING', 'DONE', 'FAILED'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** The statuses imported questions may start in (the caller's own `creatableStatuses` narrow it further). */
export const IMPORT_STATUSES = [
  'DRAFT',
  'SUBMITTED',
  'PUBLISHED',
] as const satisfies readonly (typeof QUESTION_STATUSES)[number][];

export const EXPORT_FORMATS = ['moodle-xml', 'qti', 'csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const importIdParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

export const importStarted = z.object({ uuid: z.string(), jobId: z.number().int() });
export type ImportStarted = z.infer<typeof importStarted>;

/** What is wrong where: the line (or spreadsheet row) where the question starts, and the field. */
export const importIssue = z.object({ line: z.number().int(), field: z.string(), message: z.string() });
export type ImportIssue = z.infer<typeof importIssue>;

/** A subject › category › subcategory path of the file, how many valid questions it holds, and whether it exists. */
export const importNode = z.object({
  path: z.array(z.string()),
  count: z.number().int(),
  exists: z.boolean(),
});
export type ImportNode = z.infer<typeof importNode>;

export const importPreview = z.object({
  /** Questions found: valid + invalid. */
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  nodes: z.array(importNode),
  /** The first IMPORT_ISSUES_SHOWN issues, by line; `issueCount` says how many there are in all. */
  issues: z.array(importIssue),
  issueCount: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  /** The file's questions now in the bank. */
  imported: z.number().int(),
  status: z.enum(QUESTION_STATUSES),
  /** The subjects, categories and subcategories the import created, each as its path. */
  createdNodes: z.array(z.array(z.string())),
});
export type ImportResult = z.infer<typeof importResult>;

export const questionImport = z.object({
  uuid: z.string(),
  productUuid: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  state: z.enum(IMPORT_STATES),
  /** While PARSING or IMPORTING: how far the job is (null until it reports). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  preview: importPreview.nullable(),
  result: importResult.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuestionImport = z.infer<typeof questionImport>;

export const importCommitInput = z.strictObject({
  /** Import the valid questions and leave out the invalid ones; without it a file with invalid ones is refused. */
  onlyValid: z.boolean({ error: 'onlyValid must be true or false' }),
  /** The status the questions start in; DRAFT by default. */
  status: z
    .enum(IMPORT_STATUSES, { error: `status must be one of ${IMPORT_STATUSES.join(', ')}` })
    .default('DRAFT'),
});
export type ImportCommitInput = z.input<typeof importCommitInput>;

export const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }),
  /** Only questions in this status; all but DELETED when left out. */
  status: z
    .enum(QUESTION_STATUSES, { error: `status must be one of ${QUESTION_STATUSES.join(', ')}` })
    .optional(),
});
export type ExportQuery = z.input<typeof exportQuery>;
