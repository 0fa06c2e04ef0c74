import { IMPORT_STATUSES, type ImportResult } from '@qbank/contract';
import { z } from 'zod';
import { appendAudit } from '../../infra/audit';
import { defineJob, type JobContext } from '../../infra/jobs';
import { ensurePaths, type ImportTarget, writeBatch } from './import-writer';
import { mayAddPlaces } from './importer';
import type { PreparedQuestion } from './prepare';
import { yieldToOthers } from './read';
import { findImport, type ImportRow, importFile, loadTree, updateImport } from './repository';
import { unpackBatch } from './slices';
import { readPreview, readQuestions } from './worker-pool';

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

/**
 * The dry run: reads the file and checks every question in a worker thread (worker.ts), against the tree as
 * it is when the read starts, and stores the preview the worker made as its JSON. An uploader who may not
 * edit the tree sees the questions filed in places it lacks refused, each naming the place.
 */
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
      const tree = await loadTree(db, row.productId);
      const createNodes = await mayAddPlaces(db, row.userId, row.productId);
      const { previewJson } = await readPreview(row.format, file, tree, {
        createNodes,
        signal: ctx.signal,
        onProgress: (done, total) => ctx.progress({ done, total }),
      });
      await ctx.completeWith((tx) =>
        updateImport(tx, importId, clock.now(), { state: 'PREVIEW', previewJson }),
      );
    },
  ),
});

/**
 * The import: reads the file again in a worker thread (the same bytes give the same questions), which hands
 * the questions back packed a batch each; creates the tree nodes they name (when the uploader may edit the
 * tree; otherwise it leaves out the questions filed in places it lacks), then writes them a batch at a
 * time, a transaction each, unpacking each batch only when it is written and giving the event loop back
 * between batches. A re-run after a crash skips what an earlier run wrote (question ids are derived from the
 * import).
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
      const read = await readQuestions(row.format, file, WRITE_BATCH, { signal: ctx.signal });
      const { total } = read;
      await ctx.progress({ done: 0, total });
      const result: ImportResult = { imported: 0, status, createdNodes: row.result?.createdNodes ?? [] };
      const placements = await db.transaction(async (tx) => {
        // Asked again here, in the transaction that creates the nodes: the uploader's roles as they are now.
        const create = await mayAddPlaces(tx, row.userId, row.productId);
        const placed = await ensurePaths(tx, row.productId, read.paths, { create });
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
      let done = 0;
      for (const [i, packed] of read.batches.entries()) {
        ctx.signal.throwIfAborted();
        const batch = unpackBatch<PreparedQuestion>(packed);
        read.batches[i] = new Uint8Array(); // written batches are not kept
        await writeBatch(ctx.deps, target, batch, placements, async (tx, inBank) => {
          result.imported += inBank;
          await updateImport(tx, importId, clock.now(), { result });
        });
        done += batch.length;
        await ctx.progress({ done, total });
        await yieldToOthers();
      }
      await ctx.completeWith(async (tx) => {
        const now = clock.now();
        await updateImport(tx, importId, now, { state: 'DONE', result, file: null });
        // Questions learners will see: one entry for the import, not one per question.
        if (status === 'PUBLISHED')
          await appendAudit(tx, {
            actorId: row.userId,
            productId: row.productId,
            action: 'question.import.publish',
            details: { importId, fileName: row.fileName, imported: result.imported },
            at: now,
          });
      });
    },
  ),
});
