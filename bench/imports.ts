// The bench's import scenario (npm run bench, BENCH_ONLY=import): other requests' latency at a fixed rate while
// a question file of the largest size allowed (IMPORT_MAX_BYTES) goes through the real endpoints and jobs —
// the upload and its dry run, then the commit and its write job — beside the bare handler and the same requests
// with nothing importing, in the same run (docs/decisions/0024-imports-off-the-event-loop.md).
import { execFile, fork } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { IMPORT_MAX_BYTES, IMPORT_MAX_QUESTIONS } from '@qbank/contract';
import type { Deps } from '../apps/server/src/deps';
import type { JobRunner } from '../apps/server/src/infra/jobs';
import { findImport } from '../apps/server/src/modules/imports/repository';
import { cpuUse } from './cpu-use';
import type { LoadJob, LoadRequest, LoadResult } from './load';

export const IMPORT_SCENARIO = 'import: health and a store page while a max-size import runs';

const SUBJECTS = ['Cardiology', 'Nephrology', 'Pulmonology', 'Endocrinology'];
const CATEGORIES = ['Diagnosis', 'Treatment', 'Physiology', 'Pharmacology', 'Complications'];
const SUBCATEGORIES = ['Acute', 'Chronic', 'Paediatric', 'Elderly', 'General'];

/** The n-th generated question's parts: 100 tree paths in all, a stem of a few sentences in HTML. */
function question(n: number) {
  const path = [
    SUBJECTS[n % SUBJECTS.length]!,
    CATEGORIES[Math.floor(n / 4) % CATEGORIES.length]!,
    SUBCATEGORIES[Math.floor(n / 20) % SUBCATEGORIES.length]!,
  ];
  const stem =
    `<p>A ${40 + (n % 50)}-year-old patient presents with finding number ${n}. ` +
    'Which of the following is the <strong>most likely</strong> next step in management?</p>';
  const choices = [`Right answer ${n}`, `Wrong answer ${n}a`, `Wrong answer ${n}b`, `Wrong answer ${n}c`];
  const explanation = `<p>Because of finding ${n}, the first choice is right; the others come later.</p>`;
  return { name: `Q${n}`, path, stem, choices, explanation };
}

const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const giftText = (s: string) => s.replace(/[~=#{}:\\]/g, (c) => `\\${c}`);

/**
 * A question file of at most `maxBytes`, filled with as many questions as fit (far more than the
 * IMPORT_MAX_QUESTIONS an import keeps: the rest are still read and counted). CSV by default, or GIFT.
 */
export function generateImportFile(
  format: 'csv' | 'gift',
  maxBytes: number,
): { bytes: Buffer; count: number } {
  const parts: string[] = [];
  let size = 0;
  const add = (text: string) => {
    if (size + Buffer.byteLength(text) > maxBytes) return false;
    parts.push(text);
    size += Buffer.byteLength(text);
    return true;
  };
  if (format === 'csv')
    add('name,subject,category,subcategory,stem,choice_a,choice_b,choice_c,choice_d,correct,explanation\r\n');
  let count = 0;
  for (; ; count++) {
    const q = question(count);
    const text =
      format === 'csv'
        ? `${[q.name, ...q.path, q.stem, ...q.choices, 'A', q.explanation].map(csvCell).join(',')}\r\n`
        : `${count % 500 === 0 ? `$CATEGORY: ${q.path.join('/')}\n\n` : ''}::${q.name}::[html]${giftText(q.stem)} {\n` +
          `${q.choices.map((c, i) => `  ${i === 0 ? '=' : '~'}${giftText(c)}\n`).join('')}` +
          `  ####[html]${giftText(q.explanation)}\n}\n\n`;
    if (!add(text)) break;
  }
  return { bytes: Buffer.from(parts.join('')), count };
}

const loadScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load.ts');

/** One fixed-rate run (load.ts in its own process, after its warm-up); `onStart` is called as its first measured request is due. */
export function loadRun(job: LoadJob, onStart: () => void = () => {}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(loadScript, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.on('message', (m: { mark?: string; ok?: boolean; result?: LoadResult; error?: string }) => {
      if (m.mark === 'fixed start') onStart();
      else if (m.mark) return;
      else {
        child.kill();
        if (m.ok) resolve(m.result!);
        else reject(new Error(m.error));
      }
    });
    child.once('error', reject);
    child.send(job);
  });
}

const run = promisify(execFile);

/** Starts this process's (the server's) CPU profiler. */
async function startProfile(intervalUs: number) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.post('Profiler.start');
  return session;
}

/** Stops the profiler and writes its profile as DIR/NAME.cpuprofile (open it in Chrome's DevTools). */
async function stopProfile(session: Session, dir: string, name: string) {
  const { profile } = await session.post('Profiler.stop');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.cpuprofile`),
    JSON.stringify(profile),
  );
  session.disconnect();
}

/** A request through curl, in a process of its own: the client's work never runs on the server's event loop. */
export async function curl(args: string[]): Promise<{ status: number; body: string }> {
  const { stdout } = await run('curl', ['-s', '-w', '\n%{http_code}', ...args], { maxBuffer: 16 << 20 });
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at) };
}

export interface ImportBenchRow {
  name: string;
  result: LoadResult;
  /** How long the import step took, and how much of the fixed-rate run it covered. */
  step?: { seconds: number; covered: number };
  /** The server's event loop: its longest delay during the run, in ms. */
  loopMaxMs: number;
}

/**
 * The scenario, when BENCH_ONLY asks for it (or for everything): rows for the bare handler and the other
 * requests with nothing importing, then the same requests during the upload of a max-size file, during its
 * dry run, and during its commit (20,000 questions written). `headers` are a signed-in admin's of `productId` (cookie,
 * CSRF token, origin); the server's jobs run as its poller would run them (`jobs.runDue()`).
 */
export async function measureDuringImport(o: {
  only: string | undefined;
  deps: Deps;
  /** The server's job runner (`BuiltApp.jobs`). */
  jobs: JobRunner;
  base: string;
  bareUrl: string;
  productId: string;
  headers: Record<string, string>;
  others: LoadRequest[];
  seconds: number;
  /** Each run's warm-up at the same rate before its measured window (the import starts with the window). */
  warmupSeconds: number;
  /** BENCH_PROFILE: a folder for the server's CPU profile of each run (its warm-up included). */
  profile?: { dir: string; intervalUs: number };
  rate: number;
  connections: number;
}): Promise<ImportBenchRow[] | null> {
  const only = o.only?.toLowerCase().split('|');
  if (only && !only.some((w) => IMPORT_SCENARIO.includes(w))) return null;
  const format = process.env.BENCH_IMPORT_FORMAT === 'gift' ? 'gift' : 'csv';
  // The multipart body's own lines stay outside the file's limit.
  const { bytes, count } = generateImportFile(format, IMPORT_MAX_BYTES - 1024);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-bench-import-'));
  const file = path.join(dir, `bank.${format}`);
  fs.writeFileSync(file, bytes);
  const mb = (bytes.length / 1024 / 1024).toFixed(1);
  console.log(`  ${IMPORT_SCENARIO}: a ${mb} MB ${format.toUpperCase()} of ${count} questions ...`);

  // The session, CSRF token and origin only: curl sets the body's type, and answers come uncompressed.
  const headerArgs = Object.entries(o.headers)
    .filter(([k]) => ['cookie', 'x-csrf-token', 'origin'].includes(k.toLowerCase()))
    .flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const job = (url: string, requests: LoadRequest[]): LoadJob => ({
    url,
    requests,
    connections: o.connections,
    warmupSeconds: o.warmupSeconds,
    seconds: o.seconds,
    rate: o.rate,
  });
  const rows: ImportBenchRow[] = [];
  const measured = async (name: string, url: string, requests: LoadRequest[], step?: () => Promise<void>) => {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    let running: Promise<{ seconds: number; covered: number }> | undefined;
    let windowStart = 0;
    let cpu: (() => Array<{ key: string; seconds: number }>) | undefined;
    // Started before the warm-up: starting the profiler stops the event loop some 150 ms.
    const profiling = o.profile ? await startProfile(o.profile.intervalUs) : undefined;
    const result = await loadRun(job(url, requests), () => {
      windowStart = performance.now();
      loop.enable(); // the measured window only, not the warm-up
      if (process.env.BENCH_CPU) cpu = cpuUse();
      if (!step) return;
      running = step().then(() => {
        const end = performance.now();
        const window = o.seconds * 1000;
        return { seconds: (end - windowStart) / 1000, covered: Math.min(1, (end - windowStart) / window) };
      });
    });
    loop.disable();
    if (cpu) {
      // The CPU each thread of the server and each process under it used in the window (and the step's rest).
      const used = cpu();
      console.log(`    CPU s during "${name}": ${used.map((u) => `${u.key} ${u.seconds}`).join(', ')}`);
    }
    if (profiling && o.profile) await stopProfile(profiling, o.profile.dir, `import-${name}`);
    rows.push({ name, result, step: running && (await running), loopMaxMs: loop.max / 1e6 });
  };

  await measured('bare Fastify handler', o.bareUrl, [{ method: 'GET', path: '/' }]);
  await measured('health + store page, nothing importing', o.base, o.others);
  let importId = '';
  // The upload and the dry run are measured apart: the first is the request's own work (the body read and
  // kept), the second the read job's (the file read back and parsed in a worker, the preview written).
  await measured(`health + store page during the upload (${format})`, o.base, o.others, async () => {
    const res = await curl([
      ...headerArgs,
      '-F',
      `file=@${file}`,
      `${o.base}/api/v2/questionImports/products/${o.productId}`,
    ]);
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
    importId = JSON.parse(res.body).uuid;
  });
  await measured(`health + store page during the dry run (${format})`, o.base, o.others, async () => {
    await o.jobs.runDue();
  });
  const read = await findImport(o.deps.db, importId);
  if (read?.state !== 'PREVIEW') throw new Error(`the dry run ended ${read?.state}: ${read?.error}`);
  await measured(
    `health + store page during the commit (${Math.min(count, IMPORT_MAX_QUESTIONS)} questions)`,
    o.base,
    o.others,
    async () => {
      const res = await curl([
        ...headerArgs,
        '-H',
        'content-type: application/json',
        '-d',
        JSON.stringify({ onlyValid: true, status: 'DRAFT' }),
        `${o.base}/api/v2/questionImports/${importId}/commit`,
      ]);
      if (res.status !== 202) throw new Error(`commit answered ${res.status}: ${res.body.slice(0, 300)}`);
      await o.jobs.runDue();
    },
  );
  const done = await findImport(o.deps.db, importId);
  if (done?.state !== 'DONE') throw new Error(`the import ended ${done?.state}: ${done?.error}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}

/** The rows as a table: p50/p99 at the fixed rate, the import step's length and the event loop's longest stop. */
export function importTable(rows: ImportBenchRow[]): { head: string[]; rows: string[][] } {
  return {
    head: [
      'run',
      'p50 ms',
      'p99 ms',
      'served req/s',
      'errors',
      'import step s (share of the run)',
      'event loop max delay ms',
    ],
    rows: rows.map(({ name, result, step, loopMaxMs }) => {
      const f = result.fixed!;
      const s = step ? `${step.seconds.toFixed(1)} (${Math.round(step.covered * 100)} %)` : '—';
      return [name, `${f.p50}`, `${f.p99}`, `${f.rps}`, `${f.errors}`, s, loopMaxMs.toFixed(1)];
    }),
  };
}

/** Prints the rows' table under the scenario's name and rate. */
export function printImportRows(rows: ImportBenchRow[], rate: number): void {
  const table = importTable(rows);
  console.log(
    `\n${IMPORT_SCENARIO} (fixed rate ${rate} req/s, latency from when each request was due)\n\n` +
      `| ${table.head.join(' | ')} |\n` +
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const cells of table.rows) console.log(`| ${cells.join(' | ')} |`);
}
