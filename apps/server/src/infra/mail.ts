import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';
import { defineJob, type JobContext, type JobQueue } from './jobs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A message as sent: with its sender and a Message-ID that stays the same on every attempt. */
export type OutgoingMail = MailMessage & { from: string; messageId: string };

/**
 * Delivers one message now; throws when the transport fails so the job is retried. It gets the job's context:
 * a transport that records the message in the database does so with `job.completeWith`, in the transaction
 * that marks the job done, so a crash cannot record one message twice (docs/decisions/0010-job-runner.md).
 */
export interface MailTransport {
  kind: 'outbox' | 'smtp';
  deliver(msg: OutgoingMail, job: JobContext): Promise<void>;
  /**
   * Delivers a batch (a class's welcome mails): all or, on a retry, those an earlier attempt had not finished.
   * A transport without it gets its messages one by one through `deliver`.
   */
  deliverMany?(msgs: OutgoingMail[], job: JobContext): Promise<void>;
  close(): void;
}

/** Embedded transport: every message is stored and shown at the dev mailbox page. */
export function outboxTransport(): MailTransport {
  return {
    kind: 'outbox',
    async deliver(msg, job) {
      await job.completeWith(async (tx) => {
        await tx.insert(mailOutbox).values({
          to: msg.to,
          from: msg.from,
          subject: msg.subject,
          text: msg.text,
          html: msg.html ?? null,
          // When the mail was written (its job's queuing transaction), not when its job happened to finish:
          // jobs deliver several at once, so the mailbox's newest-first order would otherwise shuffle.
          createdAt: sql`(SELECT created_at FROM jobs WHERE id = ${job.jobId})`,
        });
      });
    },
    async deliverMany(msgs, job) {
      await job.completeWith(async (tx) => {
        await tx.insert(mailOutbox).values(
          msgs.map((msg) => ({
            to: msg.to,
            from: msg.from,
            subject: msg.subject,
            text: msg.text,
            html: msg.html ?? null,
            createdAt: sql`(SELECT created_at FROM jobs WHERE id = ${job.jobId})`,
          })),
        );
      });
    },
    close() {},
  };
}

/**
 * Sends are jobs, each holding a short lease renewed while it runs: a mail server that stalls must fail the
 * attempt (to be retried) within seconds, not hold a lane for nodemailer's default minutes. The URL's own
 * query (e.g. `?socketTimeout=60000`) still wins.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP cannot share a transaction with the database: a crash after the server accepted a message and before
 * the job is marked done sends it again once the job's lease has expired. Before each send the job records
 * that sending started, with the message's Message-ID (the same on every attempt), so the retry is known to
 * be a possible duplicate and receivers can drop it by its Message-ID.
 */
export function smtpTransport(url: string): MailTransport {
  const u = new URL(url);
  for (const [key, ms] of Object.entries(SMTP_TIMEOUTS))
    if (!u.searchParams.has(key)) u.searchParams.set(key, String(ms));
  const transporter = nodemailer.createTransport(u.toString());
  const send = (msg: OutgoingMail) =>
    transporter.sendMail({
      from: msg.from,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
      messageId: msg.messageId,
    });
  return {
    kind: 'smtp',
    /**
     * One by one, each send recorded as started first (`sending`: its place in the batch): a retry resumes at
     * the message whose send may not have finished (warned as a possible duplicate, same Message-ID).
     */
    async deliverMany(msgs, job) {
      const before = job.previousCheckpoint;
      const from = typeof before?.sending === 'number' ? before.sending : 0;
      if (from > 0)
        job.deps.log.warn(
          { jobId: job.jobId, messageId: msgs[from]?.messageId, startedAt: before?.sendingStartedAt },
          'resuming a batch of mails: the first one again may be a duplicate (same Message-ID)',
        );
      for (let i = from; i < msgs.length; i++) {
        await job.checkpoint({
          sending: i,
          messageId: msgs[i]!.messageId,
          sendingStartedAt: job.deps.clock.now().toISOString(),
          attempt: job.attempt,
        });
        await send(msgs[i]!);
      }
    },
    async deliver(msg, job) {
      const before = job.previousCheckpoint;
      if (before?.messageId === msg.messageId)
        job.deps.log.warn(
          { jobId: job.jobId, messageId: msg.messageId, startedAt: before.sendingStartedAt },
          'resending a mail whose earlier send may have succeeded (same Message-ID)',
        );
      await job.checkpoint({
        messageId: msg.messageId,
        sendingStartedAt: job.deps.clock.now().toISOString(),
        attempt: job.attempt,
      });
      await send(msg);
    },
    close() {
      transporter.close();
    },
  };
}

/** The domain of the sender's address, for Message-IDs. */
export function mailDomain(from: string): string {
  const m = /@([^>\s]+)/.exec(from);
  return m?.[1] ?? 'qbank.invalid';
}

/** Sending a message: a mail server that is down delays mail but loses none. */
export const mailJob = defineJob({
  kind: 'mail.send',
  payload: z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    /** Made when the mail is queued; jobs queued before it existed use their job id. */
    messageId: z.string().optional(),
  }),
  maxAttempts: 12,
  handler: async (msg, ctx) => {
    const { mailer, config } = ctx.deps;
    const messageId = msg.messageId ?? `<job-${ctx.jobId}@${mailDomain(config.mailFrom)}>`;
    await mailer.transport.deliver({ ...msg, from: config.mailFrom, messageId }, ctx);
  },
});
export const MAIL_JOB = mailJob.kind;

/** Messages per batch job: a class list's welcome mails go out a hundred to a job, not one each. */
export const MAIL_BATCH = 100;

const batchedMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  messageId: z.string(),
});

/**
 * Sending a batch of messages (queueMany): one job, one claim and one completion for up to MAIL_BATCH of them,
 * so 10,000 welcome mails are a hundred jobs that leave room for everyone else's requests.
 */
export const mailBatchJob = defineJob({
  kind: 'mail.sendBatch',
  payload: z.object({ messages: z.array(batchedMessage).max(MAIL_BATCH) }),
  maxAttempts: 12,
  handler: async ({ messages }, ctx) => {
    const { mailer, config } = ctx.deps;
    const msgs = messages.map((m) => ({ ...m, from: config.mailFrom }));
    if (mailer.transport.deliverMany) return mailer.transport.deliverMany(msgs, ctx);
    for (const m of msgs) await mailer.transport.deliver(m, ctx);
  },
});

export interface Mailer {
  /** Queues a message inside the caller's transaction. The job holds it (links included) only until it is sent. */
  queue(tx: DbOrTx, msg: MailMessage): Promise<void>;
  /** queue for many messages in one statement (a class's welcome mails), sent MAIL_BATCH to a job. */
  queueMany(tx: DbOrTx, msgs: MailMessage[]): Promise<void>;
  transport: MailTransport;
}

export function createMailer(transport: MailTransport, jobs: JobQueue, from: string): Mailer {
  const domain = mailDomain(from);
  return {
    transport,
    async queue(tx, msg) {
      await jobs.enqueue(tx, mailJob, { ...msg, messageId: `<${randomUUID()}@${domain}>` });
    },
    async queueMany(tx, msgs) {
      const batches: Array<{ messages: Array<MailMessage & { messageId: string }> }> = [];
      for (let at = 0; at < msgs.length; at += MAIL_BATCH)
        batches.push({
          messages: msgs
            .slice(at, at + MAIL_BATCH)
            .map((msg) => ({ ...msg, messageId: `<${randomUUID()}@${domain}>` })),
        });
      if (batches.length) await jobs.enqueueMany(tx, mailBatchJob, batches);
    },
  };
}
