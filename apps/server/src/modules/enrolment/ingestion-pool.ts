import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { ClassListFormat } from './ingestion-file';
import type { ClassListTask, ClassListWorkerAnswer } from './ingestion-worker';

// One worker thread for reading class lists, made when first needed (as the imports' pool,
// modules/imports/worker-pool.ts): a file of 10,000 rows takes tens of milliseconds as CSV and up to a second
// as XLSX, too long for the event loop; uploads are rare, so one thread, kept a minute, at a lower priority.

const workerFile = new URL(
  `./ingestion-worker${fileURLToPath(import.meta.url).endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
);

/** Under tsx or vitest a TypeScript worker needs tsx's loader in its thread, named by its file. */
function execArgv(): string[] {
  if (!workerFile.pathname.endsWith('.ts')) return [];
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href];
}

let pool: Piscina | null = null;

/** Reads a class list in the worker thread; the bytes are moved there, not copied. */
export async function readClassListOffLoop(
  format: ClassListFormat,
  bytes: Uint8Array,
): Promise<ClassListWorkerAnswer> {
  pool ??= new Piscina({
    filename: workerFile.href,
    execArgv: execArgv(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 10,
  });
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const task: ClassListTask = { format, bytes: own };
  return (await pool.run(task, {
    transferList: [own.buffer as ArrayBuffer] as never,
  })) as ClassListWorkerAnswer;
}
