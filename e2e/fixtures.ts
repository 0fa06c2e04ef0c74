import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { buildSubscription, buildUser, uniqueEmail } from '../apps/server/src/test/factories';
import { periodEnd } from '../packages/contract/src/subscriptions';

export { uniqueEmail };

interface MailRow {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Waits for the newest mail to `to` (optionally whose subject contains `subject`) in the dev mailbox. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject?: string,
  after = 0,
): Promise<MailRow> {
  let found: MailRow | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/dev/mailbox/messages');
        const { content } = (await res.json()) as { content: MailRow[] };
        found = content.filter((m) => m.to === to && (!subject || m.subject.includes(subject)))[after];
        return Boolean(found);
      },
      { timeout: 15_000, intervals: [200, 300, 500] },
    )
    .toBe(true);
  return found!;
}

export async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  const res = await request.get('/dev/mailbox/messages');
  const { content } = (await res.json()) as { content: MailRow[] };
  return content.filter((m) => m.to === to).length;
}

/** The first link to `path` in a mail, made relative so it opens on the test server. */
export function linkFrom(mail: MailRow, path: string): string {
  const m = mail.text.match(new RegExp(`https?://[^\\s]+(${path}\\?token=[^\\s]+)`));
  if (!m) throw new Error(`No ${path} link in: ${mail.text}`);
  return m[1]!;
}

/**
 * No axe-core violations on the page once it has settled. Every page has a level-one heading: waiting for one
 * first means axe never measures a lazily loaded page before it has rendered (only the skip link in the body).
 * A list being fetched again is marked aria-busy and dimmed over its previous rows: axe waits for it, or it
 * would measure the dimmed rows' contrast.
 */
export async function expectAccessible(page: Page) {
  await expect(page.locator('h1').first()).toBeAttached();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Nothing is wider than the viewport (SPEC-level rule: every screen fits 375 px). Measured until the page has
 * laid itself out again for a viewport just changed (media queries re-render parts of it): a page that stays
 * too wide still fails.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      {
        timeout: 5000,
      },
    )
    .toBeLessThanOrEqual(0);
}

type Db = NodePgDatabase<typeof schema>;

/**
 * The e2e server's own database: DATABASE_URL when the server was given one, else the embedded PostgreSQL
 * server under its DATA_DIR (playwright.config.ts), reached through the Unix socket that its postmaster.pid
 * names (line 5: the socket folder, line 4: the port that names the socket).
 */
function e2eDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = process.env.QBANK_E2E_DATA;
  if (!dataDir) throw new Error('QBANK_E2E_DATA is not set: run the browser tests with playwright.config.ts');
  const lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const [port, socketDir] = [lines[3]!.trim(), lines[4]!.trim()];
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${port}`;
}

/** A role in a QBank. A student alone holds a paid one-time plan, as the demo learner does; staff roles are PRIVILEGED. */
export type QBankRole = 'student' | 'writer' | 'auditor' | 'instructor' | 'admin';

export interface UserSpec {
  /** Names the e-mail (`<label>.<random>@example.com`); 'user' when left out. */
  label?: string;
  firstName?: string;
  lastName?: string;
  superuser?: boolean;
  /**
   * Demo QBanks by name and the user's roles in each, or `{ plan }`: a student who bought that one-time plan
   * just now. None makes a user without a QBank.
   */
  qbanks?: Record<string, QBankRole | readonly QBankRole[] | { plan: string }>;
}

/** Users with the roles of the README's demo accounts, made afresh for each test that needs one. */
export const like = {
  /** A student of USMLE Step 1 Mastery on its one-time 6-month plan. */
  learner: {
    label: 'learner',
    firstName: 'Lena',
    lastName: 'Learner',
    qbanks: { 'USMLE Step 1 Mastery': 'student' },
  },
  /** A question writer of USMLE Step 1 Mastery. */
  writer: {
    label: 'writer',
    firstName: 'Walt',
    lastName: 'Writer',
    qbanks: { 'USMLE Step 1 Mastery': 'writer' },
  },
  /** A question auditor of USMLE Step 1 Mastery: reviews what its writers submit. */
  auditor: {
    label: 'auditor',
    firstName: 'Audrey',
    lastName: 'Auditor',
    qbanks: { 'USMLE Step 1 Mastery': 'auditor' },
  },
  /** Admin and instructor of USMLE Step 1 Mastery, admin of NCLEX-RN Review. */
  admin: {
    label: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    qbanks: { 'USMLE Step 1 Mastery': ['admin', 'instructor'], 'NCLEX-RN Review': 'admin' },
  },
  /** A platform superuser without a QBank. */
  superuser: { label: 'super', firstName: 'Sam', lastName: 'Super', superuser: true },
} as const satisfies Record<string, UserSpec>;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Every test user's password; hashed once per worker with the server's own hashing. */
export const TEST_PASSWORD = 'e2e-user-password-1';
let passwordHash: Promise<string> | undefined;

/**
 * A verified user of its own, written straight into the e2e server's database (no mail round trip, no
 * registration rate limit, one argon2 hash per worker), with its subscriptions to demo QBanks.
 */
export async function createUser(db: Db, spec: UserSpec = {}): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const firstName = spec.firstName ?? 'Pat';
  const lastName = spec.lastName ?? 'Example';
  const email = uniqueEmail(spec.label ?? 'user');
  const hash = await passwordHash;
  const qbanks = Object.entries(spec.qbanks ?? {}).map(([name, roles]) => ({
    name,
    roles: new Set<QBankRole>(typeof roles === 'string' ? [roles] : 'plan' in roles ? ['student'] : roles),
    plan: typeof roles === 'object' && 'plan' in roles ? roles.plan : undefined,
  }));
  return db.transaction(async (tx) => {
    const now = new Date();
    // The API tests' factories (apps/server/src/test/factories.ts), with the worker's one password hash.
    const user = await buildUser(tx, {
      email,
      firstName,
      lastName,
      password: TEST_PASSWORD,
      passwordHash: hash,
      superuser: spec.superuser ?? false,
    });
    if (qbanks.length) {
      const found = await tx
        .select({ id: schema.products.id, name: schema.products.name })
        .from(schema.products)
        .where(
          inArray(
            schema.products.name,
            qbanks.map((q) => q.name),
          ),
        );
      for (const q of qbanks) {
        const product = found.find((p) => p.name === q.name);
        if (!product) throw new Error(`No QBank named "${q.name}" in the e2e database`);
        const staff = ['writer', 'auditor', 'instructor', 'admin'].some((r) => q.roles.has(r as QBankRole));
        if (staff) {
          await buildSubscription(tx, user.id, product.id, {
            type: 'PRIVILEGED',
            student: q.roles.has('student'),
            questionWriter: q.roles.has('writer'),
            questionAuditor: q.roles.has('auditor'),
            instructor: q.roles.has('instructor'),
            admin: q.roles.has('admin'),
          });
        } else {
          // The plan named, bought now; else a paid one-time plan bought a month ago, as the demo learner's. No
          // renewing provider subscription either way.
          const plans = await tx
            .select()
            .from(schema.billingPlans)
            .where(
              and(
                eq(schema.billingPlans.productId, product.id),
                eq(schema.billingPlans.active, true),
                eq(schema.billingPlans.billingPlanType, 'PUBLIC'),
              ),
            );
          const plan = q.plan
            ? plans.find((p) => p.planName === q.plan)
            : (plans.find((p) => p.priceCents > 0 && !p.autoRenewForSubscription) ??
              plans.find((p) => p.priceCents > 0));
          if (!plan)
            throw new Error(`"${q.name}" has no ${q.plan ? `plan "${q.plan}"` : 'paid public plan'}`);
          const boughtAt = q.plan ? now : new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
          await buildSubscription(tx, user.id, product.id, {
            billingPlanId: plan.id,
            type: plan.priceCents > 0 ? 'PREMIUM' : 'BASIC',
            student: true,
            currentPeriodEnd: periodEnd(boughtAt, plan.frequencyType),
          });
        }
        // As the server does in every transaction that changes a subscription.
        await tx.execute(sql`
          UPDATE products SET learners_count = (
            SELECT count(*) FROM subscriptions s
            WHERE s.product_id = ${product.id} AND s.active AND s.student AND s.access_hold IS NULL)
          WHERE id = ${product.id}`);
      }
    }
    return { id: user.id, email, password: TEST_PASSWORD, firstName, lastName };
  });
}

/**
 * Waits until none of the embedded payment provider's events about this user is still waiting for delivery,
 * and none failed for good. The events are queued in the transaction of the change that caused them, so once
 * the screen shows the change they exist; a delivered job keeps no payload (retention), so only the waiting
 * and failed ones can be found by customer.
 */
export async function webhooksDelivered(db: Db, userId: string) {
  await expect
    .poll(
      async () => {
        const { rows } = await db.execute<{ pending: number; failed: number }>(sql`
          SELECT count(*) FILTER (WHERE j.done_at IS NULL AND j.failed_at IS NULL)::int AS pending,
                 count(*) FILTER (WHERE j.failed_at IS NOT NULL)::int AS failed
          FROM jobs j JOIN users u ON u.stripe_customer_id = j.payload->'event'->'data'->'object'->>'customer'
          WHERE j.kind = 'payments.local.webhook' AND u.id = ${userId}`);
        return rows[0]!;
      },
      { message: 'the payment provider events about the user were delivered', intervals: [100, 200, 500] },
    )
    .toEqual({ pending: 0, failed: 0 });
}

/**
 * `consoleErrors` (automatic): fails the test on any console error or uncaught page error.
 * `newUser(spec)`: a fresh user of the test's own (see createUser).
 * `db`: the e2e server's database, one small pool per worker.
 */
export const test = base.extend<
  { consoleErrors: string[]; newUser: (spec?: UserSpec) => Promise<TestUser> },
  { db: Db }
>({
  db: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from its first parameter
    async ({}, use) => {
      const pool = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 2 });
      try {
        await use(drizzle(pool, { schema }));
      } finally {
        await pool.end();
      }
    },
    { scope: 'worker' },
  ],
  newUser: async ({ db }, use) => {
    await use((spec) => createUser(db, spec));
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
      });
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Signs in through the login screen and waits for the signed-in shell. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // A superuser without a QBank of their own lands on Super (docs/superuser.md).
  await expect(page).toHaveURL(/\/(dashboard|superuser)$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/** Signs in as a test user through the login screen. */
export const signInAs = (page: Page, user: TestUser) => signIn(page, user.email, user.password);

/**
 * Opens a page the server draws (SSR) with its page's code (`/assets/<chunk>-<hash>.js`) held back, so the
 * server's HTML stays on screen (the app has not taken it over) until the returned function lets the code load.
 */
export async function openHeldBack(page: Page, path: string, chunk: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(new RegExp(`/assets/${chunk}-[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root[data-ssr]')).toBeAttached();
  return release;
}

/**
 * Stops the page's clock (installed with `page.clock.install()` before the page was opened) a minute ahead
 * of its time now: from here on the page's time moves only when the test moves it (`runFor`, `fastForward`),
 * however slowly the machine runs. `page.clock.resume()` lets it flow again.
 */
export async function pauseClock(page: Page): Promise<number> {
  const at = (await page.evaluate(() => Date.now())) + 60_000;
  await page.clock.pauseAt(at);
  return at;
}

/** The screen as it is now has no axe-core violations and, at 375 px wide, nothing wider than the viewport. */
export async function expectScreenOk(page: Page) {
  await expectAccessible(page);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: size?.height ?? 800 });
  // Polled: the signed-in shell animates its sidebar away when the width drops.
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

// ---- Tests (the exam screen and its review) ----

export interface CreatedTest {
  uuid: string;
  numQuestions: number;
}

/**
 * Creates a test for the user signed in on `page` through the API, as Start Test does: every subcategory of
 * the QBank, the ALL pool. The student's shell then sends every page to the test's run page.
 */
export async function createTestThroughApi(
  page: Page,
  db: Db,
  spec: {
    qbank: string;
    mode: 'TUTOR' | 'TIMED';
    numQuestions: number;
    secondsPerQuestion?: number;
    /** Sent by the page's own fetch, from the address it is at (one Node cannot resolve, e2e/plain-http.spec.ts). */
    fromPage?: boolean;
  },
): Promise<CreatedTest> {
  const [product] = await db
    .select({ id: schema.products.id })
    .from(schema.products)
    .where(eq(schema.products.name, spec.qbank));
  if (!product) throw new Error(`No QBank named "${spec.qbank}" in the e2e database`);
  const subs = await db
    .select({ id: schema.subcategories.id })
    .from(schema.subcategories)
    .innerJoin(schema.categories, eq(schema.categories.id, schema.subcategories.categoryId))
    .innerJoin(schema.subjects, eq(schema.subjects.id, schema.categories.subjectId))
    .where(eq(schema.subjects.productId, product.id));
  const data = {
    uuid: crypto.randomUUID(),
    productUuid: product.id,
    mode: spec.mode,
    pools: ['ALL'],
    subcategoryUuids: subs.map((s) => s.id),
    numQuestions: spec.numQuestions,
    ...(spec.secondsPerQuestion ? { secondsPerQuestion: spec.secondsPerQuestion } : {}),
  };
  const sent = spec.fromPage
    ? await page.evaluate(async (body) => {
        const { accessToken } = (await (await fetch('/api/v1/session')).json()) as { accessToken: string };
        const res = await fetch('/api/v2/tests', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': accessToken },
          body: JSON.stringify(body),
        });
        return { status: res.status, text: await res.text() };
      }, data)
    : await (async () => {
        const session = (await (await page.request.get('/api/v1/session')).json()) as { accessToken: string };
        const res = await page.request.post('/api/v2/tests', {
          headers: { 'X-CSRF-Token': session.accessToken },
          data,
        });
        return { status: res.status(), text: await res.text() };
      })();
  expect(sent.status, sent.text).toBe(201);
  return JSON.parse(sent.text) as CreatedTest;
}

export interface StoredTestQuestion {
  position: number;
  /** The choices' ids in the order the screen letters them A, B, C … */
  choices: string[];
  correctChoiceId: string | null;
  selectedChoiceId: string | null;
  flagged: boolean;
  struck: string[];
  highlights: { start: number; end: number }[];
  note: string;
}

/** A test's questions as the database holds them, in order, with the correct choice of the pinned version. */
export async function storedTestQuestions(db: Db, testId: string): Promise<StoredTestQuestion[]> {
  const { rows } = await db.execute<{
    position: number;
    choices: { id: string }[];
    correct_choice_id: string | null;
    selected_choice_id: string | null;
    flagged: boolean;
    struck: string[];
    highlights: { start: number; end: number }[];
    note: string;
  }>(sql`
    SELECT tq.position, qv.choices, qv.correct_choice_id, tq.selected_choice_id, tq.flagged, tq.struck,
           tq.highlights, tq.note
    FROM test_questions tq JOIN question_versions qv ON qv.id = tq.question_version_id
    WHERE tq.test_id = ${testId} ORDER BY tq.position`);
  return rows.map((r) => ({
    position: r.position,
    choices: r.choices.map((c) => c.id),
    correctChoiceId: r.correct_choice_id,
    selectedChoiceId: r.selected_choice_id,
    flagged: r.flagged,
    struck: r.struck,
    highlights: r.highlights,
    note: r.note,
  }));
}

/** A test's row: its status, the question the learner was on, and whether its clock runs (lastTickAt). */
export async function storedTest(db: Db, testId: string) {
  const [row] = await db
    .select({
      status: schema.tests.status,
      currentPosition: schema.tests.currentPosition,
      lastTickAt: schema.tests.lastTickAt,
      timeUsedMs: schema.tests.timeUsedMs,
    })
    .from(schema.tests)
    .where(eq(schema.tests.id, testId));
  return row;
}

/** The block of first-call answers the server puts in an app page (apps/server/src/plugins/spa.ts). */
const PRELOAD_BLOCK = /<script type="application\/json" id="qbank-preload">[^<]*<\/script>/;

/** The first-call answers inlined in a page's HTML: method, url, body, status and answer of each. */
export function inlinedAnswers(
  html: string,
): Array<{ method: string; url: string; body?: unknown; status: number; answer: unknown }> {
  const m = PRELOAD_BLOCK.exec(html);
  return m ? JSON.parse(m[0].replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '')) : [];
}

/** The query cache a page the server rendered for a signed-in visitor comes with (plugins/spa.ts). */
const SSR_STATE_BLOCK = /<script type="application\/json" id="qbank-ssr-state">[^<]*<\/script>/;

/**
 * From now on the pages this page opens come without their inlined first-call answers (nor the query cache of
 * a page the server rendered), so the app asks the server for them: for a test that changes an answer with
 * page.route().
 */
export async function askServerForFirstCalls(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const html = await res.text();
      await route.fulfill({
        response: res,
        body: html.replace(PRELOAD_BLOCK, '').replace(SSR_STATE_BLOCK, ''),
      });
    },
  );
}
