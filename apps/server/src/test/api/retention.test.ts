import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, oneTimeTokens } from '../../db/schema';
import { MAIL_JOB, type MailTransport } from '../../infra/mail';
import { buildUser, latestMail, tokenFrom, uniqueEmail } from '../factories';
import { type HttpApp, startHttpApp } from '../http-client';
import { appForFile } from '../test-app';
import { until } from '../until';

const h = appForFile(() => startHttpApp());

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function register(app: HttpApp) {
  const username = uniqueEmail('retention');
  const res = await app.client().post('/api/v1/initiateRegistration', {
    firstName: 'Rita',
    lastName: 'Tension',
    username,
  });
  expect(res.status).toBe(201);
  return username;
}

/** The mail jobs whose payload is a message to `to`. */
const mailJobsTo = async (app: HttpApp, to: string) =>
  (await app.deps.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB))).filter((j) => j.payload.to === to);

describe('mail jobs keep no secrets once sent', () => {
  it('a delivered mail leaves its job without the message or its one-time link', async () => {
    const email = await register(h);
    const [queued] = await mailJobsTo(h, email);
    expect(queued!.payload).toMatchObject({ to: email }); // the message waits in the job until it is sent
    expect(queued!.doneAt).toBeNull();

    const mail = await latestMail(h, email, 'Verify your email'); // runs the job
    const token = tokenFrom(mail!.text, '/userRegistration');
    const [job] = await h.deps.db.select().from(jobs).where(eq(jobs.id, queued!.id));
    expect(job!.doneAt).not.toBeNull();
    expect(job!.payload).toEqual({});
    const copies = await h.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`payload::text LIKE ${`%${token}%`} OR payload::text LIKE ${`%${email}%`}`);
    expect(copies).toEqual([]);
    // The link itself still works: only the job's copy is gone.
    const fetched = await h.client().get(`/api/v1/fetchRegistration?token=${encodeURIComponent(token)}`);
    expect(fetched.status).toBe(200);
  });

  it('a mail not yet delivered keeps its message for the retry', async () => {
    const down: MailTransport = {
      kind: 'smtp',
      deliver: async () => {
        throw new Error('mail server down');
      },
      close() {},
    };
    const app = await startHttpApp({ mailTransport: down });
    try {
      const email = await register(app);
      expect(await app.runJobs()).toBe(1);
      const [job] = await mailJobsTo(app, email);
      expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null, lastError: 'mail server down' });
      expect(job!.payload).toMatchObject({ to: email, subject: 'Verify your email for QBank Cloud' });
    } finally {
      await app.close();
    }
  });
});

describe('the periodic purge', () => {
  it('deletes jobs finished and one-time tokens used or expired more than a day ago, and keeps the rest', async () => {
    const { db } = h.deps;
    const user = await buildUser(db);
    const token = async (label: string, over: { usedAt?: Date; expiresAt: Date; createdAt?: Date }) => {
      const [row] = await db
        .insert(oneTimeTokens)
        .values({
          tokenHash: `${label}-${randomBytes(8).toString('hex')}`,
          purpose: 'PASSWORD_RESET',
          userId: user.id,
          ...over,
        })
        .returning({ id: oneTimeTokens.id });
      return [label, row!.id] as const;
    };
    const tokens = [
      await token('used 2 days ago', { usedAt: ago(48 * HOUR), expiresAt: ago(47 * HOUR) }),
      await token('expired 2 days ago', { expiresAt: ago(48 * HOUR), createdAt: ago(49 * HOUR) }),
      await token('used an hour ago', { usedAt: ago(HOUR), expiresAt: new Date(Date.now() + 10 * 60_000) }),
      await token('expired an hour ago', { expiresAt: ago(HOUR) }),
      await token('live', { expiresAt: new Date(Date.now() + HOUR) }),
    ];
    const job = async (label: string, over: Partial<typeof jobs.$inferInsert>) => {
      const [row] = await db
        .insert(jobs)
        .values({ kind: 'retention.test', payload: { label }, createdAt: ago(72 * HOUR), ...over })
        .returning({ id: jobs.id });
      return [label, row!.id] as const;
    };
    const jobRows = [
      await job('done 2 days ago', { doneAt: ago(48 * HOUR) }),
      await job('failed 31 days ago', { failedAt: ago(31 * 24 * HOUR), attempts: 10 }),
      // A job that failed for good is kept a month, for an operator to look into or replay.
      await job('failed 2 days ago', { failedAt: ago(48 * HOUR), attempts: 10 }),
      await job('done an hour ago', { doneAt: ago(HOUR) }),
      await job('failed an hour ago', { failedAt: ago(HOUR), attempts: 10 }),
      // Old but never finished: a job waiting for its retry is work, not history.
      await job('waiting since 3 days', { runAt: new Date(Date.now() + HOUR), attempts: 3 }),
    ];

    // The purge is one of the runner's own periodic tasks: started, it runs on the first tick.
    h.jobs.start();
    const remainingTokens = async () => {
      const ids = new Set((await db.select({ id: oneTimeTokens.id }).from(oneTimeTokens)).map((r) => r.id));
      return tokens.filter(([, id]) => ids.has(id)).map(([label]) => label);
    };
    const remainingJobs = async () => {
      const ids = new Set((await db.select({ id: jobs.id }).from(jobs)).map((r) => r.id));
      return jobRows.filter(([, id]) => ids.has(id)).map(([label]) => label);
    };
    // Tokens are deleted last: once any is gone, the purge has run.
    await until(async () => (await remainingTokens()).length < tokens.length, {
      what: "the purge on the runner's first tick",
    });
    await h.jobs.stop();

    expect(await remainingTokens()).toEqual(['used an hour ago', 'expired an hour ago', 'live']);
    expect(await remainingJobs()).toEqual([
      'failed 2 days ago',
      'done an hour ago',
      'failed an hour ago',
      'waiting since 3 days',
    ]);
  });
});
