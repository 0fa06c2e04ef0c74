import {
  ErrorCode,
  IMPORT_FORMATS_TEXT,
  IMPORT_ISSUES_SHOWN,
  type ImportCommitInput,
  type ImportStarted,
  type QuestionImport,
} from '@qbank/contract';
import type { Deps } from '../../deps';
import type { FileAnswer } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import type { Upload } from '../../lib/upload';
import { type Actor, authorize, can } from '../../policies';
import { productExists } from '../questions';
import { csvTemplate, detectFormat, xlsxTemplate } from './formats';
import { importReadJob, importWriteJob } from './jobs';
import {
  findImport,
  type ImportRow,
  importIssuesJson,
  insertImport,
  loadTree,
  updateImport,
} from './repository';
import { templatePlace } from './tree';
import { issuesCsvOffLoop } from './worker-pool';

const noSuchImport = () => new AppError(ErrorCode.NOT_FOUND, 'No such import', 'id');

const CSV_TYPE = 'text/csv; charset=utf-8';

/** A byte order mark first: Excel then opens a UTF-8 CSV as UTF-8 (the import reads it either way). */
export const csvFile = (text: string, fileName: string): FileAnswer => ({
  bytes: `\uFEFF${text}`,
  contentType: CSV_TYPE,
  fileName,
});
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The uploaded name without folders or characters a header or a file system would trip on; never empty. */
function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const base = (name.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-200) || 'questions';
}

/** "bank.xml" → "bank" */
const stem = (fileName: string) => fileName.replace(/\.[^.]*$/, '') || 'questions';

const CONFLICTS: Partial<Record<ImportRow['state'], string>> = {
  PARSING: 'This file is still being read; commit it once its preview is ready',
  IMPORTING: 'This file is already being imported',
  DONE: 'This file has already been imported',
  FAILED: 'This import failed; upload the file again',
};

/**
 * Bulk import (docs/question-import.md): an upload is stored and read in a job (a dry run that makes a
 * preview); a commit starts another job that writes the questions. Who may do what: 'questions.import',
 * 'questionImport.read' and 'question.create' for the status the questions start in.
 */
export function importsService(deps: Deps) {
  const { db, clock, jobs } = deps;

  async function readable(actor: Actor, id: string): Promise<ImportRow> {
    const row = await findImport(db, id);
    if (!row) throw noSuchImport();
    await authorize(actor, 'questionImport.read', row);
    return row;
  }

  /** A job that stopped for good (or was purged) while the import waited on it: the import failed too. */
  async function current(row: ImportRow) {
    if (row.state !== 'PARSING' && row.state !== 'IMPORTING') return { row, progress: null };
    const job = row.jobId === null ? null : await jobs.status(row.jobId);
    if (!job || job.state === 'failed')
      return {
        row: {
          ...row,
          state: 'FAILED' as const,
          error: row.error ?? 'The import stopped; upload the file again',
        },
        progress: null,
      };
    const p = job.progress;
    return { row, progress: p && p.total !== undefined ? { done: p.done, total: p.total } : null };
  }

  return {
    /**
     * POST questionImports/products/{id}: checks the caller may import before the file is read (`read`),
     * recognises its format, keeps it and starts the dry run.
     */
    async upload(actor: Actor, productId: string, read: () => Promise<Upload>): Promise<ImportStarted> {
      await authorize(actor, 'questions.import', { productId });
      if (actor.superuser && !(await productExists(db, productId)))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      const upload = await read();
      if (upload.bytes.length === 0) throw new AppError(ErrorCode.VALIDATION, 'file is empty', 'file');
      const fileName = cleanFileName(upload.fileName);
      const format = detectFormat(fileName, upload.bytes);
      if (!format)
        throw new AppError(
          ErrorCode.VALIDATION,
          `file is not a question file the import reads: use ${IMPORT_FORMATS_TEXT}`,
          'file',
        );
      const started = await db.transaction(async (tx) => {
        const now = clock.now();
        const id = await insertImport(tx, {
          productId,
          userId: actor.userId,
          fileName,
          format,
          file: upload.bytes,
          now,
        });
        const jobId = await jobs.enqueue(tx, importReadJob, { importId: id });
        await updateImport(tx, id, now, { jobId });
        return { uuid: id, jobId };
      });
      jobs.kick();
      return started;
    },

    async get(actor: Actor, id: string): Promise<QuestionImport> {
      const { row, progress } = await current(await readable(actor, id));
      return {
        uuid: row.id,
        productUuid: row.productId,
        fileName: row.fileName,
        format: row.format,
        state: row.state,
        progress,
        preview: row.preview && {
          ...row.preview,
          issues: row.preview.issues.slice(0, IMPORT_ISSUES_SHOWN),
        },
        result: row.result && row.state !== 'PARSING' && row.state !== 'PREVIEW' ? row.result : null,
        error: row.state === 'FAILED' ? row.error : null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    /** Every issue of the preview as CSV: line, field, message. */
    async issuesCsv(actor: Actor, id: string): Promise<FileAnswer> {
      const row = await readable(actor, id);
      const issuesJson = row.preview ? await importIssuesJson(db, id) : null;
      if (issuesJson === null)
        throw new AppError(
          ErrorCode.CONFLICT,
          'This file is still being read; its issues are not known yet',
          'id',
        );
      // Made in a worker thread: a file of 200,000 broken rows has as many issues.
      const { bytes } = await issuesCsvOffLoop(issuesJson);
      return { bytes, contentType: CSV_TYPE, fileName: `${stem(row.fileName)}-issues.csv` };
    },

    /**
     * POST questionImports/{id}/commit: the uploader starts the import of the previewed file, in a status they
     * may create questions in. A file with invalid questions is imported only when they say so (onlyValid).
     */
    async commit(actor: Actor, id: string, input: Required<ImportCommitInput>): Promise<ImportStarted> {
      const found = await readable(actor, id);
      if (found.userId !== actor.userId)
        throw new AppError(ErrorCode.FORBIDDEN, 'Only the person who uploaded this file can import it', 'id');
      if (!(await can(actor, 'question.create', { productId: found.productId, status: input.status })))
        throw new AppError(ErrorCode.FORBIDDEN, `You cannot create questions as ${input.status}`, 'status');
      const started = await db.transaction(async (tx) => {
        const row = await findImport(tx, id, true);
        if (!row) throw noSuchImport();
        const conflict = CONFLICTS[row.state];
        if (conflict) throw new AppError(ErrorCode.CONFLICT, conflict, 'id');
        const preview = row.preview!;
        if (preview.valid === 0)
          throw new AppError(ErrorCode.VALIDATION, 'The file has no question that can be imported', 'id');
        if (preview.invalid > 0 && !input.onlyValid)
          throw new AppError(
            ErrorCode.VALIDATION,
            `${preview.invalid} of the file's ${preview.total} questions cannot be imported; set onlyValid to import the ${preview.valid} valid ones`,
            'onlyValid',
          );
        const jobId = await jobs.enqueue(tx, importWriteJob, { importId: id, status: input.status });
        await updateImport(tx, id, clock.now(), {
          state: 'IMPORTING',
          jobId,
          result: { imported: 0, status: input.status, createdNodes: [] },
        });
        return { uuid: id, jobId };
      });
      jobs.kick();
      return started;
    },

    /**
     * GET questionImports/products/{id}/template.csv|xlsx: the template for those who may import into the
     * product, its examples filed in the product's own tree (templatePlace), or, with no place in it yet,
     * under names that say what the caller's import will do about that.
     */
    async template(actor: Actor, productId: string, format: 'csv' | 'xlsx'): Promise<FileAnswer> {
      await authorize(actor, 'questions.import', { productId });
      if (actor.superuser && !(await productExists(db, productId)))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      const addsPlaces = await can(actor, 'catalogue.manage', { productId });
      const place = templatePlace(await loadTree(db, productId), addsPlaces);
      if (format === 'csv') return csvFile(csvTemplate(place), 'questions-template.csv');
      return {
        bytes: await xlsxTemplate(place),
        contentType: XLSX_TYPE,
        fileName: 'questions-template.xlsx',
      };
    },
  };
}
