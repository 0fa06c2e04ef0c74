import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

// Platform health's reads and writes (docs/platform-health.md). Every list is newest first (or, for waiting
// jobs, next due first) over a partial index of its own state, a page at a time.

export const MAIL_KINDS = ['mail.send', 'mail.sendBatch'] as const;
const mailKinds = sql`kind IN ('mail.send', 'mail.sendBatch')`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
  created_at: Date;
  failed_at: Date | null;
  done_at: Date | null;
  locked_until: Date | null;
}

export type JobStateName = 'waiting' | 'running' | 'failed' | 'done';

export function jobState(j: JobRow, now: Date): JobStateName {
  if (j.done_at) return 'done';
  if (j.failed_at) return 'failed';
  if (j.locked_until && j.locked_until > now) return 'running';
  return 'waiting';
}

const jobColumns = sql`id, kind, payload, attempts, max_attempts, last_error, run_at, created_at, failed_at,
  done_at, locked_until`;

const asJob = (r: Record<string, unknown>): JobRow => ({ ...(r as unknown as JobRow), id: Number(r.id) });

/** Where and in which order each state's list reads, the order matching its partial index. */
function jobsWhere(state: JobStateName | 'queued', now: Date): { where: SQL; order: SQL } {
  switch (state) {
    case 'queued':
      return { where: sql`done_at IS NULL AND failed_at IS NULL`, order: sql`run_at, id` };
    case 'waiting':
      return {
        where: sql`done_at IS NULL AND failed_at IS NULL AND (locked_until IS NULL OR locked_until <= ${at(now)})`,
        order: sql`run_at, id`,
      };
    case 'running':
      return {
        where: sql`done_at IS NULL AND failed_at IS NULL AND locked_until > ${at(now)}`,
        order: sql`run_at, id`,
      };
    case 'failed':
      return { where: sql`failed_at IS NOT NULL`, order: sql`failed_at DESC NULLS LAST, id DESC NULLS LAST` };
    case 'done':
      return { where: sql`done_at IS NOT NULL`, order: sql`done_at DESC NULLS LAST, id DESC NULLS LAST` };
  }
}

/** The statement of a page of jobs in one state (exported for the test that checks it reads an index). */
export function jobsListSql(
  state: JobStateName | 'queued',
  now: Date,
  offset: number,
  limit: number,
  onlyMail = false,
): SQL {
  const { where, order } = jobsWhere(state, now);
  return sql`
    SELECT ${jobColumns} FROM jobs WHERE ${where} ${onlyMail ? sql`AND ${mailKinds}` : sql``}
    ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
}

/** A page of jobs in one state (`limit` + 1 asked, so the caller knows whether more follow). */
export async function listJobs(
  db: DbOrTx,
  state: JobStateName | 'queued',
  now: Date,
  offset: number,
  limit: number,
  onlyMail = false,
): Promise<JobRow[]> {
  const res = await db.execute(jobsListSql(state, now, offset, limit, onlyMail));
  return rowsOf(res).map(asJob);
}

export async function findJob(db: DbOrTx, id: number, forUpdate = false): Promise<JobRow | null> {
  const res = await db.execute(
    sql`SELECT ${jobColumns} FROM jobs WHERE id = ${id} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  const r = rowsOf(res)[0];
  return r ? asJob(r) : null;
}

/**
 * A failed job due again now, with a new round of attempts; its last error stays until an attempt succeeds.
 * Its checkpoint stays too (a mail whose send may have started is still warned of as a possible duplicate).
 */
export async function requeueJob(tx: DbOrTx, id: number, now: Date): Promise<JobRow> {
  const res = await tx.execute(sql`
    UPDATE jobs SET failed_at = NULL, attempts = 0, run_at = ${at(now)}, locked_until = NULL, locked_by = NULL
    WHERE id = ${id} RETURNING ${jobColumns}`);
  return asJob(rowsOf(res)[0]!);
}

const num = (v: unknown) => Number(v ?? 0);

/** Jobs by state, and when the oldest one due to run became due. */
export async function jobCounts(db: DbOrTx, now: Date) {
  const res = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM jobs WHERE done_at IS NULL AND failed_at IS NULL
        AND (locked_until IS NULL OR locked_until <= ${at(now)})) AS waiting,
      (SELECT count(*) FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND locked_until > ${at(now)}) AS running,
      (SELECT count(*) FROM jobs WHERE failed_at IS NOT NULL) AS failed,
      (SELECT count(*) FROM jobs WHERE done_at IS NOT NULL AND done_at > ${at(new Date(now.getTime() - 86_400_000))}) AS done,
      (SELECT min(run_at) FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${at(now)}
        AND (locked_until IS NULL OR locked_until <= ${at(now)})) AS oldest_due`);
  const r = rowsOf(res)[0]!;
  return {
    waiting: num(r.waiting),
    running: num(r.running),
    failed: num(r.failed),
    doneLast24h: num(r.done),
    oldestDue: r.oldest_due ? new Date(r.oldest_due as string | Date) : null,
  };
}

/** Messages of a mail job: 1, or a batch's count. */
const messagesIn = sql`CASE WHEN kind = 'mail.sendBatch' THEN jsonb_array_length(coalesce(payload->'messages', '[]'::jsonb)) ELSE 1 END`;

/** Mail waiting and failed (messages), and sent in the last day: outbox messages, or SMTP's done mail jobs. */
export async function mailCounts(db: DbOrTx, now: Date, transport: 'outbox' | 'smtp') {
  const since = at(new Date(now.getTime() - 86_400_000));
  const res = await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(${messagesIn}), 0) FROM jobs WHERE ${mailKinds} AND done_at IS NULL AND failed_at IS NULL) AS queued,
      (SELECT coalesce(sum(${messagesIn}), 0) FROM jobs WHERE ${mailKinds} AND failed_at IS NOT NULL) AS failed,
      ${
        transport === 'outbox'
          ? sql`(SELECT count(*) FROM mail_outbox WHERE created_at > ${since})`
          : sql`(SELECT count(*) FROM jobs WHERE ${mailKinds} AND done_at > ${since})`
      } AS sent`);
  const r = rowsOf(res)[0]!;
  return { queued: num(r.queued), failed: num(r.failed), sentLast24h: num(r.sent) };
}

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Date;
}

export async function listOutbox(db: DbOrTx, offset: number, limit: number): Promise<OutboxRow[]> {
  const res = await db.execute(sql`
    SELECT id, "to", subject, text, html, created_at FROM mail_outbox
    ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${limit} OFFSET ${offset}`);
  return rowsOf(res) as unknown as OutboxRow[];
}

export async function findOutbox(db: DbOrTx, id: string): Promise<OutboxRow | null> {
  const res = await db.execute(
    sql`SELECT id, "to", subject, text, html, created_at FROM mail_outbox WHERE id = ${id}`,
  );
  return (rowsOf(res)[0] as unknown as OutboxRow | undefined) ?? null;
}

export type WebhookState = 'all' | 'processed' | 'failed';

export interface WebhookRow {
  id: string;
  provider: string;
  type: string;
  attempts: number;
  last_error: string | null;
  received_at: Date;
  processed_at: Date | null;
  failed_at: Date | null;
}

/** The statement of a page of webhook events (exported for the test that checks it reads an index). */
export function webhooksListSql(state: WebhookState, offset: number, limit: number): SQL {
  const cols = sql`id, provider, type, attempts, last_error, received_at, processed_at, failed_at`;
  const q =
    state === 'processed'
      ? sql`SELECT ${cols} FROM webhook_events WHERE processed_at IS NOT NULL
          ORDER BY processed_at DESC NULLS LAST, id DESC NULLS LAST`
      : state === 'failed'
        ? sql`SELECT ${cols} FROM webhook_events WHERE processed_at IS NULL AND failed_at IS NOT NULL
            ORDER BY failed_at DESC NULLS LAST, id DESC NULLS LAST`
        : sql`SELECT ${cols} FROM webhook_events ORDER BY received_at DESC NULLS LAST, id DESC NULLS LAST`;
  return sql`${q} LIMIT ${limit} OFFSET ${offset}`;
}

export async function listWebhooks(
  db: DbOrTx,
  state: WebhookState,
  offset: number,
  limit: number,
): Promise<WebhookRow[]> {
  const res = await db.execute(webhooksListSql(state, offset, limit));
  return rowsOf(res) as unknown as WebhookRow[];
}

export async function webhookCounts(db: DbOrTx, now: Date) {
  const res = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM webhook_events) AS received,
      (SELECT count(*) FROM webhook_events WHERE processed_at IS NOT NULL) AS processed,
      (SELECT count(*) FROM webhook_events WHERE processed_at IS NULL AND failed_at IS NOT NULL) AS failed,
      (SELECT count(*) FROM webhook_events WHERE received_at > ${at(new Date(now.getTime() - 86_400_000))}) AS recent`);
  const r = rowsOf(res)[0]!;
  return {
    received: num(r.received),
    processed: num(r.processed),
    failed: num(r.failed),
    receivedLast24h: num(r.recent),
  };
}

/** The database's size, and the migrations applied: how many and the newest one's time (drizzle's journal). */
export async function databaseFacts(db: DbOrTx) {
  const res = await db.execute(sql`
    SELECT pg_database_size(current_database()) AS size,
      (SELECT count(*) FROM drizzle.__drizzle_migrations) AS applied,
      (SELECT max(created_at) FROM drizzle.__drizzle_migrations) AS newest`);
  const r = rowsOf(res)[0]!;
  return {
    sizeBytes: num(r.size),
    applied: num(r.applied),
    newest: r.newest === null ? null : num(r.newest),
  };
}
