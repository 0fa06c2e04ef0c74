import { z } from 'zod';
import { wholeNumber } from './text';

// Super → Platform health (docs/platform-health.md): the job queue, the mail outbox, the payment provider's
// webhook events, the database and the media storage, with retry, resend and replay. Superusers only.

/** Rows on a page of a health list; at most 50 pages deep (pages 0–49): the newest matter. */
export const HEALTH_PAGE_SIZE = 20;
export const HEALTH_PAGE_MAX = 49;

/** How long each probe (database, storage) may take before it is said as unknown. */
export const HEALTH_PROBE_DEADLINE_MS = 2_000;

/** How a part of the platform stands: ok, needs a look (warning), failing, or not known within the deadline. */
export const healthLevel = z.enum(['ok', 'warning', 'failed', 'unknown']);
export type HealthLevel = z.infer<typeof healthLevel>;

export const healthSummary = z.object({
  checkedAt: z.string(),
  jobs: z.object({
    level: healthLevel,
    waiting: z.number().int(),
    running: z.number().int(),
    failed: z.number().int(),
    doneLast24h: z.number().int(),
    /** Seconds the oldest job due to run has waited since it became due; null when none waits. */
    oldestWaitingSeconds: z.number().nullable(),
  }),
  mail: z.object({
    level: healthLevel,
    transport: z.enum(['outbox', 'smtp']),
    /** Messages waiting to be sent (a batch counts its messages). */
    queued: z.number().int(),
    /** Messages whose job failed for good. */
    failed: z.number().int(),
    /** Sent in the last 24 hours: messages in the outbox, or (SMTP) mail jobs done. */
    sentLast24h: z.number().int(),
    sentCounts: z.enum(['messages', 'jobs']),
  }),
  webhooks: z.object({
    level: healthLevel,
    received: z.number().int(),
    processed: z.number().int(),
    failed: z.number().int(),
    receivedLast24h: z.number().int(),
  }),
  database: z.object({
    level: healthLevel,
    reachable: z.boolean().nullable(),
    latencyMs: z.number().nullable(),
    sizeBytes: z.number().nullable(),
    connectionsInUse: z.number().int().nullable(),
    poolMax: z.number().int().nullable(),
    /** The last migration applied (its name), and how many are applied of how many the server knows. */
    migration: z.string().nullable(),
    migrationsApplied: z.number().int().nullable(),
    migrationsKnown: z.number().int(),
  }),
  storage: z.object({
    level: healthLevel,
    adapter: z.enum(['disk', 's3']),
    /** Whether a small write, read back and delete succeeded; null: no answer within the deadline. */
    probe: z.boolean().nullable(),
    latencyMs: z.number().nullable(),
    error: z.string().nullable(),
  }),
});
export type HealthSummary = z.infer<typeof healthSummary>;

const pageQuery = { page: wholeNumber('page', 0, HEALTH_PAGE_MAX).default(0) };

export const jobStateFilter = z.enum(['waiting', 'running', 'failed', 'done'], {
  error: 'state must be waiting, running, failed or done',
});
export const healthJobsQuery = z.object({ state: jobStateFilter.default('failed'), ...pageQuery });
export type HealthJobsQuery = z.input<typeof healthJobsQuery>;

export const healthJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: z.enum(['waiting', 'running', 'failed', 'done']),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
});
export type HealthJob = z.infer<typeof healthJob>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  });

export const healthJobsPage = pageOf(healthJob);
export type HealthJobsPage = z.infer<typeof healthJobsPage>;

export const mailStateFilter = z.enum(['queued', 'failed', 'sent'], {
  error: 'state must be queued, failed or sent',
});
export const healthMailQuery = z.object({ state: mailStateFilter.default('failed'), ...pageQuery });
export type HealthMailQuery = z.input<typeof healthMailQuery>;

export const healthMail = z.object({
  /** A mail job's id (queued, failed) or an outbox message's UUID (sent). */
  id: z.string(),
  state: z.enum(['queued', 'failed', 'sent']),
  to: z.string(),
  subject: z.string(),
  /** Messages in it: 1, or a batch's count. */
  messages: z.number().int(),
  attempts: z.number().int().nullable(),
  lastError: z.string().nullable(),
  at: z.string(),
});
export type HealthMail = z.infer<typeof healthMail>;

/** `sentListed` false: the SMTP transport keeps no copy of what it sent, so the sent list is empty. */
export const healthMailPage = pageOf(healthMail).extend({ sentListed: z.boolean() });
export type HealthMailPage = z.infer<typeof healthMailPage>;

export const webhookStateFilter = z.enum(['all', 'processed', 'failed'], {
  error: 'state must be all, processed or failed',
});
export const healthWebhooksQuery = z.object({ state: webhookStateFilter.default('failed'), ...pageQuery });
export type HealthWebhooksQuery = z.input<typeof healthWebhooksQuery>;

export const healthWebhook = z.object({
  id: z.string(),
  provider: z.string(),
  type: z.string(),
  state: z.enum(['received', 'processed', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type HealthWebhook = z.infer<typeof healthWebhook>;

export const healthWebhooksPage = pageOf(healthWebhook);
export type HealthWebhooksPage = z.infer<typeof healthWebhooksPage>;

export const healthJobParams = z.object({
  id: z.coerce
    .number<string | number>({ error: 'id must be a job number' })
    .int({ error: 'id must be a job number' })
    .min(1, { error: 'id must be a job number' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'id must be a job number' }),
});

/** A mail job's number (a failed mail) or an outbox message's UUID (a sent one). */
export const healthMailParams = z.object({
  id: z
    .string({ error: 'id must be a mail job number or a sent message UUID' })
    .regex(
      /^([1-9][0-9]{0,15}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/,
      {
        error: 'id must be a mail job number or a sent message UUID',
      },
    ),
});

export const healthWebhookParams = z.object({
  id: z
    .string({ error: 'id must be an event id' })
    .regex(/^[A-Za-z0-9_-]{1,255}$/, { error: 'id must be an event id' }),
});

export const jobRetryResult = z.object({ job: healthJob, message: z.string() });
export type JobRetryResult = z.infer<typeof jobRetryResult>;

export const mailResendResult = z.object({
  /** What was queued again: a failed mail (its own job runs again) or a sent one (a new job, a new copy). */
  resent: z.enum(['failed', 'sent']),
  jobId: z.number().int(),
  message: z.string(),
});
export type MailResendResult = z.infer<typeof mailResendResult>;

export const webhookReplayResult = z.object({
  event: healthWebhook,
  outcome: z.enum(['processed', 'failed']),
  message: z.string(),
});
export type WebhookReplayResult = z.infer<typeof webhookReplayResult>;

/** Refusals a superuser may meet. */
export const ONLY_SUPERUSERS_HEALTH = 'Only superusers can see platform health';
