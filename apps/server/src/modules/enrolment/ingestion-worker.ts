/**
 * The class list's reading in a worker thread of ingestion-pool.ts (decision 0024: nothing CPU-heavy on the
 * event loop): bytes in, plain rows out; no database handle ever comes here.
 */
import { threadId } from 'node:worker_threads';
import { type ClassListAnswer, type ClassListFormat, readClassList } from './ingestion-file';

export interface ClassListTask {
  format: ClassListFormat;
  bytes: Uint8Array;
}

export type ClassListWorkerAnswer = ClassListAnswer & { threadId: number };

export default async function run(task: ClassListTask): Promise<ClassListWorkerAnswer> {
  return { ...(await readClassList(task.format, task.bytes)), threadId };
}
