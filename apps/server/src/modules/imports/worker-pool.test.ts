import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { PreparedQuestion } from './prepare';
import { unpackBatch } from './slices';
import { readPreview, readQuestions } from './worker-pool';

const sample = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, './formats/samples', name)));
const emptyTree = { productId: 'p', subjects: [], categories: [], subcategories: [] };

// Real worker threads, each loading the readers through tsx: a busy machine takes seconds to start one.
describe('the worker pool', { timeout: 30_000 }, () => {
  it('reads a file into its preview in a worker thread, reporting progress', async () => {
    expect(isMainThread).toBe(true);
    const reports: number[][] = [];
    const answer = await readPreview('gift', sample('cardiology.gift'), emptyTree, {
      createNodes: true,
      onProgress: async (done, total) => {
        reports.push([done, total]);
      },
    });
    expect(answer.threadId).not.toBe(0);
    expect(JSON.parse(answer.previewJson)).toMatchObject({ total: 3, valid: 3, invalid: 0 });
    expect(reports).toEqual([[3, 3]]);
  });

  it('tells the worker whether the importer may add places: if not, questions filed in missing ones are refused', async () => {
    const refused = await readPreview('gift', sample('cardiology.gift'), emptyTree, { createNodes: false });
    expect(JSON.parse(refused.previewJson)).toMatchObject({ total: 3, valid: 0, invalid: 3, issueCount: 3 });
  });

  it('reads the questions in packed batches, with the paths they name', async () => {
    const answer = await readQuestions('csv', sample('questions.csv'), 3);
    expect(answer.threadId).not.toBe(0);
    expect(answer.total).toBe(4);
    expect(answer.batches).toHaveLength(2);
    const questions = answer.batches.flatMap((b) => unpackBatch<PreparedQuestion>(b));
    expect(questions.map((q) => q.index)).toEqual([0, 1, 2, 3]);
    expect(answer.paths).toHaveLength(4);
  });

  it('ends the task when its signal is aborted (a job that lost its lease)', async () => {
    const aborted = new AbortController();
    const reading = readPreview('gift', sample('cardiology.gift'), emptyTree, {
      createNodes: true,
      signal: aborted.signal,
    });
    aborted.abort();
    await expect(reading).rejects.toThrow(/abort/i);
    // The pool goes on with the next task.
    expect((await readQuestions('csv', sample('questions.csv'), 10)).total).toBe(4);
  });
});
