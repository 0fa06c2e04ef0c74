import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ErrorCode,
  HEALTH_PAGE_SIZE,
  HEALTH_PROBE_DEADLINE_MS,
  type HealthJob,
  type HealthJobsPage,
  type HealthLevel,
  type HealthMail,
  type HealthMailPage,
  type HealthSummary,
  type HealthWebhook,
  type HealthWebhooksPage,
  type JobRetryResult,
  type MailResendResult,
  type WebhookReplayResult,
} from '@qbank/contract';
import type pg from 'pg';
import { migrationsFolder } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { mailDomain, mailJob } from '../../infra/mail';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { type WebhookEventRow, webhookService } from '../checkout';
import {
  databaseFacts,
  findJob,
  findOutbox,
  type JobRow,
  type JobStateName,
  jobCounts,
  jobState,
  listJobs,
  listOutbox,
  listWebhooks,
  MAIL_KINDS,
  mailCounts,
  requeueJob,
  type WebhookRow,
  type WebhookState,
  webhookCounts,
} from './repository';

/** A job due this long ago and still not taken: the runner is behind (warning) or not running (failed). */
const WAITING_WARNING_S = 120;
const WAITING_FAILED_S = 15 * 60;
/** A `select 1` slower than this is a warning. */
const SLOW_DATABASE_MS = 500;

type Timed<T> =
  | { done: true; value: T; ms: number }
  | { done: true; error: string; ms: number }
  | { done: false };

/**
 * Runs a probe with a deadline: its answer and how long it took, its error, or `done: false` when the deadline
 * passed first (the probe is let go; its late answer or error is dropped).
 */
async function within<T>(ms: number, work: () => Promise<T>): Promise<Timed<T>> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ done: false }>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  const run = work().then(
    (value) => ({ done: true as const, value, ms: Math.round(performance.now() - start) }),
    (e: unknown) => ({
      done: true as const,
      error: e instanceof Error ? e.message : String(e),
      ms: Math.round(performance.now() - start),
    }),
  );
  try {
    return await Promise.race([run, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The migrations this server knows (drizzle's journal): names by the time drizzle records for each. */
let journal: Array<{ tag: string; when: number }> | null = null;
function knownMigrations() {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string; when: number }>;
    }
  ).entries;
  return journal;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const jobOf = (j: JobRow, now: Date): HealthJob => ({
  id: j.id,
  kind: j.kind,
  state: jobState(j, now),
  attempts: j.attempts,
  maxAttempts: j.max_attempts,
  lastError: j.last_error,
  runAt: iso(j.run_at)!,
  createdAt: iso(j.created_at)!,
  failedAt: iso(j.failed_at),
  doneAt: iso(j.done_at),
});

/** A mail job as the mail list shows it: its (first) recipient and subject, and how many messages it holds. */
function mailOfJob(j: JobRow): HealthMail {
  const p = j.payload;
  const batch = Array.isArray(p.messages) ? (p.messages as Array<{ to?: string; subject?: string }>) : null;
  const first = batch ? (batch[0] ?? {}) : (p as { to?: string; subject?: string });
  const count = batch ? batch.length : 1;
  return {
    id: String(j.id),
    state: j.failed_at ? 'failed' : 'queued',
    to: `${first.to ?? '(unknown)'}${count > 1 ? ` and ${count - 1} more` : ''}`,
    subject: first.subject ?? '(unknown)',
    messages: count,
    attempts: j.attempts,
    lastError: j.last_error,
    at: iso(j.failed_at ?? j.run_at)!,
  };
}

type WebhookLike = Pick<
  WebhookRow,
  'id' | 'provider' | 'type' | 'attempts' | 'last_error' | 'received_at' | 'processed_at' | 'failed_at'
>;
const fromEventRow = (r: WebhookEventRow): WebhookLike => ({
  id: r.id,
  provider: r.provider,
  type: r.type,
  attempts: r.attempts,
  last_error: r.lastError,
  received_at: r.receivedAt,
  processed_at: r.processedAt,
  failed_at: r.failedAt,
});
const webhookOf = (r: WebhookLike): HealthWebhook => ({
  id: r.id,
  provider: r.provider,
  type: r.type,
  state: r.processed_at ? 'processed' : r.failed_at ? 'failed' : 'received',
  attempts: r.attempts,
  lastError: r.last_error,
  receivedAt: iso(r.received_at)!,
  processedAt: iso(r.processed_at),
  failedAt: iso(r.failed_at),
});
/** An event's row as its audit entry keeps it, before and after. */
const webhookSnapshot = (r: WebhookEventRow) => {
  const w = webhookOf(fromEventRow(r));
  return { state: w.state, attempts: w.attempts, processedAt: w.processedAt, lastError: w.lastError };
};

const noSuchJob = () => new AppError(ErrorCode.NOT_FOUND, 'No such job', 'id');
const noSuchMail = () => new AppError(ErrorCode.NOT_FOUND, 'No such mail', 'id');

/** Super → Platform health (docs/platform-health.md): what runs, what failed, and the actions that fix it. */
export function platformHealthService(deps: Deps) {
  const { db, clock, storage, mailer, jobs, config } = deps;
  const only = (actor: Actor) => authorize(actor, 'superuser.health', {});
  const hooks = webhookService(deps);

  async function databasePart(): Promise<HealthSummary['database']> {
    const known = knownMigrations();
    const pool = (db as unknown as { $client?: pg.Pool }).$client;
    const inUse = pool ? pool.totalCount - pool.idleCount : null;
    const poolMax = pool?.options.max ?? null;
    const [ping, facts] = await Promise.all([
      within(HEALTH_PROBE_DEADLINE_MS, () => db.execute('select 1')),
      within(HEALTH_PROBE_DEADLINE_MS, () => databaseFacts(db)),
    ]);
    const f = facts.done && 'value' in facts ? facts.value : null;
    const reachable = ping.done ? 'value' in ping : null;
    const latencyMs = ping.done && 'value' in ping ? ping.ms : null;
    const level: HealthLevel =
      reachable === null
        ? 'unknown'
        : !reachable
          ? 'failed'
          : (latencyMs ?? 0) > SLOW_DATABASE_MS ||
              (f !== null && f.applied < known.length) ||
              (inUse !== null && poolMax !== null && inUse >= poolMax)
            ? 'warning'
            : 'ok';
    return {
      level,
      reachable,
      latencyMs,
      sizeBytes: f?.sizeBytes ?? null,
      connectionsInUse: inUse,
      poolMax,
      migration: f?.newest != null ? (known.find((m) => m.when === f.newest)?.tag ?? null) : null,
      migrationsApplied: f?.applied ?? null,
      migrationsKnown: known.length,
    };
  }

  /**
   * Writes a small object under a random content key, reads it back and deletes it, within the deadline. A
   * probe still running when the deadline passes goes on in the background and still deletes its object.
   */
  async function storagePart(): Promise<HealthSummary['storage']> {
    const probe = await within(HEALTH_PROBE_DEADLINE_MS, async () => {
      const bytes = new TextEncoder().encode(`qbank health probe ${randomBytes(16).toString('hex')}`);
      const key = createHash('sha256').update(bytes).digest('hex');
      await storage.put(key, bytes, 'text/plain');
      try {
        if ((await storage.size(key)) !== bytes.length) throw new Error('The probe read back another size');
        const stream = await storage.read(key);
        if (!stream) throw new Error('The probe could not be read back');
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
        if (!Buffer.concat(chunks).equals(Buffer.from(bytes)))
          throw new Error('The probe read back other bytes');
      } finally {
        await storage.delete(key);
      }
      if ((await storage.size(key)) !== null) throw new Error('The probe was not deleted');
    });
    return {
      level: !probe.done ? 'unknown' : 'error' in probe ? 'failed' : 'ok',
      adapter: storage.kind,
      probe: probe.done ? !('error' in probe) : null,
      latencyMs: probe.done ? probe.ms : null,
      error: probe.done && 'error' in probe ? probe.error : null,
    };
  }

  const page = async <R, T>(
    rows: (offset: number, limit: number) => Promise<R[]>,
    n: number,
    map: (r: R) => T,
  ) => {
    const got = await rows(n * HEALTH_PAGE_SIZE, HEALTH_PAGE_SIZE + 1);
    return {
      items: got.slice(0, HEALTH_PAGE_SIZE).map(map),
      page: n,
      pageSize: HEALTH_PAGE_SIZE,
      hasMore: got.length > HEALTH_PAGE_SIZE,
    };
  };

  return {
    async summary(actor: Actor): Promise<HealthSummary> {
      await only(actor);
      const now = clock.now();
      const transport = mailer.transport.kind;
      const [j, m, w, database, storagePartNow] = await Promise.all([
        jobCounts(db, now),
        mailCounts(db, now, transport),
        webhookCounts(db, now),
        databasePart(),
        storagePart(),
      ]);
      const oldest = j.oldestDue
        ? Math.max(0, Math.round((now.getTime() - j.oldestDue.getTime()) / 1000))
        : null;
      return {
        checkedAt: now.toISOString(),
        jobs: {
          level:
            (oldest ?? 0) > WAITING_FAILED_S
              ? 'failed'
              : j.failed > 0 || (oldest ?? 0) > WAITING_WARNING_S
                ? 'warning'
                : 'ok',
          waiting: j.waiting,
          running: j.running,
          failed: j.failed,
          doneLast24h: j.doneLast24h,
          oldestWaitingSeconds: oldest,
        },
        mail: {
          level: m.failed > 0 ? 'warning' : 'ok',
          transport,
          ...m,
          sentCounts: transport === 'outbox' ? 'messages' : 'jobs',
        },
        // A payment event that failed is access someone paid for and does not have yet.
        webhooks: { level: w.failed > 0 ? 'failed' : 'ok', ...w },
        database,
        storage: storagePartNow,
      };
    },

    async jobs(actor: Actor, state: JobStateName, n: number): Promise<HealthJobsPage> {
      await only(actor);
      const now = clock.now();
      return page(
        (offset, limit) => listJobs(db, state, now, offset, limit),
        n,
        (r) => jobOf(r, now),
      );
    },

    async mail(actor: Actor, state: 'queued' | 'failed' | 'sent', n: number): Promise<HealthMailPage> {
      await only(actor);
      const now = clock.now();
      const sentListed = mailer.transport.kind === 'outbox';
      if (state === 'sent') {
        const p = await page(
          (offset, limit) => (sentListed ? listOutbox(db, offset, limit) : Promise.resolve([])),
          n,
          (r): HealthMail => ({
            id: r.id,
            state: 'sent',
            to: r.to,
            subject: r.subject,
            messages: 1,
            attempts: null,
            lastError: null,
            at: iso(r.created_at)!,
          }),
        );
        return { ...p, sentListed };
      }
      const p = await page((offset, limit) => listJobs(db, state, now, offset, limit, true), n, mailOfJob);
      return { ...p, sentListed };
    },

    async webhooks(actor: Actor, state: WebhookState, n: number): Promise<HealthWebhooksPage> {
      await only(actor);
      return page((offset, limit) => listWebhooks(db, state, offset, limit), n, webhookOf);
    },

    /** A failed job runs again, with a new round of attempts; any other state is a 409 naming `id`. */
    async retryJob(actor: Actor, id: number): Promise<JobRetryResult> {
      await only(actor);
      const job = await db.transaction(async (tx) => {
        const before = await findJob(tx, id, true);
        if (!before) throw noSuchJob();
        const now = clock.now();
        const state = jobState(before, now);
        if (state !== 'failed')
          throw new AppError(
            ErrorCode.CONFLICT,
            `Job ${id} is ${state}, not failed: only a failed job can be retried`,
            'id',
          );
        const after = await requeueJob(tx, id, now);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: null,
          action: 'job.retry',
          details: {
            jobId: id,
            kind: before.kind,
            before: {
              state,
              attempts: before.attempts,
              lastError: before.last_error,
              failedAt: iso(before.failed_at),
            },
            after: { state: 'waiting', attempts: after.attempts, runAt: iso(after.run_at) },
          },
          at: now,
        });
        return jobOf(after, now);
      });
      jobs.kick();
      return { job, message: `Job ${id} is queued again` };
    },

    /**
     * A failed mail (a mail job's number) runs its own job again; a sent one (an outbox message's UUID) is queued
     * as a new message with the same content and a new Message-ID. A mail job that is not failed: 409.
     */
    async resendMail(actor: Actor, id: string): Promise<MailResendResult> {
      await only(actor);
      const result = await db.transaction(async (tx): Promise<MailResendResult> => {
        const now = clock.now();
        if (/^\d+$/.test(id)) {
          const before = await findJob(tx, Number(id), true);
          if (!before || !(MAIL_KINDS as readonly string[]).includes(before.kind)) throw noSuchMail();
          const state = jobState(before, now);
          if (state !== 'failed')
            throw new AppError(
              ErrorCode.CONFLICT,
              `Mail ${id} is ${state === 'done' ? 'sent' : state}, not failed: only a failed or sent mail can be queued again`,
              'id',
            );
          const mail = mailOfJob(before);
          const after = await requeueJob(tx, before.id, now);
          await appendAudit(tx, {
            actorId: actor.userId,
            productId: null,
            action: 'mail.resend',
            details: {
              mailId: id,
              was: 'failed',
              jobId: before.id,
              to: mail.to,
              subject: mail.subject,
              messages: mail.messages,
              before: { state: 'failed', attempts: before.attempts, lastError: before.last_error },
              after: { state: 'queued', attempts: after.attempts },
            },
            at: now,
          });
          return {
            resent: 'failed',
            jobId: before.id,
            message: `The failed mail is queued again (${mail.messages === 1 ? 'one message' : `${mail.messages} messages`})`,
          };
        }
        const sent = await findOutbox(tx, id);
        if (!sent) throw noSuchMail();
        const jobId = await jobs.enqueue(tx, mailJob, {
          to: sent.to,
          subject: sent.subject,
          text: sent.text,
          ...(sent.html ? { html: sent.html } : {}),
          messageId: `<${randomBytes(16).toString('hex')}@${mailDomain(config.mailFrom)}>`,
        });
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: null,
          action: 'mail.resend',
          details: {
            mailId: id,
            was: 'sent',
            jobId,
            to: sent.to,
            subject: sent.subject,
            before: { state: 'sent', sentAt: iso(sent.created_at) },
            after: { state: 'queued', jobId },
          },
          at: now,
        });
        return { resent: 'sent', jobId, message: `A new copy of the sent mail to ${sent.to} is queued` };
      });
      jobs.kick();
      return result;
    },

    /** The stored event processed again through the checkout's own handler, with its audit entry. */
    async replayWebhook(actor: Actor, id: string): Promise<WebhookReplayResult> {
      await only(actor);
      const done = await hooks.replay(id, (tx, e) =>
        appendAudit(tx, {
          actorId: actor.userId,
          productId: null,
          action: 'webhook.replay',
          details: {
            eventId: id,
            type: e.before.type,
            provider: e.before.provider,
            outcome: e.outcome,
            error: e.error,
            before: webhookSnapshot(e.before),
            after: webhookSnapshot(e.after),
          },
          at: clock.now(),
        }),
      );
      if (!done) throw new AppError(ErrorCode.NOT_FOUND, 'No such event', 'id');
      return {
        event: webhookOf(fromEventRow(done.row)),
        outcome: done.outcome,
        message:
          done.outcome === 'processed'
            ? 'The event was processed again'
            : `The event failed again: ${done.error ?? 'unknown error'}`,
      };
    },
  };
}
