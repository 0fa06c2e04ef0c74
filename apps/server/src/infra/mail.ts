import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { JobRunner } from './jobs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Delivers one message now; throws when the transport fails so the job is retried. */
export interface MailTransport {
  kind: 'outbox' | 'smtp';
  deliver(msg: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

/** Embedded transport: every message is stored and shown at the dev mailbox page. */
export function outboxTransport(db: Db): MailTransport {
  return {
    kind: 'outbox',
    async deliver(msg) {
      await db
        .insert(mailOutbox)
        .values({ to: msg.to, from: msg.from, subject: msg.subject, text: msg.text, html: msg.html ?? null });
    },
    close() {},
  };
}

/**
 * Sends are jobs run one after another, each claimed for 5 minutes: a mail server that stalls must fail the
 * attempt (to be retried) within seconds, not hold the queue for nodemailer's default minutes. The URL's own
 * query (e.g. `?socketTimeout=60000`) still wins.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpTransport(url: string): MailTransport {
  const u = new URL(url);
  for (const [key, ms] of Object.entries(SMTP_TIMEOUTS))
    if (!u.searchParams.has(key)) u.searchParams.set(key, String(ms));
  const transporter = nodemailer.createTransport(u.toString());
  return {
    kind: 'smtp',
    async deliver(msg) {
      await transporter.sendMail({
        from: msg.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
      });
    },
    close() {
      transporter.close();
    },
  };
}

export const MAIL_JOB = 'mail.send';

/** Sending is a job: a mail server that is down delays mail but loses none. */
export interface Mailer {
  /** Queues a message inside the caller's transaction. The job holds it (links included) only until it is sent. */
  queue(tx: DbOrTx, msg: MailMessage): Promise<void>;
  transport: MailTransport;
}

export function createMailer(transport: MailTransport, jobs: () => JobRunner): Mailer {
  return {
    transport,
    async queue(tx, msg) {
      await jobs().enqueue(tx, MAIL_JOB, { ...msg }, { maxAttempts: 12 });
    },
  };
}

export const mailJobHandler =
  (transport: MailTransport, from: string) => async (payload: Record<string, unknown>) => {
    const msg = payload as unknown as MailMessage;
    await transport.deliver({ ...msg, from });
  };
