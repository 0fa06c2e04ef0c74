import { IMPORT_STATUSES, type ImportResult } from '@qbank/contract';
import { z } from 'zod';
import { defineJob, type JobContext } from '../../infra/jobs';
import { ensurePaths, type ImportTarget, writeBatch } from './import-writer';
import { buildPreview, readQuestionFile, yieldToOthers } from './read';
import { findImport, type ImportRow, importFile, loadTree, updateImport } from './repository';
import { TreeIndex } from './tree';

/** Questions written per transaction: a few statements each, short enough not to hold locks for long. */
export const WRITE_BATCH = 500;
const MAX_ATTEMPTS = 3;

/**
 * Runs a step of an import in a job. When its last attempt fails, the import is marked FAILED with a message
 * for people (the details go to the log) and its file dropped; an earlier failure is retried by the runner.
 * A job whose import is gone or has moved on does nothing.
 */
function importStep<P extends { importId: string }>(
  state: ImportRow['state'],
  failure: (row: ImportRow) => string,
  run: (payload: P, row: ImportRow, file: Uint8Array, ctx: JobContext) => Promise<void>,
) {
  return async (payload: P, ctx: JobContext) => {
    const { db, clock, log } = ctx.deps;
    const row = await findImport(db, payload.importId);
    if (!row || row.state !== state) return;
    const file = await importFile(db, row.id);
    try {
      if (!file) throw new Error('The import no longer holds its file');
      await run(payload, row, file, ctx);
    } catch (e) {
      if (ctx.attempt >= MAX_ATTEMPTS && !ctx.signal.aborted) {
        log.error({ err: e, importId: row.id }, 'question import failed for good');
        const now = await findImport(db, row.id);
        if (now?.state === state)
          await updateImport(db, row.id, clock.now(), { state: 'FAILED', error: failure(now), file: null });
      }
      throw e;
    }
  };
}

/** The dry run: reads the file, checks every question, and stores the preview. */
export const importReadJob = defineJob({
  kind: 'questions.import.read',
  payload: z.object({ importId: z.uuid() }),
  maxAttempts: MAX_ATTEMPTS,
  handler: importStep(
    'PARSING',
    () =>
      'The file could not be read to the end. Upload it again; if it fails again, split it into smaller files.',
    async ({ importId }, row, file, ctx) => {
      const { db, clock } = ctx.deps;
      const read = await readQuestionFile(row.format, file, (done, total) => ctx.progress({ done, total }));
      const preview = buildPreview(read, new TreeIndex(await loadTree(db, row.productId)));
      await ctx.completeWith((tx) => updateImport(tx, importId, clock.now(), { state: 'PREVIEW', preview }));
    },
  ),
});

/**
 * The import: reads the file again (the same bytes give the same questions), creates the tree nodes it
 * names, then writes the questions in batches, a transaction each, giving the event loop back between
 * them. A re-run after a crash skips what an earlier run wrote (question ids are derived from the import).
 */
export const importWriteJob = defineJob({
  kind: 'questions.import.write',
  payload: z.object({ importId: z.uuid(), status: z.enum(IMPORT_STATUSES) }),
  maxAttempts: MAX_ATTEMPTS,
  handler: importStep(
    'IMPORTING',
    (row) =>
      `The import stopped after ${row.result?.imported ?? 0} of the file's ${row.preview?.valid ?? 0} questions; those are in the bank.`,
    async ({ importId, status }, row, file, ctx) => {
      const { db, clock } = ctx.deps;
      const { questions } = await readQuestionFile(row.format, file);
      const total = questions.length;
      await ctx.progress({ done: 0, total });
      const result: ImportResult = { imported: 0, status, createdNodes: row.result?.createdNodes ?? [] };
      const placements = await db.transaction(async (tx) => {
        const placed = await ensurePaths(
          tx,
          row.productId,
          questions.map((q) => q.path),
        );
        // Recorded with the nodes: a re-run finds them existing, and they are still this import's.
        result.createdNodes = [...result.createdNodes, ...placed.created];
        await updateImport(tx, importId, clock.now(), { result });
        return placed;
      });
      const target: ImportTarget = {
        importId,
        productId: row.productId,
        authorId: row.userId,
        fileName: row.fileName,
        status,
      };
      for (let start = 0; start < total; start += WRITE_BATCH) {
        ctx.signal.throwIfAborted();
        const batch = questions.slice(start, start + WRITE_BATCH);
        await writeBatch(ctx.deps, target, batch, placements, async (tx, inBank) => {
          result.imported += inBank;
          await updateImport(tx, importId, clock.now(), { result });
        });
        await ctx.progress({ done: start + batch.length, total });
        await yieldToOthers();
      }
      await ctx.completeWith((tx) =>
        updateImport(tx, importId, clock.now(), { state: 'DONE', result, file: null }),
      );
    },
  ),
});
