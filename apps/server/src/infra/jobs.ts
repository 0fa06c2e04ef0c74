import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';
import { purgeSpent } from './retention';

/** How often each instance purges finished jobs and spent one-time tokens. */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** Delay before the next attempt: 5 s, 10 s, 20 s ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export interface JobRunner {
  /** Adds a job inside the caller's transaction, so it exists only if the change commits. */
  enqueue(
    tx: DbOrTx,
    kind: string,
    payload: Record<string, unknown>,
    opts?: { maxAttempts?: number },
  ): Promise<void>;
  /** Runs every job that is due now; returns how many ran. */
  runDue(): Promise<number>;
  /** Asks the poller to look now instead of at its next tick. */
  kick(): void;
  /** Runs `task` about every `everyMs` while started (on every instance: tasks must be safe to run concurrently). */
  every(name: string, everyMs: number, task: () => Promise<unknown>): void;
  start(): void;
  stop(): Promise<void>;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/**
 * A job table polled by every instance; claims use FOR UPDATE SKIP LOCKED so two workers never take one job.
 * A job that is done keeps no payload (a mail's payload is the whole message with its one-time link), and
 * finished jobs are purged a day later, with the spent one-time tokens (retention.ts).
 */
export function createJobRunner(
  db: Db,
  handlers: Record<string, JobHandler>,
  log: FastifyBaseLogger,
  pollMs = 1000,
): JobRunner {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  let again = false;
  const periodic: Array<{ name: string; everyMs: number; task: () => Promise<unknown>; lastAt: number }> = [];

  async function runPeriodic() {
    const now = Date.now();
    for (const p of periodic) {
      if (now - p.lastAt < p.everyMs) continue;
      p.lastAt = now;
      try {
        await p.task();
      } catch (e) {
        log.error({ err: e, task: p.name }, 'periodic task failed');
      }
    }
  }

  async function claim(): Promise<ClaimedJob | null> {
    const res = await db.execute(sql`
      UPDATE jobs SET locked_until = now() + interval '5 minutes', attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts`);
    return ((res as unknown as { rows: ClaimedJob[] }).rows[0] as ClaimedJob | undefined) ?? null;
  }

  async function runOne(job: ClaimedJob) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload);
      await db.execute(sql`
        UPDATE jobs SET done_at = now(), locked_until = NULL, last_error = NULL, payload = '{}'::jsonb
        WHERE id = ${job.id}`);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const final = job.attempts >= job.max_attempts;
      log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: message },
        final ? 'job failed for good' : 'job failed, will retry',
      );
      const delay = retryDelayMs(job.attempts);
      await db.execute(sql`
        UPDATE jobs SET locked_until = NULL, last_error = ${message.slice(0, 2000)},
          run_at = now() + (${delay} * interval '1 millisecond'),
          failed_at = CASE WHEN ${final} THEN now() ELSE NULL END
        WHERE id = ${job.id}`);
    }
  }

  async function drain(): Promise<number> {
    let n = 0;
    for (;;) {
      const job = await claim();
      if (!job) return n;
      await runOne(job);
      n++;
    }
  }

  const runner: JobRunner = {
    async enqueue(tx, kind, payload, opts) {
      await tx.insert(jobs).values({ kind, payload, maxAttempts: opts?.maxAttempts ?? 10 });
    },
    async runDue() {
      if (running) {
        again = true;
        return running;
      }
      running = drain().finally(() => {
        running = null;
      });
      const n = await running;
      if (again) {
        again = false;
        return n + (await runner.runDue());
      }
      return n;
    },
    kick() {
      if (!stopped) void runner.runDue().catch((e) => log.error({ err: e }, 'job runner failed'));
    },
    every(name, everyMs, task) {
      periodic.push({ name, everyMs, task, lastAt: 0 });
    },
    start() {
      stopped = false;
      const tick = async () => {
        try {
          await runPeriodic();
          await runner.runDue();
        } catch (e) {
          log.error({ err: e }, 'job runner failed');
        }
        if (!stopped) timer = setTimeout(tick, pollMs);
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
  runner.every('retention: purge finished jobs and spent one-time tokens', PURGE_EVERY_MS, () =>
    purgeSpent(db),
  );
  return runner;
}
