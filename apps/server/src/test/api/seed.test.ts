import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { billingPlans } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import type { PriceSpec } from '../../infra/payments';
import { diskStorage } from '../../infra/storage-disk';
import { createTestApp, testDatabase } from '../test-app';

let database: Database | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

async function emptyDatabase() {
  database = await testDatabase(); // migrated, and empty
  return database.db;
}

describe('demo data', () => {
  it('with the test checkout, paid plans take the fixed demo price ids; free plans none', async () => {
    const db = await emptyDatabase();
    expect(await seedDemo(db)).toBe(true);
    const plans = await db.select().from(billingPlans).orderBy(asc(billingPlans.createdAt));
    expect(
      plans.filter((p) => p.priceCents > 0).every((p) => /^price_local_demo_\d+_\d+$/.test(p.stripePriceId!)),
    ).toBe(true);
    expect(plans.filter((p) => p.priceCents === 0).every((p) => p.stripePriceId === null)).toBe(true);
    expect(await seedDemo(db)).toBe(false); // not empty any more: nothing seeded twice
  });

  it('the demo superuser sees several banks with their admins, users, and an audit trail, over the API', async () => {
    const app = await createTestApp();
    try {
      expect(await seedDemo(app.deps.db, { storage: app.deps.storage, clock: app.deps.clock })).toBe(true);
      const c = app.client();
      const login = await c.req({
        method: 'POST',
        url: '/login',
        form: { username: 'super@example.com', password: 'super-demo-1' },
      });
      expect(login.status, login.text).toBe(200);
      const banks = (await c.req({ url: '/api/v2/superuser/products' })).body.products as {
        name: string;
        admins: unknown[];
        revenue: number;
      }[];
      expect(banks.length).toBeGreaterThanOrEqual(3);
      expect(banks.filter((b) => b.admins.length > 0).length).toBeGreaterThanOrEqual(2);
      expect(banks.some((b) => b.revenue > 0)).toBe(true); // the seeded sales
      const users = (await c.req({ url: '/api/v2/superuser/users' })).body.users as { email: string }[];
      expect(users.length).toBeGreaterThanOrEqual(8);
      const audit = (await c.req({ url: '/api/v2/auditLog' })).body.content as {
        action: string;
        actor: { emailAddress: string } | null;
      }[];
      const actions = new Set(audit.map((e) => e.action));
      expect(actions.size).toBeGreaterThanOrEqual(4);
      expect(audit.some((e) => e.actor?.emailAddress === 'super@example.com')).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('each demo bank has real questions in every status, with history, comments and pictures, counted', async () => {
    const db = await emptyDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-seed-media-'));
    try {
      const storage = diskStorage(dir);
      expect(await seedDemo(db, { storage })).toBe(true);
      const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
      const banks = rows<{ name: string; n: number; published: number; question_count: number }>(
        await db.execute(sql`
          SELECT p.name, count(*)::int AS n, count(*) FILTER (WHERE v.status = 'PUBLISHED')::int AS published,
            p.question_count
          FROM products p JOIN questions q ON q.product_id = p.id JOIN question_versions v ON v.id = q.current_version_id
          GROUP BY p.id`),
      );
      expect(banks).toHaveLength(3);
      for (const b of banks) {
        expect(b.n).toBeGreaterThanOrEqual(60);
        expect(b.question_count).toBe(b.published);
      }
      const byStatus = rows<{ status: string; n: number }>(
        await db.execute(sql`
          SELECT v.status, count(*)::int AS n FROM questions q JOIN question_versions v ON v.id = q.current_version_id
          JOIN users u ON u.id = q.author_id WHERE u.email = 'writer@example.com' GROUP BY 1`),
      );
      const writerHas = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
      expect(writerHas.SUBMITTED).toBeGreaterThan(0); // the auditor's queue
      expect(writerHas.NEEDS_REVISION).toBeGreaterThan(0); // the writer's work
      // The counts My Questions reads agree with the versions.
      const [agree] = rows<{ counted: number; actual: number }>(
        await db.execute(sql`
          SELECT (SELECT sum(n)::int FROM question_counts) AS counted, (SELECT count(*)::int FROM questions) AS actual`),
      );
      expect(agree!.counted).toBe(agree!.actual);
      const [c] = rows<{ comments: number; media: number }>(
        await db.execute(sql`
          SELECT (SELECT count(*)::int FROM question_comments) AS comments,
            (SELECT count(DISTINCT hash)::int FROM question_version_media) AS media`),
      );
      expect(c!.comments).toBeGreaterThan(0);
      expect(c!.media).toBeGreaterThan(0);
      // The published questions are in the test pool (its trigger ran at commit), and the demo learner has
      // two completed tests in the first bank, counted in their statistics.
      const [pool] = rows<{ pooled: number; published: number }>(
        await db.execute(sql`
          SELECT (SELECT count(*)::int FROM question_pool) AS pooled,
            (SELECT sum(question_count)::int FROM products) AS published`),
      );
      expect(pool!.pooled).toBe(pool!.published);
      const [history] = rows<{ tests: number; answered: number; shares: number }>(
        await db.execute(sql`
          SELECT (SELECT count(*)::int FROM tests t JOIN users u ON u.id = t.user_id
              WHERE u.email = 'learner@example.com' AND t.status = 'COMPLETED') AS tests,
            (SELECT answered FROM learner_stats s JOIN users u ON u.id = s.user_id
              WHERE u.email = 'learner@example.com') AS answered,
            (SELECT sum(e.value::int)::int FROM question_shares, jsonb_each_text(counts) e) AS shares`),
      );
      // The learner's 20 first answers, the demo instructor's class's (35 tests of 10 questions, a few met twice,
      // and the first answers of their assignments' attempts), and 36 past learners' 30 each in NCLEX-RN Review
      // (db/seed-item-statistics.ts).
      // The weekly review draws from questions by their (random) ids, so how many of its answers are first ones
      // varies from seed to seed: at most its 4 attempts' 10 and the warm-up's 10 attempts' 10.
      expect(history).toMatchObject({ tests: 2, answered: 20 });
      expect(history!.shares).toBeGreaterThan(362 + 36 * 30);
      expect(history!.shares).toBeLessThanOrEqual(362 + 36 * 30 + 14 * 10);
      // Their item statistics are computed by the end of the seed: every kind of flag shows in the practice bank.
      const figures30 = rows<{ n: number; flags: string[] }>(
        await db.execute(sql`
          SELECT st.n, st.flags FROM question_item_stats st JOIN products p ON p.id = st.product_id
          WHERE p.name = 'NCLEX-RN Review'`),
      );
      expect(figures30).toHaveLength(30);
      expect(figures30.every((f) => f.n === 36)).toBe(true);
      expect(new Set(figures30.flatMap((f) => f.flags))).toEqual(
        new Set(['TOO_EASY', 'TOO_HARD', 'WEAK_DISCRIMINATION', 'POSSIBLE_WRONG_KEY']),
      );
      const flagged = figures30.filter((f) => f.flags.length > 0).length;
      expect(flagged).toBeGreaterThanOrEqual(4);
      expect(flagged).toBeLessThan(15);
      const [marks] = rows<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM question_stats_dirty`),
      );
      expect(marks!.n).toBe(0);
      const [figures] = rows<{ students: number; active: number; tests: number; answered: number }>(
        await db.execute(sql`
          SELECT count(*)::int AS students, count(*) FILTER (WHERE s.active)::int AS active,
            sum(coalesce(ls.tests_taken, 0))::int AS tests, sum(coalesce(ls.answered, 0))::int AS answered
          FROM subscriptions s JOIN products p ON p.id = s.product_id
          LEFT JOIN learner_stats ls ON ls.user_id = s.user_id AND ls.product_id = s.product_id
          WHERE p.name = 'USMLE Step 1 Mastery' AND s.student`),
      );
      // The class's own tests and their attempts at the two assignments (below).
      expect(figures).toMatchObject({ students: 41, active: 38, tests: 51 });
      expect(figures!.answered).toBeGreaterThan(362);
      // The classroom: two cohorts that hold the class, two tests in the Test Bank, this month's seats.
      const [classroom] = rows<{ cohorts: number; members: number; templates: number; peak: number }>(
        await db.execute(sql`
          SELECT (SELECT count(*)::int FROM cohorts) AS cohorts,
            (SELECT count(*)::int FROM cohort_members) AS members,
            (SELECT count(*)::int FROM test_templates) AS templates,
            (SELECT max(peak)::int FROM product_seat_months) AS peak`),
      );
      expect(classroom).toEqual({ cohorts: 2, members: 40, templates: 2, peak: 38 });
      // One closed assignment taken by the students of one cohort who practise, one open one taken by a few of the
      // other so far.
      const assigned = rows<{ name: string; closed: boolean; attempts: number }>(
        await db.execute(sql`
          SELECT a.name, a.closes_at < now() AS closed,
            (SELECT count(*)::int FROM tests t WHERE t.assignment_id = a.id AND t.status = 'COMPLETED'
              AND t.num_questions = 10 AND t.score_percent > 0) AS attempts
          FROM assignments a ORDER BY a.closes_at`),
      );
      expect(assigned).toEqual([
        { name: 'Week 1 warm-up', closed: true, attempts: 10 },
        { name: 'Weekly review', closed: false, attempts: 4 },
      ]);
      const [file] = rows<{ hash: string }>(await db.execute(sql`SELECT hash FROM media_files LIMIT 1`));
      expect(await storage.size(file!.hash)).toBeGreaterThan(100);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with a real provider, every paid plan gets a price made there, renewing or one-time as the plan is', async () => {
    const db = await emptyDatabase();
    const asked: PriceSpec[] = [];
    await seedDemo(db, {
      createPrice: async (spec) => {
        asked.push(spec);
        return `price_provider_${asked.length}`;
      },
    });
    const paid = (await db.select().from(billingPlans)).filter((p) => p.priceCents > 0);
    expect(asked).toHaveLength(paid.length);
    for (const plan of paid) {
      const spec = asked[Number(plan.stripePriceId!.split('_').pop()) - 1]!;
      expect(spec).toMatchObject({
        planName: plan.planName,
        amountCents: plan.priceCents,
        frequencyType: plan.frequencyType,
        recurring: plan.autoRenewForSubscription,
      });
    }
  });
});
