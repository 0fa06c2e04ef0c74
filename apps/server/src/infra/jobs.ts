import { randomUUID } from 'node:crypto';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client';
import { jobs } from '../db/schema';
import type { Clock } from '../lib/clock';

// The job runner (docs/decisions/0010-job-runner.md): typed job kinds, several jobs at once on each instance,
// short leases renewed while a handler runs, periodic tasks claimed once across all instances, and progress
// a screen can show.

/** How often the retention task purges finished jobs and spent one-time tokens (once across all instances). */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Delay before the next attempt: 5 s, 10 s, 20 s ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** Whether an attempt that failed was the last one allowed. */
export const isFinalAttempt = (attempts: number, maxAttempts: number) => attempts >= maxAttempts;

/**
 * What a job's handler gets as `ctx.deps`: the app's `Deps`, which deps.ts merges in here, so this file does not
 * import deps.ts (which imports the runner's types): no cycle.
 */
// biome-ignore lint/suspicious/noEmptyInterface: deps.ts fills it in (declaration merging)
export interface JobDeps {}

export interface JobProgress {
  done: number;
  total?: number;
  message?: string;
}

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: number;
  /** 1 on the first attempt. */
  attempt: number;
  deps: JobDeps;
  /** Aborted when this runner lost the job's lease (another instance may now run it) or stops. */
  signal: AbortSignal;
  /** What an earlier attempt saved with `checkpoint` (e.g. "sending started" with a Message-ID), or null. */
  previousCheckpoint: Record<string, unknown> | null;
  /** Saves a marker on the job row now, for a later attempt to read (an attempt that crashed included). */
  checkpoint(data: Record<string, unknown>): Promise<void>;
  /** Stores progress on the job row, readable with `JobQueue.status`. */
  progress(p: JobProgress): Promise<void>;
  /**
   * Runs `work` in a transaction that also marks this job done: both commit or neither, so a crash can never
   * leave the work recorded and the job due again. Throws (rolling `work` back) when the lease was lost.
   */
  completeWith<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  kind: string;
  payload: S;
  maxAttempts: number;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<void>;
}

/** Declares a job kind once: its name, its payload's schema, its handler and how often it may be tried. */
export function defineJob<S extends z.ZodType>(def: {
  kind: string;
  payload: S;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<void>;
  maxAttempts?: number;
}): JobDefinition<S> {
  return { ...def, maxAttempts: def.maxAttempts ?? 10 };
}

export type JobState = 'queued' | 'running' | 'retrying' | 'done' | 'failed';

export interface JobStatus {
  id: number;
  kind: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  progress: JobProgress | null;
  lastError: string | null;
  runAt: Date;
}

export type PeriodicTask = (now: Date) => Promise<unknown>;

/**
 * Where work is queued: what the app's services and adapters use (`deps.jobs`). It needs only the database, so it
 * exists before anything that queues work; the runner that works the queue comes last, with the app's `Deps`.
 */
export interface JobQueue {
  /**
   * Adds a job inside the caller's transaction, so it exists only if the change commits. The payload is
   * checked against the kind's schema (at compile time and here); answers the job's id.
   */
  enqueue<S extends z.ZodType>(
    tx: DbOrTx,
    job: JobDefinition<S>,
    payload: z.input<S>,
    opts?: { runAt?: Date },
  ): Promise<number>;
  /** enqueue for many payloads of one kind in one statement (a batch's mails); answers the ids in order. */
  enqueueMany<S extends z.ZodType>(
    tx: DbOrTx,
    job: JobDefinition<S>,
    payloads: z.input<S>[],
  ): Promise<number[]>;
  /** Asks this instance's runner to look now instead of at its next tick (after a commit that queued work). */
  kick(): void;
  /** A job's state and progress, for a screen to show; null when there is no such job (or it was purged). */
  status(id: number): Promise<JobStatus | null>;
  /** `status` of many jobs in one query (a list whose rows each name a job); a purged job is not in the map. */
  statuses(ids: number[]): Promise<Map<number, JobStatus>>;
}

/** A queue, and the runner that listens for its kicks. */
export interface KickableJobQueue extends JobQueue {
  /** Calls `listener` on every `kick`. */
  onKick(listener: () => void): void;
}

export interface JobRunner extends JobQueue {
  /** Runs every job that is due now, up to `concurrency` at once; answers how many ran. */
  runDue(): Promise<number>;
  /** Runs the periodic tasks that are due (each claimed once across all instances); answers their names. */
  runPeriodic(): Promise<string[]>;
  /** Runs `task` about every `everyMs`, on one instance at a time (the one that claims it in periodic_tasks). */
  every(name: string, everyMs: number, task: PeriodicTask): void;
  start(): void;
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  /** The job kinds this runner can run. */
  jobs: JobDefinition[];
  /** The app's dependencies, handed to handlers. */
  deps: JobDeps;
  /** The queue this runner works (the app's `deps.jobs`); a queue of its own when not given (tests). */
  queue?: KickableJobQueue;
  /** Jobs run at once by this instance. */
  concurrency?: number;
  /** How long a claim holds a job before another instance may take it. */
  leaseMs?: number;
  /** How often a running job's lease is pushed forward. */
  heartbeatMs?: number;
  pollMs?: number;
  /** Test-only fault injection: runs after a handler returned, before the runner marks its job done. */
  afterHandler?: (job: { id: number; kind: string }) => Promise<void>;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  checkpoint: Record<string, unknown> | null;
}

const rows = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const at = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

class LeaseLost extends Error {
  constructor(id: number) {
    super(`Job ${id}: the lease was lost (another runner may have taken the job)`);
  }
}

/** The job table as a queue: adds jobs inside the caller's transaction and reads their state. */
export function createJobQueue({ db, clock }: { db: Db; clock: Clock }): KickableJobQueue {
  const listeners: Array<() => void> = [];
  /** Each job's state and progress, read in one query. */
  async function statuses(ids: number[]): Promise<Map<number, JobStatus>> {
    const out = new Map<number, JobStatus>();
    if (ids.length === 0) return out;
    const rows = await db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [...new Set(ids)]));
    const now = clock.now();
    for (const row of rows) {
      const state: JobState = row.doneAt
        ? 'done'
        : row.failedAt
          ? 'failed'
          : row.lockedUntil && row.lockedUntil > now
            ? 'running'
            : row.attempts > 0
              ? 'retrying'
              : 'queued';
      out.set(row.id, {
        id: row.id,
        kind: row.kind,
        state,
        attempts: row.attempts,
        maxAttempts: row.maxAttempts,
        progress: (row.progress as JobProgress | null) ?? null,
        lastError: row.lastError,
        runAt: row.runAt,
      });
    }
    return out;
  }
  return {
    async enqueue(tx, job, payload, o) {
      const parsed = job.payload.parse(payload) as Record<string, unknown>;
      const [row] = await tx
        .insert(jobs)
        .values({
          kind: job.kind,
          payload: parsed,
          maxAttempts: job.maxAttempts,
          runAt: o?.runAt ?? clock.now(),
        })
        .returning({ id: jobs.id });
      return row!.id;
    },
    async enqueueMany(tx, job, payloads) {
      if (payloads.length === 0) return [];
      const runAt = clock.now();
      const rows = await tx
        .insert(jobs)
        .values(
          payloads.map((p) => ({
            kind: job.kind,
            payload: job.payload.parse(p) as Record<string, unknown>,
            maxAttempts: job.maxAttempts,
            runAt,
          })),
        )
        .returning({ id: jobs.id });
      return rows.map((r) => r.id);
    },
    async status(id) {
      return (await statuses([id])).get(id) ?? null;
    },
    statuses,
    kick() {
      for (const listener of listeners) listener();
    },
    onKick(listener) {
      listeners.push(listener);
    },
  };
}

/**
 * A job table polled by every instance. A claim (FOR UPDATE SKIP LOCKED, so two runners never take one job)
 * holds a job for a short lease, renewed by a heartbeat while its handler runs: a crashed instance's job is
 * taken again soon, a slow one is not run twice. A runner changes a job's row only while its claim token is
 * still on it. A job that is done keeps no payload (a mail's payload is the whole message with its one-time
 * link), and finished jobs are purged a day later, with the spent one-time tokens (retention.ts).
 */
/** How long a failure that looks like the database going away waits for a stop before it is told. */
const DATABASE_GONE_GRACE_MS = 500;

/**
 * Whether an error says the database went away: PostgreSQL shutting down or refusing (57P01-57P03), a
 * connection lost (08xxx) or ended under the driver.
 */
export function databaseGone(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown; cause?: unknown } | null;
  const code = typeof err?.code === 'string' ? err.code : '';
  const message = typeof err?.message === 'string' ? err.message : '';
  if (/^57P0[123]$/.test(code) || code.startsWith('08') || code === 'ECONNREFUSED' || code === 'ECONNRESET')
    return true;
  if (
    /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
      message,
    )
  )
    return true;
  return err?.cause !== undefined && err.cause !== e ? databaseGone(err.cause) : false;
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, log, clock } = opts;
  const concurrency = opts.concurrency ?? 4;
  const leaseMs = opts.leaseMs ?? 30_000;
  const heartbeatMs = opts.heartbeatMs ?? 10_000;
  const pollMs = opts.pollMs ?? 1000;
  const kinds = new Map(opts.jobs.map((j) => [j.kind, j]));
  const periodic: Array<{ name: string; everyMs: number; task: PeriodicTask }> = [];
  let timer: NodeJS.Timeout | null = null;
  /** The periodic tick running now, if any: stop() waits for it. */
  let ticking: Promise<void> | null = null;
  let stopped = true;
  let stopping = false;
  /** Set for good by stop(): the process is going away, with its database perhaps already gone. */
  let closed = false;

  /**
   * Tells a failure, unless it is the database going away while this process stops too (a service manager or a
   * terminal stops the whole group, the database first): such an error is told only if no stop follows it
   * within a moment, as the pool tells the connections the server ended.
   */
  function tell(e: unknown, say: () => void) {
    if (!databaseGone(e)) return say();
    setTimeout(() => {
      if (!closed) say();
    }, DATABASE_GONE_GRACE_MS).unref();
  }
  const queue = opts.queue ?? createJobQueue({ db, clock });
  queue.onKick(() => {
    if (!stopped) fill();
  });

  async function claim(): Promise<(ClaimedJob & { token: string }) | null> {
    const token = randomUUID();
    const now = clock.now();
    const res = await db.execute(sql`
      UPDATE jobs SET locked_until = ${at(new Date(now.getTime() + leaseMs))}, locked_by = ${token},
        attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${at(now)}
          AND (locked_until IS NULL OR locked_until < ${at(now)})
        ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts, checkpoint`);
    const job = rows<ClaimedJob>(res)[0];
    return job ? { ...job, id: Number(job.id), token } : null;
  }

  /** Changes the claimed job's row only while this claim holds it; answers whether it did. */
  async function ownUpdate(exec: DbOrTx, id: number, token: string, set: SQL): Promise<boolean> {
    const res = await exec.execute(
      sql`UPDATE jobs SET ${set} WHERE id = ${id} AND locked_by = ${token} AND done_at IS NULL RETURNING id`,
    );
    return rows(res).length > 0;
  }

  const doneSet = () =>
    sql`done_at = ${at(clock.now())}, locked_until = NULL, locked_by = NULL, last_error = NULL,
      payload = '{}'::jsonb`;

  async function runOne(job: ClaimedJob & { token: string }) {
    const def = kinds.get(job.kind);
    const abort = new AbortController();
    let completed = false;
    const heartbeat = setInterval(() => {
      const until = new Date(clock.nowMs() + leaseMs);
      ownUpdate(db, job.id, job.token, sql`locked_until = ${at(until)}`).then(
        (held) => {
          if (!held && !completed) abort.abort(new LeaseLost(job.id));
        },
        (e) => tell(e, () => log.warn({ err: e, jobId: job.id }, 'job heartbeat failed')),
      );
    }, heartbeatMs);
    heartbeat.unref();
    const ctx: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      deps: opts.deps,
      signal: abort.signal,
      previousCheckpoint: job.checkpoint,
      async checkpoint(data) {
        if (!(await ownUpdate(db, job.id, job.token, sql`checkpoint = ${JSON.stringify(data)}::jsonb`)))
          throw new LeaseLost(job.id);
      },
      async progress(p) {
        await ownUpdate(db, job.id, job.token, sql`progress = ${JSON.stringify(p)}::jsonb`);
      },
      async completeWith(work) {
        const out = await db.transaction(async (tx) => {
          const result = await work(tx);
          if (!(await ownUpdate(tx, job.id, job.token, doneSet()))) throw new LeaseLost(job.id);
          return result;
        });
        completed = true;
        return out;
      },
    };
    try {
      if (!def) throw new Error(`No handler for job kind ${job.kind}`);
      await def.handler(def.payload.parse(job.payload), ctx);
      if (opts.afterHandler) await opts.afterHandler({ id: job.id, kind: job.kind });
      if (!completed && !(await ownUpdate(db, job.id, job.token, doneSet())))
        log.warn({ jobId: job.id, kind: job.kind }, 'job finished after its lease was lost');
      completed = true;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const final = isFinalAttempt(job.attempts, job.max_attempts);
      tell(e, () =>
        log.warn(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, err: message },
          final ? 'job failed for good' : 'job failed, will retry',
        ),
      );
      const now = clock.now();
      await ownUpdate(
        db,
        job.id,
        job.token,
        sql`locked_until = NULL, locked_by = NULL, last_error = ${message.slice(0, 2000)},
          run_at = ${at(new Date(now.getTime() + retryDelayMs(job.attempts)))},
          failed_at = ${final ? at(now) : sql`NULL`}`,
      ).catch((err) => tell(err, () => log.error({ err, jobId: job.id }, 'could not record a job failure')));
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Lanes: each claims and runs jobs one after another until none is due. `fill` starts lanes up to
   * `concurrency`, so a long job holds one lane while the others go on.
   */
  const lanes = new Set<Promise<void>>();
  let ran = 0;
  async function lane() {
    while (!stopping) {
      const job = await claim();
      if (!job) return;
      ran++;
      await runOne(job);
    }
  }
  function fill() {
    while (lanes.size < concurrency && !stopping) {
      const p: Promise<void> = lane()
        .catch((e) => tell(e, () => log.error({ err: e }, 'job runner failed')))
        .finally(() => lanes.delete(p));
      lanes.add(p);
    }
  }
  async function settle() {
    while (lanes.size) await Promise.all([...lanes]);
  }

  const runner: JobRunner = {
    enqueue: queue.enqueue,
    enqueueMany: queue.enqueueMany,
    status: queue.status,
    statuses: queue.statuses,
    kick: () => queue.kick(),
    async runDue() {
      const before = ran;
      fill();
      await settle();
      return ran - before;
    },
    async runPeriodic() {
      const ran: string[] = [];
      for (const p of periodic) {
        const now = clock.now();
        await db.execute(
          sql`INSERT INTO periodic_tasks (name, next_run_at) VALUES (${p.name}, ${at(now)}) ON CONFLICT DO NOTHING`,
        );
        const claimed = await db.execute(sql`
          UPDATE periodic_tasks SET next_run_at = ${at(new Date(now.getTime() + p.everyMs))},
            last_run_at = ${at(now)}
          WHERE name = ${p.name} AND next_run_at <= ${at(now)} RETURNING name`);
        if (rows(claimed).length === 0) continue;
        ran.push(p.name);
        try {
          await p.task(now);
        } catch (e) {
          tell(e, () => log.error({ err: e, task: p.name }, 'periodic task failed'));
        }
      }
      return ran;
    },
    every(name, everyMs, task) {
      periodic.push({ name, everyMs, task });
    },
    start() {
      stopped = false;
      const tick = async () => {
        try {
          await runner.runPeriodic();
          fill();
        } catch (e) {
          tell(e, () => log.error({ err: e }, 'job runner failed'));
        }
        if (!stopped) timer = setTimeout(run, pollMs);
      };
      const run = () => {
        ticking = tick().finally(() => {
          ticking = null;
        });
      };
      timer = setTimeout(run, 0);
    },
    async stop() {
      stopped = true;
      stopping = true;
      closed = true;
      if (timer) clearTimeout(timer);
      // A tick under way finishes before the caller closes the pool under it.
      await ticking;
      await settle();
      stopping = false;
    },
  };
  return runner;
}
