import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { column, selectRows } from '../apps/server/src/db/rows';
import type { Deps } from '../apps/server/src/deps';
import type { JobRunner } from '../apps/server/src/infra/jobs';
import { findIngestion } from '../apps/server/src/modules/enrolment/ingestion-repository';
import { cpuUse } from './cpu-use';
import { type GcPauses, gcCell, watchGc } from './gc-pauses';
import { curl, loadRun } from './imports';
import type { LoadJob, LoadRequest, LoadResult } from './load';

export const ENROLMENT_SCENARIO = 'enrolment: 10,000-row file committed, session calls meanwhile';

const ROWS = Number(process.env.BENCH_ENROL_ROWS ?? 10_000);

/** A class list of `rows` new students, CSV as a school's export would have it. */
export function generateClassList(rows: number): Buffer {
  const lines = ['email,first_name,last_name'];
  for (let i = 1; i <= rows; i++) lines.push(`student${i}@school.example.com,Student,Number ${i}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

export interface EnrolmentBenchRow {
  name: string;
  result: LoadResult;
  /** How long the step took, and how much of the measured window it covered. */
  step?: { seconds: number; covered: number };
  /** The server's event loop: its longest delay during the window, in ms. */
  loopMaxMs: number;
  /** The server process's garbage collections during the window. */
  gc?: GcPauses;
  /** Seconds from the commit's start until every welcome mail was in the outbox (the commit's row). */
  mailsSeconds?: number;
}

/**
 * The scenario, when BENCH_ONLY asks for it (or for everything). `headers` are a signed-in admin's of
 * `productId`; `sessions` the signed-in session calls; the server's jobs run as its poller would run them.
 */
export async function measureDuringEnrolment(o: {
  only: string | undefined;
  deps: Deps;
  jobs: JobRunner;
  base: string;
  bareUrl: string;
  productId: string;
  headers: Record<string, string>;
  sessions: LoadRequest[];
  seconds: number;
  warmupSeconds: number;
  rate: number;
  connections: number;
}): Promise<EnrolmentBenchRow[] | null> {
  const only = o.only?.toLowerCase().split('|');
  if (only && !only.some((w) => ENROLMENT_SCENARIO.includes(w))) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-bench-enrol-'));
  const file = path.join(dir, 'class.csv');
  fs.writeFileSync(file, generateClassList(ROWS));
  console.log(`  ${ENROLMENT_SCENARIO}: ${ROWS} rows ...`);
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
    mostSeconds: 1,
  });
  const rows: EnrolmentBenchRow[] = [];
  const measured = async (name: string, url: string, requests: LoadRequest[], step?: () => Promise<void>) => {
    let running: Promise<{ seconds: number; covered: number }> | undefined;
    let windowStart = 0;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    let cpu: (() => Array<{ key: string; seconds: number }>) | undefined;
    let gc: (() => GcPauses) | undefined;
    const result = await loadRun(job(url, requests), () => {
      windowStart = performance.now();
      loop.enable();
      gc = watchGc();
      if (process.env.BENCH_CPU) cpu = cpuUse();
      if (!step) return;
      running = step().then(() => {
        const seconds = (performance.now() - windowStart) / 1000;
        return { seconds, covered: Math.min(1, seconds / o.seconds) };
      });
    });
    loop.disable();
    const pauses = gc?.();
    if (cpu) {
      // The CPU each thread of the server and each process under it used in the window (BENCH_CPU=1).
      const used = cpu();
      console.log(`    CPU s during "${name}": ${used.map((u) => `${u.key} ${u.seconds}`).join(', ')}`);
    }
    // The step may outlast the window: its time is its own, whatever the window.
    rows.push({ name, result, step: running && (await running), loopMaxMs: loop.max / 1e6, gc: pauses });
  };

  await measured('bare Fastify handler', o.bareUrl, [{ method: 'GET', path: '/' }]);
  await measured('GET /api/v1/session, nothing enrolling', o.base, o.sessions);
  let id = '';
  let mailsDone: Promise<number> | undefined;
  await measured(
    `GET /api/v1/session during the upload and dry run (${ROWS} rows)`,
    o.base,
    o.sessions,
    async () => {
      const res = await curl([
        ...headerArgs,
        '-F',
        `file=@${file}`,
        `${o.base}/api/v2/userIngestions/products/${o.productId}`,
      ]);
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
      id = JSON.parse(res.body).uuid;
    },
  );
  await measured(
    `GET /api/v1/session during the commit (${ROWS} new students)`,
    o.base,
    o.sessions,
    async () => {
      const res = await curl([
        ...headerArgs,
        '-H',
        'content-type: application/json',
        '-d',
        '{}',
        `${o.base}/api/v2/userIngestions/${id}/commit`,
      ]);
      if (res.status !== 202) throw new Error(`commit answered ${res.status}: ${res.body.slice(0, 300)}`);
      // The job runner as a server runs it (polling, kicked): the commit and, in other lanes, the welcome mails
      // it queues, side by side. The step ends when the list is DONE; the mails may still be going out.
      const started = performance.now();
      o.jobs.start();
      mailsDone = (async () => {
        for (;;) {
          const [left] = await selectRows(
            o.deps.db,
            { n: column.int },
            sql`SELECT count(*)::int AS n FROM jobs WHERE done_at IS NULL AND failed_at IS NULL`,
          );
          if (left!.n === 0) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        const seconds = (performance.now() - started) / 1000;
        await o.jobs.stop();
        return seconds;
      })();
      for (;;) {
        const now = await findIngestion(o.deps.db, id);
        if (now?.state === 'DONE') return;
        if (now?.state !== 'COMMITTING') throw new Error(`the commit ended ${now?.state}: ${now?.error}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  );
  rows.at(-1)!.mailsSeconds = await mailsDone!;
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}

/** The rows as a table: p50/p99 at the fixed rate, the step's length. */
export function enrolmentTable(rows: EnrolmentBenchRow[]): { head: string[]; rows: string[][] } {
  return {
    head: [
      'run',
      'p50 ms',
      'p99 ms',
      'served req/s',
      'errors',
      'step s (share of the window)',
      'all welcome mails sent s',
      'event loop max delay ms',
      'major GCs',
    ],
    rows: rows.map(({ name, result, step, loopMaxMs, mailsSeconds, gc }) => {
      const f = result.fixed!;
      const s = step ? `${step.seconds.toFixed(1)} (${Math.round(step.covered * 100)} %)` : '—';
      const m = mailsSeconds === undefined ? '—' : mailsSeconds.toFixed(1);
      return [
        name,
        `${f.p50}`,
        `${f.p99}`,
        `${f.rps}`,
        `${f.errors}`,
        s,
        m,
        loopMaxMs.toFixed(1),
        gcCell(gc),
      ];
    }),
  };
}

export function printEnrolmentRows(rows: EnrolmentBenchRow[], rate: number): void {
  const table = enrolmentTable(rows);
  console.log(
    `\n${ENROLMENT_SCENARIO} (fixed rate ${rate} req/s, latency from when each request was due)\n\n` +
      `| ${table.head.join(' | ')} |\n` +
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const cells of table.rows) console.log(`| ${cells.join(' | ')} |`);
}
