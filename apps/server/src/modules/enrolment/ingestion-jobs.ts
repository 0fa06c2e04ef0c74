import { z } from 'zod';
import { defineJob } from '../../infra/jobs';
import { AppError } from '../../lib/app-error';
import {
  dropRows,
  findIngestion,
  pendingRows,
  rowProgress,
  setOutcomes,
  updateIngestion,
} from './ingestion-repository';
import { addCount, ingestBatch, noCounts } from './ingestion-write';
import { productName } from './repository';

/**
 * Users enrolled per transaction: a few dozen statements, short enough not to hold the product's lock long, and
 * small enough that the rest after each keeps other requests' pace (500 kept their p99 over 20 ms).
 */
export const INGESTION_BATCH = 250;
const MAX_ATTEMPTS = 3;

/**
 * The commit's share of the instance and its database: after each batch it rests as long as the batch took (at
 * most a second), so every other user's requests get at least half of both meanwhile. A 10,000-row list still
 * commits in well under a minute (docs/benchmarks.md, «Enrolment under load»).
 */
export const restAfter = (batchMs: number) => Math.min(Math.max(batchMs, 0), 1000);
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The commit of a class list: its rows not enrolled yet, INGESTION_BATCH at a time, each batch in one
 * transaction through ingestBatch (accounts, enrolStudents, welcome mails in the outbox) that also records each
 * row's outcome and the counts. A run that stopped between batches resumes after the last one written; rows
 * are enrolled by address, so nothing is done twice. The cap refusing a batch ends the commit (FAILED, the
 * message naming the cap; the batches before it stay enrolled).
 */
export const ingestionCommitJob = defineJob({
  kind: 'enrolment.ingestion.commit',
  payload: z.object({ ingestionId: z.uuid() }),
  maxAttempts: MAX_ATTEMPTS,
  handler: async ({ ingestionId }, ctx) => {
    const { db, clock, log } = ctx.deps;
    const found = await findIngestion(db, ingestionId);
    if (found?.state !== 'COMMITTING') return;
    const name = (await productName(db, found.productId)) ?? 'your QBank';
    try {
      const { total, done: before } = await rowProgress(db, ingestionId);
      let done = before;
      await ctx.progress({ done, total });
      for (;;) {
        ctx.signal.throwIfAborted();
        const started = performance.now();
        const wrote = await db.transaction(async (tx) => {
          const row = await findIngestion(tx, ingestionId, true);
          if (row?.state !== 'COMMITTING') return 0;
          const batch = await pendingRows(tx, ingestionId, INGESTION_BATCH);
          if (batch.length === 0) return 0;
          const now = clock.now();
          const outcomes = await ingestBatch(ctx.deps, tx, {
            productId: row.productId,
            productName: name,
            cohortId: row.cohort?.id ?? null,
            actorId: row.userId,
            users: batch,
            now,
            details: { ingestionId },
          });
          const result = row.result ?? noCounts();
          const recorded = batch.map((r) => ({ row: r.row, outcome: outcomes.get(r.email) ?? 'HELD' }));
          for (const r of recorded) addCount(result, r.outcome);
          await setOutcomes(tx, ingestionId, recorded);
          await updateIngestion(tx, ingestionId, now, { result });
          return batch.length;
        });
        if (wrote === 0) break;
        done += wrote;
        await ctx.progress({ done, total });
        ctx.deps.jobs.kick(); // the welcome mails of this batch go out while the next is written
        await rest(restAfter(performance.now() - started));
      }
      await ctx.completeWith(async (tx) => {
        await updateIngestion(tx, ingestionId, clock.now(), { state: 'DONE' });
        await dropRows(tx, ingestionId);
      });
    } catch (e) {
      if (e instanceof AppError && e.field === 'cap') {
        // Not worth retrying: the cap stands until an admin moves it.
        await ctx.completeWith((tx) =>
          updateIngestion(tx, ingestionId, clock.now(), { state: 'FAILED', error: e.message }),
        );
        return;
      }
      if (ctx.attempt >= MAX_ATTEMPTS && !ctx.signal.aborted) {
        log.error({ err: e, ingestionId }, 'class list commit failed for good');
        const { done } = await rowProgress(db, ingestionId);
        await updateIngestion(db, ingestionId, clock.now(), {
          state: 'FAILED',
          error: `The commit stopped after ${done} rows; those students are enrolled. Upload the file again to enrol the rest.`,
        });
      }
      throw e;
    }
  },
});
