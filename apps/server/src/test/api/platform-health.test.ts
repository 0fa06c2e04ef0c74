import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { HEALTH_PAGE_SIZE } from '@qbank/contract';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { fulfilledCheckouts, jobs, mailOutbox, subscriptions, webhookEvents } from '../../db/schema';
import type { LocalPayments } from '../../infra/payments-local';
import { jobsListSql, webhooksListSql } from '../../modules/platform-health/repository';
import { buildPlan, buildProduct, buildUser, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const base = '/api/v2/superuser/health';
const tag = () => randomBytes(4).toString('hex');
const superuser = () => signedIn(t, { user: { superuser: true } });

async function auditWhere(key: string, value: string) {
  const res = await t.deps.db.execute(sql`
    SELECT actor_id, action, details FROM audit_log WHERE details->>${key} = ${value} ORDER BY id`);
  return rowsOf(res) as Array<{ actor_id: string; action: string; details: Record<string, unknown> }>;
}

/** A mail job that failed for good, as the runner leaves one after its last attempt. */
async function failedMailJob(to = `failed.${tag()}@example.com`) {
  const [row] = await t.deps.db
    .insert(jobs)
    .values({
      kind: 'mail.send',
      payload: { to, subject: `Hello ${to}`, text: 'A message that could not be sent' },
      attempts: 12,
      maxAttempts: 12,
      lastError: '550 mailbox unavailable',
      failedAt: new Date(),
      runAt: new Date(),
    })
    .returning();
  return { job: row!, to };
}

const signer = new Stripe('sk_test_signer');
async function deliver(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const secret = await (t.deps.payments as LocalPayments).webhookSecret();
  return t.client().req({
    method: 'POST',
    url: '/api/v2/webhooks/stripe',
    raw: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
  });
}

/** A paid one-time checkout's completion event for a new buyer of a new product. */
async function completedCheckout() {
  const u = await buildUser(t.deps.db);
  const product = await buildProduct(t.deps.db);
  const plan = await buildPlan(t.deps.db, product.id, { priceCents: 4900, frequencyType: 'QUARTERLY' });
  const sessionId = `cs_test_${tag()}${tag()}`;
  const event = {
    id: `evt_test_${tag()}${tag()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        customer: 'cus_test_1',
        subscription: null,
        metadata: { userId: u.id, productId: product.id, billingPlanId: plan.id },
      },
    },
  };
  const subscriptionsOf = () => t.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
  return { u, product, plan, sessionId, event, subscriptionsOf };
}

describe('Platform health: who may call', () => {
  it('answers 403 to a signed-in non-superuser on every call, and 401 to a visitor; nothing is written', async () => {
    const { job } = await failedMailJob();
    const c = await signedIn(t);
    const calls = [
      () => c.get(base),
      () => c.get(`${base}/jobs?state=failed`),
      () => c.get(`${base}/mail?state=failed`),
      () => c.get(`${base}/webhooks?state=all`),
      () => c.post(`${base}/jobs/${job.id}/retry`),
      () => c.post(`${base}/mail/${job.id}/resend`),
      () => c.post(`${base}/webhooks/evt_anything/replay`),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only superusers can see platform health');
    }
    expect((await t.client().get(base)).status).toBe(401);
    const [row] = await t.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.failedAt).not.toBeNull();
    expect(row!.attempts).toBe(12);
    expect(await auditWhere('jobId', String(job.id))).toEqual([]);
  });
});

describe('Platform health: the summary', () => {
  it('counts jobs, mail and events, and reports the database and the storage probe', async () => {
    const s = await superuser();
    const before = (await s.get(base)).body;
    await failedMailJob();
    await t.deps.db.insert(jobs).values({
      kind: 'mail.send',
      payload: { to: 'later@example.com', subject: 'Later', text: 'x' },
      runAt: new Date(Date.now() - 10 * 60_000),
    });
    const res = await s.get(base);
    expect(res.status).toBe(200);
    const h = res.body;
    expect(h.jobs.failed).toBe(before.jobs.failed + 1);
    expect(h.jobs.waiting).toBe(before.jobs.waiting + 1);
    // The job due ten minutes ago has waited that long: the runner is behind, said as a warning.
    expect(h.jobs.oldestWaitingSeconds).toBeGreaterThanOrEqual(599);
    expect(h.jobs.level).toBe('warning');
    expect(h.mail).toMatchObject({ transport: 'outbox', sentCounts: 'messages', level: 'warning' });
    expect(h.mail.failed).toBe(before.mail.failed + 1);
    expect(h.mail.queued).toBe(before.mail.queued + 1);
    // The migration level is the newest migration of the journal the server migrated with.
    const journal = JSON.parse(
      fs.readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: Array<{ tag: string }> };
    expect(h.database).toMatchObject({
      level: 'ok',
      reachable: true,
      migration: journal.entries.at(-1)!.tag,
    });
    expect(h.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(h.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(h.database.migrationsApplied).toBe(h.database.migrationsKnown);
    expect(h.database.poolMax).toBeGreaterThanOrEqual(1);
    expect(h.database.connectionsInUse).toBeLessThanOrEqual(h.database.poolMax);
    expect(h.storage).toMatchObject({ level: 'ok', adapter: 'disk', probe: true, error: null });
    // The probe leaves nothing behind in the media store.
    const { readdirSync } = await import('node:fs');
    const media = `${t.deps.config.dataDir}/media`;
    const files = (() => {
      try {
        return readdirSync(media, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
      } catch {
        return [];
      }
    })();
    expect(files).toEqual([]);
    // Clean up the waiting job so later summaries are not warned of it.
    await t.deps.db.delete(jobs).where(sql`payload->>'to' = 'later@example.com'`);
  });
});

describe('Platform health: jobs', () => {
  it('lists failed jobs with their error; a retry runs the job again, audited; a second retry is a 409', async () => {
    const s = await superuser();
    const { job, to } = await failedMailJob();
    const list = await s.get(`${base}/jobs?state=failed`);
    expect(list.status).toBe(200);
    expect(list.body.pageSize).toBe(HEALTH_PAGE_SIZE);
    const mine = list.body.items.find((j: { id: number }) => j.id === job.id);
    expect(mine).toMatchObject({ kind: 'mail.send', state: 'failed', lastError: '550 mailbox unavailable' });

    const res = await s.post(`${base}/jobs/${job.id}/retry`);
    expect(res.status).toBe(200);
    expect(res.body.job).toMatchObject({ id: job.id, state: 'waiting', attempts: 0, failedAt: null });
    const [audit] = await auditWhere('jobId', String(job.id));
    expect(audit).toMatchObject({
      actor_id: s.user.id,
      action: 'job.retry',
      details: {
        kind: 'mail.send',
        before: { state: 'failed', attempts: 12, lastError: '550 mailbox unavailable' },
        after: { state: 'waiting', attempts: 0 },
      },
    });

    const again = await s.post(`${base}/jobs/${job.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('id');
    expect(await auditWhere('jobId', String(job.id))).toHaveLength(1);

    // It runs again for real: the outbox gets the message and the job is done.
    await t.runJobs();
    const sent = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(sent).toHaveLength(1);
    const done = await s.get(`${base}/jobs?state=done`);
    expect(done.body.items.find((j: { id: number }) => j.id === job.id)).toMatchObject({ state: 'done' });
    expect((await s.post(`${base}/jobs/${job.id}/retry`)).status).toBe(409);
  });

  it('refuses bad input naming the field, and an unknown job with 404', async () => {
    const s = await superuser();
    for (const [url, field] of [
      [`${base}/jobs?state=broken`, 'state'],
      [`${base}/jobs?page=-1`, 'page'],
      [`${base}/jobs?page=50`, 'page'],
      [`${base}/mail?state=done`, 'state'],
      [`${base}/webhooks?state=nope`, 'state'],
    ] as const) {
      const res = await s.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.field, url).toBe(field);
    }
    for (const id of ['abc', '0', '1.5', '99999999999999999999']) {
      const res = await s.post(`${base}/jobs/${id}/retry`);
      expect(res.status, id).toBe(400);
      expect(res.body.field).toBe('id');
    }
    const missing = await s.post(`${base}/jobs/987654321/retry`);
    expect(missing.status).toBe(404);
    expect(missing.body.field).toBe('id');
  });

  it('pages: 20 a page, hasMore while more follow', async () => {
    const s = await superuser();
    await t.deps.db.insert(jobs).values(
      Array.from({ length: 45 }, (_, i) => ({
        kind: 'paging.test',
        payload: {},
        attempts: 1,
        lastError: `failure ${i}`,
        failedAt: new Date(Date.now() - 3_600_000 - i * 1000),
      })),
    );
    const p0 = await s.get(`${base}/jobs?state=failed&page=0`);
    const p1 = await s.get(`${base}/jobs?state=failed&page=1`);
    expect(p0.body.items).toHaveLength(20);
    expect(p0.body.hasMore).toBe(true);
    const ids0 = p0.body.items.map((j: { id: number }) => j.id);
    const ids1 = p1.body.items.map((j: { id: number }) => j.id);
    expect(ids0.filter((id: number) => ids1.includes(id))).toEqual([]);
    const last = await s.get(`${base}/jobs?state=failed&page=9`);
    expect(last.body).toMatchObject({ items: [], hasMore: false, page: 9 });
  });
});

describe('Platform health: mail', () => {
  it('a failed mail is queued again (its job); a sent one gets a new copy; each audited, saying which', async () => {
    const s = await superuser();
    const { job, to } = await failedMailJob();
    const failed = await s.get(`${base}/mail?state=failed`);
    expect(failed.body.items.find((m: { id: string }) => m.id === String(job.id))).toMatchObject({
      state: 'failed',
      to,
      subject: `Hello ${to}`,
      messages: 1,
      lastError: '550 mailbox unavailable',
    });
    const res = await s.post(`${base}/mail/${job.id}/resend`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resent: 'failed', jobId: job.id });
    const queued = await s.get(`${base}/mail?state=queued`);
    expect(queued.body.items.some((m: { id: string }) => m.id === String(job.id))).toBe(true);
    const conflict = await s.post(`${base}/mail/${job.id}/resend`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.field).toBe('id');
    await t.runJobs();

    const sent = await s.get(`${base}/mail?state=sent`);
    expect(sent.body.sentListed).toBe(true);
    const copy = sent.body.items.find((m: { to: string }) => m.to === to);
    expect(copy).toMatchObject({ state: 'sent', subject: `Hello ${to}` });
    const again = await s.post(`${base}/mail/${copy.id}/resend`);
    expect(again.status).toBe(200);
    expect(again.body.resent).toBe('sent');
    expect(again.body.jobId).not.toBe(job.id);
    await t.runJobs();
    const outbox = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(outbox).toHaveLength(2);
    expect(outbox.map((m) => m.text)).toEqual([
      'A message that could not be sent',
      'A message that could not be sent',
    ]);

    const audits = [
      ...(await auditWhere('mailId', String(job.id))),
      ...(await auditWhere('mailId', copy.id)),
    ];
    expect(audits.map((a) => [a.action, a.details.was])).toEqual([
      ['mail.resend', 'failed'],
      ['mail.resend', 'sent'],
    ]);
    expect(audits[1]!.details).toMatchObject({ to, before: { state: 'sent' }, after: { state: 'queued' } });
  });

  it('refuses a bad id naming it; an unknown message or a job that is not mail: 404', async () => {
    const s = await superuser();
    const bad = await s.post(`${base}/mail/not-an-id/resend`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
    const unknown = await s.post(`${base}/mail/0e0a57b1-7c51-4f3e-9a38-0a8d4e5a7b20/resend`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.field).toBe('id');
    const [other] = await t.deps.db
      .insert(jobs)
      .values({ kind: 'paging.test', payload: {}, attempts: 1, failedAt: new Date() })
      .returning();
    const notMail = await s.post(`${base}/mail/${other!.id}/resend`);
    expect(notMail.status).toBe(404);
    expect(notMail.body.field).toBe('id');
  });
});

describe('Platform health: webhook events', () => {
  it('a delivery whose processing fails is kept with its error; once fixed, a replay grants it once', async () => {
    const s = await superuser();
    const c = await completedCheckout();
    // The grant fails while this trigger stands (a fault for this one session only).
    await t.deps.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION health_test_fail() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'grant refused for the test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER health_test_fail BEFORE INSERT ON fulfilled_checkouts FOR EACH ROW
        WHEN (NEW.session_id = '${c.sessionId}') EXECUTE FUNCTION health_test_fail();`),
    );
    const res = await deliver(c.event);
    expect(res.status).toBe(500);
    expect(await c.subscriptionsOf()).toHaveLength(0);
    const [stored] = await t.deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, c.event.id));
    expect(stored).toMatchObject({ processedAt: null, attempts: 1, type: 'checkout.session.completed' });
    expect(stored!.lastError).toContain('grant refused for the test');

    const failed = await s.get(`${base}/webhooks?state=failed`);
    expect(failed.body.items.find((e: { id: string }) => e.id === c.event.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
    });
    expect((await s.get(base)).body.webhooks).toMatchObject({ level: 'failed' });

    // A replay that fails again records that (and is audited), changing nothing else.
    const still = await s.post(`${base}/webhooks/${c.event.id}/replay`);
    expect(still.status).toBe(200);
    expect(still.body).toMatchObject({ outcome: 'failed', event: { state: 'failed', attempts: 2 } });
    expect(still.body.message).toContain('grant refused for the test');
    expect(await c.subscriptionsOf()).toHaveLength(0);

    await t.deps.db.execute(sql.raw('DROP TRIGGER health_test_fail ON fulfilled_checkouts'));
    const ok = await s.post(`${base}/webhooks/${c.event.id}/replay`);
    expect(ok.body).toMatchObject({
      outcome: 'processed',
      event: { state: 'processed', attempts: 3, lastError: null },
    });
    const subs = await c.subscriptionsOf();
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ productId: c.product.id, active: true, type: 'PREMIUM' });

    // The provider's own retry now finds it processed: a duplicate, nothing more granted.
    const redelivered = await deliver(c.event);
    expect(redelivered.body).toEqual({ received: true, duplicate: true });
    expect(await c.subscriptionsOf()).toHaveLength(1);

    const audits = await auditWhere('eventId', c.event.id);
    expect(audits.map((a) => [a.action, a.details.outcome])).toEqual([
      ['webhook.replay', 'failed'],
      ['webhook.replay', 'processed'],
    ]);
    expect(audits[1]!.details).toMatchObject({
      type: 'checkout.session.completed',
      before: { state: 'failed', attempts: 2 },
      after: { state: 'processed', attempts: 3 },
    });
    expect(audits[1]!.actor_id).toBe(s.user.id);
  });

  it('replaying a processed checkout.session.completed twice, then 20 at once, grants the subscription once', async () => {
    const s = await superuser();
    const c = await completedCheckout();
    expect((await deliver(c.event)).body).toEqual({ received: true, duplicate: false });
    const [granted] = await c.subscriptionsOf();
    expect(granted).toBeDefined();

    for (let i = 0; i < 2; i++) {
      const res = await s.post(`${base}/webhooks/${c.event.id}/replay`);
      expect(res.status).toBe(200);
      expect(res.body.outcome).toBe('processed');
    }
    const many = await Promise.all(
      Array.from({ length: 20 }, () => s.post(`${base}/webhooks/${c.event.id}/replay`)),
    );
    expect(many.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(many.every((r) => r.body.outcome === 'processed')).toBe(true);

    const after = await c.subscriptionsOf();
    expect(after).toHaveLength(1);
    // Not extended either: a second grant of a one-time plan would push its end a quarter further.
    expect(after[0]!.currentPeriodEnd).toEqual(granted!.currentPeriodEnd);
    expect(after[0]!.id).toBe(granted!.id);
    const fulfilled = await t.deps.db
      .select()
      .from(fulfilledCheckouts)
      .where(eq(fulfilledCheckouts.sessionId, c.sessionId));
    expect(fulfilled).toHaveLength(1);
    const [row] = await t.deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, c.event.id));
    expect(row!.attempts).toBe(23);
    expect(await auditWhere('eventId', c.event.id)).toHaveLength(22);

    const processed = await s.get(`${base}/webhooks?state=processed`);
    expect(processed.body.items.some((e: { id: string }) => e.id === c.event.id)).toBe(true);
  });

  it('refuses a bad event id naming it, and an unknown one with 404', async () => {
    const s = await superuser();
    const bad = await s.post(`${base}/webhooks/${encodeURIComponent('evt bad!')}/replay`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
    const unknown = await s.post(`${base}/webhooks/evt_never_seen/replay`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.field).toBe('id');
  });
});

describe('Platform health: with 100k rows', () => {
  it('every list reads its own index and answers quickly', async () => {
    const s = await superuser();
    await t.deps.db.execute(sql`
      INSERT INTO jobs (kind, payload, attempts, last_error, failed_at, done_at, run_at)
      SELECT CASE WHEN g % 10 = 0 THEN 'mail.send' ELSE 'bulk.test' END, '{}'::jsonb, 1,
        CASE WHEN g % 3 = 0 THEN 'failed ' || g END,
        CASE WHEN g % 3 = 0 THEN now() - g * interval '1 second' END,
        CASE WHEN g % 3 = 1 THEN now() - g * interval '1 second' END,
        now() + interval '1 hour' + g * interval '1 second'
      FROM generate_series(1, 100000) g`);
    await t.deps.db.execute(sql`
      INSERT INTO webhook_events (id, provider, type, payload, received_at, processed_at, failed_at, last_error)
      SELECT 'evt_bulk_' || g, 'local', 'invoice.paid', '{}'::jsonb, now() - g * interval '1 second',
        CASE WHEN g % 4 <> 0 THEN now() - g * interval '1 second' END,
        CASE WHEN g % 4 = 0 THEN now() - g * interval '1 second' END,
        CASE WHEN g % 4 = 0 THEN 'bulk failure' END
      FROM generate_series(1, 100000) g`);
    await t.deps.db.execute(sql`ANALYZE jobs; ANALYZE webhook_events`);

    const plan = async (q: ReturnType<typeof sql>) =>
      JSON.stringify(rowsOf(await t.deps.db.execute(sql`EXPLAIN (FORMAT JSON) ${q}`)));
    const now = new Date();
    expect(await plan(jobsListSql('failed', now, 980, 21))).toContain('jobs_failed_idx');
    expect(await plan(jobsListSql('done', now, 980, 21))).toContain('jobs_done_idx');
    expect(await plan(jobsListSql('waiting', now, 980, 21))).toContain('jobs_due_idx');
    expect(await plan(jobsListSql('failed', now, 980, 21, true))).toContain('jobs_failed_idx');
    expect(await plan(webhooksListSql('failed', 980, 21))).toContain('webhook_events_failed_idx');
    expect(await plan(webhooksListSql('processed', 980, 21))).toContain('webhook_events_processed_idx');
    expect(await plan(webhooksListSql('all', 980, 21))).toContain('webhook_events_received_idx');

    for (const url of [
      `${base}/jobs?state=failed&page=49`,
      `${base}/jobs?state=done&page=49`,
      `${base}/jobs?state=waiting&page=49`,
      `${base}/mail?state=failed&page=49`,
      `${base}/webhooks?state=failed&page=49`,
      `${base}/webhooks?state=all&page=49`,
      base,
    ]) {
      const started = performance.now();
      const res = await s.get(url);
      const ms = performance.now() - started;
      expect(res.status, url).toBe(200);
      // Generous for a shared two-core machine; a scan and sort of 100k rows per call would show well above.
      expect(ms, url).toBeLessThan(1500);
    }
  });
});
