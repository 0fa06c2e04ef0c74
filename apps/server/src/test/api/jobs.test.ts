import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs, mailOutbox } from '../../db/schema';
import { createJobRunner, defineJob, type JobDefinition, type JobRunnerOptions } from '../../infra/jobs';
import { mailJob } from '../../infra/mail';
import { testClock } from '../../lib/clock';
import { uniqueEmail } from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { until } from '../until';

// The job runner against the real database (the embedded PostgreSQL server by default, the PostgreSQL server at
// 127.0.0.1:5432 with TEST_DB=postgres).
// Time is a test clock: leases expire and retries come due when the test moves it, not by sleeping. What
// runs in the background (a runner's handler, its heartbeat) is waited for as a state, with `until`.

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const SECOND = 1000;

/** A promise the test resolves by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
}

/** A runner on the test app's database, with its own job kinds (several may share a kind, as instances do). */
function runner(defs: JobDefinition[], over: Partial<JobRunnerOptions> = {}) {
  return createJobRunner({ db: t.deps.db, log: t.app.log, clock, jobs: defs, deps: t.deps, ...over });
}

const row = async (id: number) => (await t.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('typed job kinds', () => {
  const echo = defineJob({
    kind: 'test.echo',
    payload: z.object({ n: z.number().int() }),
    handler: async () => {},
  });

  it('checks a payload against its kind when it is queued', async () => {
    const r = runner([echo]);
    const id = await r.enqueue(t.deps.db, echo, { n: 1 });
    expect((await row(id)).payload).toEqual({ n: 1 });
    // @ts-expect-error n must be a number: refused by the compiler, and at run time too
    await expect(r.enqueue(t.deps.db, echo, { n: 'one' })).rejects.toThrow();
    expect(await r.runDue()).toBe(1);
    expect(await r.status(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('a failed attempt is retried when its delay has passed on the clock, and fails for good after maxAttempts', async () => {
    const flaky = defineJob({
      kind: 'test.flaky',
      payload: z.object({}),
      maxAttempts: 2,
      handler: async () => {
        throw new Error('not today');
      },
    });
    const r = runner([flaky]);
    const id = await r.enqueue(t.deps.db, flaky, {});
    expect(await r.runDue()).toBe(1);
    expect(await r.status(id)).toMatchObject({ state: 'retrying', attempts: 1, lastError: 'not today' });
    expect(await r.runDue()).toBe(0); // not due for 5 s
    clock.advance(5 * SECOND);
    expect(await r.runDue()).toBe(1);
    expect(await r.status(id)).toMatchObject({ state: 'failed', attempts: 2 });
  });

  it('answers many jobs’ states in one read: each its own, an unknown id left out', async () => {
    const ok = defineJob({ kind: 'test.ok', payload: z.object({}), handler: async () => {} });
    const r = runner([ok]);
    const done = await r.enqueue(t.deps.db, ok, {});
    expect(await r.runDue()).toBe(1);
    const queued = await r.enqueue(
      t.deps.db,
      ok,
      {},
      { runAt: new Date(clock.now().getTime() + 60 * SECOND) },
    );
    const all = await r.statuses([done, queued, done, 987_654_321]);
    expect([...all.keys()].sort((a, b) => a - b)).toEqual([done, queued].sort((a, b) => a - b));
    expect(all.get(done)).toMatchObject({ kind: 'test.ok', state: 'done', attempts: 1 });
    expect(all.get(queued)).toMatchObject({ kind: 'test.ok', state: 'queued', attempts: 0 });
    expect(await r.status(987_654_321)).toBeNull();
    expect((await r.statuses([])).size).toBe(0);
    // Not left to come due in the tests that follow, which count what their runners run.
    await t.deps.db.delete(jobs).where(eq(jobs.id, queued));
  });
});

describe('two runners on one database', () => {
  it('never run one job twice, and each runs several at once', async () => {
    const runs = new Map<number, number>();
    let running = 0;
    let most = 0;
    const work = defineJob({
      kind: 'test.work',
      payload: z.object({ i: z.number() }),
      handler: async ({ i }) => {
        running++;
        most = Math.max(most, running);
        runs.set(i, (runs.get(i) ?? 0) + 1);
        // Each job stays running until two have run at once (then none waits): a runner that ran one job at
        // a time would never get there, and the wait would time out.
        await until(() => most > 1, { what: 'two jobs running at once' });
        running--;
      },
    });
    const a = runner([work], { concurrency: 3 });
    const b = runner([work], { concurrency: 3 });
    for (let i = 0; i < 24; i++) await a.enqueue(t.deps.db, work, { i });
    const [na, nb] = await Promise.all([a.runDue(), b.runDue()]);
    expect(na + nb).toBe(24);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(24);
    expect(most).toBeGreaterThan(1);
  });

  it('a job whose runner died (its lease ran out) is run by another; the dead one cannot complete it any more', async () => {
    const stuck = gate();
    const ranBy: string[] = [];
    const kind = 'test.died';
    const payload = z.object({});
    // Runner A takes the job and then stops renewing its lease, as a killed process would.
    const a = runner(
      [
        defineJob({
          kind,
          payload,
          handler: async () => {
            ranBy.push('a');
            await stuck.opened;
          },
        }),
      ],
      { heartbeatMs: 60 * 60 * SECOND },
    );
    const b = runner([defineJob({ kind, payload, handler: async () => void ranBy.push('b') })]);
    const def = defineJob({ kind, payload, handler: async () => {} });
    const id = await a.enqueue(t.deps.db, def, {});
    const aRun = a.runDue();
    await until(() => ranBy.length === 1, { what: 'runner A to start the job' });
    expect(await b.runDue()).toBe(0); // still leased to A
    clock.advance(31 * SECOND); // the 30 s lease is over
    expect(await b.runDue()).toBe(1);
    expect(await a.status(id)).toMatchObject({ state: 'done', attempts: 2 });
    stuck.open();
    await aRun;
    expect(ranBy).toEqual(['a', 'b']);
    expect((await row(id)).doneAt).not.toBeNull();
  });

  it('a long job keeps its lease: its heartbeat pushes it forward, so no other runner takes it', async () => {
    const slow = gate();
    let runs = 0;
    const def = defineJob({
      kind: 'test.long',
      payload: z.object({}),
      handler: async () => {
        runs++;
        await slow.opened;
      },
    });
    const a = runner([def], { heartbeatMs: 20 });
    const b = runner([def]);
    const id = await a.enqueue(t.deps.db, def, {});
    const aRun = a.runDue();
    await until(() => runs === 1, { what: 'runner A to start the job' });
    for (let i = 0; i < 4; i++) {
      // Read before the clock moves: a heartbeat between the move and the read would already hold the
      // latest lease the stopped clock allows, and nothing later could pass it (a race CI once lost).
      const before = (await row(id)).lockedUntil!.getTime();
      clock.advance(20 * SECOND); // 80 s in all, well past the first 30 s lease
      await until(async () => (await row(id)).lockedUntil!.getTime() > before, {
        what: 'a heartbeat to push the lease forward',
      });
      expect(await b.runDue()).toBe(0);
    }
    expect(await b.status(id)).toMatchObject({ state: 'running' });
    slow.open();
    expect(await aRun).toBe(1);
    expect(runs).toBe(1);
    expect(await b.status(id)).toMatchObject({ state: 'done', attempts: 1 });
  });
});

describe('periodic tasks', () => {
  it('run once across two runners, and again when due', async () => {
    let runs = 0;
    const a = runner([]);
    const b = runner([]);
    for (const r of [a, b])
      r.every('test: count', 60 * SECOND, async () => {
        runs++;
      });
    const [ra, rb] = await Promise.all([a.runPeriodic(), b.runPeriodic()]);
    expect([...ra, ...rb]).toEqual(['test: count']);
    expect(runs).toBe(1);
    expect([...(await a.runPeriodic()), ...(await b.runPeriodic())]).toEqual([]);
    clock.advance(60 * SECOND);
    await Promise.all([b.runPeriodic(), a.runPeriodic()]);
    expect(runs).toBe(2);
  });
});

describe('progress', () => {
  it('a running job reports done of total and a message, readable by its id', async () => {
    const half = gate();
    const finish = gate();
    const def = defineJob({
      kind: 'test.import',
      payload: z.object({ rows: z.number() }),
      handler: async ({ rows }, ctx) => {
        await ctx.progress({ done: rows / 2, total: rows, message: 'Halfway' });
        half.open();
        await finish.opened;
        await ctx.progress({ done: rows, total: rows, message: 'Imported' });
      },
    });
    const r = runner([def]);
    const id = await r.enqueue(t.deps.db, def, { rows: 10 });
    expect(await r.status(id)).toMatchObject({ state: 'queued', progress: null });
    const running = r.runDue();
    await half.opened;
    expect(await r.status(id)).toMatchObject({
      state: 'running',
      progress: { done: 5, total: 10, message: 'Halfway' },
    });
    finish.open();
    await running;
    expect(await r.status(id)).toMatchObject({
      state: 'done',
      progress: { done: 10, total: 10, message: 'Imported' },
    });
    expect(await r.status(999_999_999)).toBeNull();
  });
});

describe('mail is recorded once', () => {
  it('a runner that dies after delivering to the outbox, before it could mark the job done, leaves no second mail', async () => {
    const email = uniqueEmail('crash');
    const res = await t.client().post('/api/v1/initiateRegistration', {
      firstName: 'Cr',
      lastName: 'Ash',
      username: email,
    });
    expect(res.status).toBe(201);
    const outbox = () => t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    // The process "dies" right after the handler returned: it never marks the job done nor renews the lease.
    const dying = runner([mailJob], {
      heartbeatMs: 60 * 60 * SECOND,
      afterHandler: () => new Promise<void>(() => {}),
    });
    void dying.runDue();
    await until(async () => (await outbox()).length === 1, { what: 'the mail in the outbox' });
    clock.advance(31 * SECOND);
    // Another instance's runner finds nothing to do: the job was completed with the mail, in one transaction.
    expect(await t.jobs.runDue()).toBe(0);
    expect(await outbox()).toHaveLength(1);
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.kind, mailJob.kind));
    expect(job).toMatchObject({ attempts: 1, payload: {} });
    expect(job!.doneAt).not.toBeNull();
  });
});

describe('mail over SMTP after a crash', () => {
  it('is sent again only after the lease ran out, with the same Message-ID, and the attempt was recorded first', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      hideSTARTTLS: true,
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.server.address() as AddressInfo).port;
    const smtpClock = testClock();
    const s = await createTestApp({ clock: smtpClock, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const email = uniqueEmail('smtp-crash');
      const res = await s.client().post('/api/v1/initiateRegistration', {
        firstName: 'Sm',
        lastName: 'Tp',
        username: email,
      });
      expect(res.status).toBe(201);
      // The server accepts the message; the process dies before the job is marked done.
      const dying = createJobRunner({
        db: s.deps.db,
        log: s.app.log,
        clock: smtpClock,
        jobs: [mailJob],
        deps: s.deps,
        heartbeatMs: 60 * 60 * SECOND,
        afterHandler: () => new Promise<void>(() => {}),
      });
      void dying.runDue();
      // A real SMTP server on a socket: its delivery is waited for, there is no clock to move.
      await until(() => received.length === 1, { what: 'the SMTP server to receive the mail' });
      const [job] = await s.deps.db.select().from(jobs).where(eq(jobs.kind, mailJob.kind));
      const messageId = /^Message-ID: (.+)$/im.exec(received[0]!)?.[1]?.trim();
      expect(messageId).toMatch(/^<[^@>]+@qbankcloud\.com>$/);
      expect(job!.checkpoint).toMatchObject({ messageId, attempt: 1 });
      // Not before the lease is over: the sending runner may still be alive.
      expect(await s.jobs.runDue()).toBe(0);
      smtpClock.advance(31 * SECOND);
      expect(await s.jobs.runDue()).toBe(1);
      expect(received).toHaveLength(2); // at least once: the receiver can drop the copy by its Message-ID
      expect(/^Message-ID: (.+)$/im.exec(received[1]!)?.[1]?.trim()).toBe(messageId);
      expect((await s.deps.jobs.status(job!.id))?.state).toBe('done');
    } finally {
      await s.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
