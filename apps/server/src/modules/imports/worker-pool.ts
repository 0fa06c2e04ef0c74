import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { ExportFormat } from '@qbank/contract';
import { Piscina } from 'piscina';
import type { ExportFile } from './export-build';
import type { ExportRow } from './export-repository';
import type { ImportFormat } from './formats';
import { ownBuffer, packBatches, sliceRanges } from './slices';
import type { TreeNodes } from './tree';
import type { WorkerAnswers, WorkerTask } from './worker';

// The worker threads that read question files and build exports (worker.ts), off the event loop: one pool for
// the process, made when first needed (docs/decisions/0024-imports-off-the-event-loop.md).

/** The worker's file beside this one: worker.ts when the server runs from its sources (tsx, vitest). */
const workerFile = new URL(
  `./worker${fileURLToPath(import.meta.url).endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
);

/**
 * A TypeScript worker needs tsx's loader in its thread: `npm start` runs the server with `--import tsx`, but
 * vitest runs it without (transforming files itself), and a worker thread gets only the flags it is given.
 * The loader is named by its file, so the worker finds it whatever the working directory.
 */
function execArgv(): string[] {
  if (!workerFile.pathname.endsWith('.ts')) return [];
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href];
}

/**
 * Half the cores, at least one: an import keeps a core busy for seconds, and the event loop, the database and
 * the other jobs need the rest. Tasks beyond that wait their turn in the pool's queue.
 */
export const WORKER_THREADS = Math.max(1, Math.floor(availableParallelism() / 2));

let pool: Piscina | null = null;

function workers(): Piscina {
  pool ??= new Piscina({
    filename: workerFile.href,
    execArgv: execArgv(),
    minThreads: 0,
    maxThreads: WORKER_THREADS,
    // A thread is kept a minute after its last task (starting one loads the readers: about a second), then
    // ends; an idle pool keeps no thread and does not keep the process alive.
    idleTimeout: 60_000,
    // Below the event loop's priority: on a busy machine the requests get the cores first.
    niceIncrement: 10,
  });
  return pool;
}

/**
 * What runs where, for tests: 'start' with { kind } as a task is handed to the pool, 'task' with
 * { kind, threadId } as its answer comes back (the thread that made it; the event loop's is 0).
 */
export const workerEvents = new EventEmitter<{
  start: [{ kind: WorkerTask['kind'] }];
  task: [{ kind: WorkerTask['kind']; threadId: number }];
}>();

async function runTask<K extends WorkerTask['kind']>(
  task: Extract<WorkerTask, { kind: K }>,
  opts: { signal?: AbortSignal; transferList?: Transferable[] } = {},
): Promise<WorkerAnswers[K]> {
  workerEvents.emit('start', { kind: task.kind });
  const answer = (await workers().run(task, {
    signal: opts.signal ?? null,
    transferList: opts.transferList as never,
  })) as WorkerAnswers[K];
  workerEvents.emit('task', { kind: task.kind, threadId: answer.threadId });
  return answer;
}

/**
 * The dry run in a worker: the file read and checked against the tree, answered as the preview's JSON;
 * `createNodes` says whether the importer may add the places the tree lacks (read.ts, buildPreview).
 * `bytes` are moved to the worker (gone from the caller's thread). Aborting `signal` ends the worker.
 */
export async function readPreview(
  format: ImportFormat,
  bytes: Uint8Array,
  tree: TreeNodes,
  opts: {
    createNodes: boolean;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => Promise<void>;
  },
) {
  const file = ownBuffer(bytes);
  const channel = new MessageChannel();
  // Progress reports in order, each after the last is stored; awaited before the answer is given.
  let reported = Promise.resolve();
  channel.port1.on('message', ({ done, total }: { done: number; total: number }) => {
    reported = reported.then(() => opts.onProgress?.(done, total));
  });
  try {
    const answer = await runTask(
      { kind: 'preview', format, bytes: file, tree, createNodes: opts.createNodes, progress: channel.port2 },
      { signal: opts.signal, transferList: [file.buffer as ArrayBuffer, channel.port2] },
    );
    await reported;
    return answer;
  } finally {
    channel.port1.close();
    // When the task failed first, a failed report is not the error to tell (and must not go unhandled).
    reported.catch(() => {});
  }
}

/** The import's read in a worker: the questions in batches of `batchSize`, packed (slices.ts). */
export function readQuestions(
  format: ImportFormat,
  bytes: Uint8Array,
  batchSize: number,
  opts: { signal?: AbortSignal } = {},
) {
  const file = ownBuffer(bytes);
  return runTask(
    { kind: 'questions', format, bytes: file, batchSize },
    { signal: opts.signal, transferList: [file.buffer as ArrayBuffer] },
  );
}

/** Export rows packed a slice of this many at a time, the event loop given back between slices. */
const EXPORT_PACK = 500;

/**
 * An export file built in a worker. The rows go over packed a slice at a time (slices.ts) and moved: posting
 * them as objects would copy them all in one go on the event loop.
 */
export async function buildExportOffLoop(
  format: ExportFormat,
  rows: ExportRow[],
  files: Map<string, ExportFile[]> | null,
  title: string,
) {
  const packed: Uint8Array[] = [];
  for (const [start, end] of sliceRanges(rows.length, EXPORT_PACK)) {
    packed.push(...packBatches(rows.slice(start, end), EXPORT_PACK));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return runTask(
    { kind: 'export', format, rows: packed, files, title },
    { transferList: packed.map((p) => p.buffer as ArrayBuffer) },
  );
}

/** A preview's issues (their JSON array) as CSV bytes, built in a worker. */
export function issuesCsvOffLoop(issuesJson: string) {
  return runTask({ kind: 'issuesCsv', issuesJson });
}

/** Rows of a table packed a slice of this many at a time. */
const TABLE_PACK = 1000;

/**
 * A table (a header and rows of text cells) as a CSV (with a byte order mark) or an XLSX file, built in a
 * worker: a workbook of 10,000 rows takes seconds of CPU. Every cell is made safe from spreadsheet formulas.
 */
export async function buildTableOffLoop(
  format: 'csv' | 'xlsx',
  sheetName: string,
  header: string[],
  rows: string[][],
) {
  const packed: Uint8Array[] = [];
  for (const [start, end] of sliceRanges(rows.length, TABLE_PACK)) {
    packed.push(...packBatches(rows.slice(start, end), TABLE_PACK));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const { bytes } = await runTask(
    { kind: 'table', format, sheetName, header, rows: packed },
    { transferList: packed.map((p) => p.buffer as ArrayBuffer) },
  );
  return bytes;
}
