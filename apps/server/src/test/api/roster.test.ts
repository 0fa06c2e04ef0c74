import { randomUUID } from 'node:crypto';
import { rosterPage } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../lib/clock';
import { buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { buildProduct, buildSubscription, buildUser, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

// The Students screen's calls (docs/roster.md): who may read a product's students, their figures as taking tests
// keeps them, the list's search, filters, order and pages, and the CSV and XLSX exports.

const clock = testClock(new Date('2026-10-01T12:00:00Z'));
const t = appForFile(() =>
  createTestApp({ clock, ...(process.env.TEST_LOG ? { logger: true, env: { LOG_LEVEL: 'error' } } : {}) }),
);
const DAY = 24 * 60 * 60 * 1000;

type Bank = Awaited<ReturnType<typeof buildBank>>;

const students = (c: TestClient, productId: string, query = '') =>
  c.req({ url: `/api/v2/products/${productId}/students${query ? `?${query}` : ''}` });

/** A student of the product (PREMIUM, active unless told), with a client signed in as them. */
async function student(
  productId: string,
  over: {
    firstName?: string;
    lastName?: string;
    email?: string;
    type?: 'BASIC' | 'PREMIUM';
    active?: boolean;
  } = {},
) {
  const { type, active, ...names } = over;
  const user = await buildUser(t.deps.db, names);
  await buildSubscription(t.deps.db, user.id, productId, {
    student: true,
    type: type ?? 'PREMIUM',
    active: active ?? true,
  });
  return user;
}

const instructorOf = (productId: string) =>
  signedIn(t, { product: productId, subscription: { type: 'PRIVILEGED', student: false, instructor: true } });

describe('who may read the students', () => {
  it('lets instructors, admins and superusers in; refuses everyone else with 403, and strangers with 401', async () => {
    const product = await buildProduct(t.deps.db);
    const other = await buildProduct(t.deps.db);
    await student(product.id);
    const allowed = [
      await instructorOf(product.id),
      await signedIn(t, { product: product.id, roles: { admin: true } }),
      await signedIn(t, { user: { superuser: true } }),
    ];
    for (const c of allowed) {
      const res = await students(c, product.id);
      expect(res.status).toBe(200);
      expect(rosterPage.parse(res.body).totalElements).toBe(1);
    }
    const refused = [
      await signedIn(t, { product: product.id }), // a student
      await signedIn(t, { product: product.id, roles: { questionWriter: true } }),
      await signedIn(t, { product: product.id, roles: { questionAuditor: true } }),
      await instructorOf(other.id), // another product's instructor
      await signedIn(t, {
        product: product.id,
        subscription: { type: 'PRIVILEGED', student: false, instructor: true, active: false },
      }),
    ];
    for (const c of refused) {
      const res = await students(c, product.id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only the product's instructors and admins can see its students");
      expect((await c.req({ url: `/api/v2/products/${product.id}/students/export?format=csv` })).status).toBe(
        403,
      );
    }
    expect((await students(t.client(), product.id)).status).toBe(401);
    const superuser = allowed[2]!;
    expect((await students(superuser, randomUUID())).status).toBe(404);
  });

  it('lists students only: staff without the student role are not in it', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    await student(product.id, { firstName: 'Sol', lastName: 'Student' });
    await signedIn(t, { product: product.id, roles: { questionWriter: true } });
    const page = rosterPage.parse((await students(c, product.id)).body);
    expect(page.content.map((s) => s.firstName)).toEqual(['Sol']);
  });
});

describe('the figures', () => {
  it('counts questions used, answers, tests taken and the last activity as the student takes tests', async () => {
    const bank: Bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 3 });
    const c = await instructorOf(bank.product.id);
    const user = await student(bank.product.id, { firstName: 'Tia', lastName: 'Taker' });
    const learner = t.client();
    expect((await learner.login(user.email, user.password)).status).toBe(200);

    const before = rosterPage.parse((await students(c, bank.product.id)).body).content[0]!;
    expect(before).toMatchObject({
      questionsUsed: 0,
      answered: 0,
      correct: 0,
      testsTaken: 0,
      lastActiveAt: null,
    });

    clock.set(new Date('2026-10-02T09:00:00Z'));
    const created = await learner.req({
      method: 'POST',
      url: '/api/v2/tests',
      json: {
        uuid: randomUUID(),
        productUuid: bank.product.id,
        mode: 'TUTOR',
        pools: ['ALL'],
        subcategoryUuids: bank.subcategoryIds,
        numQuestions: 4,
      },
    });
    expect(created.status, created.text).toBe(201);
    const testId = created.body.uuid as string;
    const run = await learner.req({ url: `/api/v2/tests/${testId}/questions` });
    const qs = run.body.questions as Array<{ uuid: string; answerChoices: Array<{ uuid: string }> }>;
    const correctOf = new Map(bank.questions.map((q) => [q.id, q.correct]));
    // Two right, one wrong, one left unanswered.
    for (const [i, q] of qs.slice(0, 3).entries()) {
      const choice =
        i < 2 ? correctOf.get(q.uuid)! : q.answerChoices.find((a) => a.uuid !== correctOf.get(q.uuid))!.uuid;
      clock.set(new Date(`2026-10-02T09:0${i + 1}:00Z`));
      const res = await learner.req({
        method: 'PATCH',
        url: `/api/v2/tests/${testId}/questions/${q.uuid}/answer`,
        json: { choice },
      });
      expect(res.status).toBe(200);
    }
    const after = rosterPage.parse((await students(c, bank.product.id)).body).content[0]!;
    expect(after).toMatchObject({
      firstName: 'Tia',
      questionsUsed: 4,
      answered: 3,
      correct: 2,
      testsTaken: 1,
      lastActiveAt: '2026-10-02T09:03:00.000Z',
    });
  });
});

describe('search, filters, order and pages', () => {
  async function classOf() {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const people = [
      {
        firstName: 'Ana',
        lastName: 'Zimmer',
        type: 'PREMIUM' as const,
        used: 10,
        answered: 10,
        correct: 9,
        daysAgo: 1,
      },
      {
        firstName: 'Ben',
        lastName: 'Young',
        type: 'BASIC' as const,
        used: 30,
        answered: 20,
        correct: 5,
        daysAgo: 40,
      },
      {
        firstName: 'Cleo',
        lastName: 'Xu',
        type: 'PREMIUM' as const,
        used: 0,
        answered: 0,
        correct: 0,
        daysAgo: null,
      },
      {
        firstName: 'Dev',
        lastName: 'Walker_%',
        type: 'PREMIUM' as const,
        used: 5,
        answered: 4,
        correct: 2,
        daysAgo: 10,
      },
    ];
    for (const p of people) {
      const u = await student(product.id, { firstName: p.firstName, lastName: p.lastName, type: p.type });
      if (p.daysAgo !== null)
        await t.deps.db.execute(sql`
          INSERT INTO learner_stats (user_id, product_id, answered, correct, questions_used, tests_taken, last_active_at)
          VALUES (${u.id}, ${product.id}, ${p.answered}, ${p.correct}, ${p.used}, 1,
            ${new Date(clock.nowMs() - p.daysAgo * DAY)})`);
    }
    // Joined long ago, so "inactive" counts Cleo (never active) from then.
    await t.deps.db.execute(sql`
      UPDATE subscriptions SET created_at = ${new Date(clock.nowMs() - 100 * DAY)} WHERE product_id = ${product.id}`);
    await student(product.id, { firstName: 'Eve', lastName: 'Gone', active: false });
    return { product, c };
  }
  const names = (res: { body: unknown }) => rosterPage.parse(res.body).content.map((s) => s.firstName);

  it('sorts by each column, figures not there yet last in either order', async () => {
    const { product, c } = await classOf();
    expect(names(await students(c, product.id))).toEqual(['Dev', 'Cleo', 'Ben', 'Ana']); // by last name
    expect(names(await students(c, product.id, 'sortField=name&sortOrder=DESC'))).toEqual([
      'Ana',
      'Ben',
      'Cleo',
      'Dev',
    ]);
    expect(names(await students(c, product.id, 'sortField=percentCorrect&sortOrder=DESC'))).toEqual([
      'Ana',
      'Dev',
      'Ben',
      'Cleo',
    ]);
    expect(names(await students(c, product.id, 'sortField=percentCorrect&sortOrder=ASC'))).toEqual([
      'Ben',
      'Dev',
      'Ana',
      'Cleo',
    ]);
    expect(names(await students(c, product.id, 'sortField=questionsUsed&sortOrder=DESC'))).toEqual([
      'Ben',
      'Ana',
      'Dev',
      'Cleo',
    ]);
    expect(names(await students(c, product.id, 'sortField=lastActiveAt&sortOrder=DESC'))).toEqual([
      'Ana',
      'Dev',
      'Ben',
      'Cleo',
    ]);
    // BASIC before PREMIUM; students on one plan in a stable order (by user id) on every page.
    expect(names(await students(c, product.id, 'sortField=plan'))[0]).toBe('Ben');
    expect(names(await students(c, product.id, 'sortField=plan&sortOrder=DESC'))[3]).toBe('Ben');
    expect(names(await students(c, product.id, 'sortField=testsTaken&sortOrder=DESC')).at(-1)).toBe('Cleo');
    expect(names(await students(c, product.id, 'sortField=email'))).toHaveLength(4);
  });

  it('searches names and e-mails (wildcards taken literally), filters by plan, access and inactivity', async () => {
    const { product, c } = await classOf();
    expect(names(await students(c, product.id, 'search=zim'))).toEqual(['Ana']);
    expect(names(await students(c, product.id, 'search=ben%20young'))).toEqual(['Ben']);
    expect(names(await students(c, product.id, 'search=_%25'))).toEqual(['Dev']);
    expect(names(await students(c, product.id, 'search=%25'))).toEqual(['Dev']);
    expect(names(await students(c, product.id, 'plan=BASIC'))).toEqual(['Ben']);
    expect(names(await students(c, product.id, 'status=ENDED'))).toEqual(['Eve']);
    expect(names(await students(c, product.id, 'status=ALL'))).toHaveLength(5);
    expect(names(await students(c, product.id, 'inactiveDays=7'))).toEqual(['Dev', 'Cleo', 'Ben']);
    expect(names(await students(c, product.id, 'inactiveDays=30'))).toEqual(['Cleo', 'Ben']);
  });

  it('pages without overlap and counts them all', async () => {
    const { product, c } = await classOf();
    const first = rosterPage.parse((await students(c, product.id, 'size=3&page=0')).body);
    const second = rosterPage.parse((await students(c, product.id, 'size=3&page=1')).body);
    expect(first).toMatchObject({ page: 0, size: 3, totalElements: 4, totalPages: 2 });
    expect([...first.content, ...second.content].map((s) => s.firstName)).toEqual([
      'Dev',
      'Cleo',
      'Ben',
      'Ana',
    ]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { product, c } = await classOf();
    for (const [query, field] of [
      ['sortField=age', 'sortField'],
      ['sortOrder=UP', 'sortOrder'],
      ['size=101', 'size'],
      ['page=-1', 'page'],
      ['inactiveDays=0', 'inactiveDays'],
      ['plan=GOLD', 'plan'],
      ['status=GONE', 'status'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const res = await students(c, product.id, query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(field);
    }
    const res = await c.req({ url: `/api/v2/products/${product.id}/students/export?format=pdf` });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('format');
  });
});

describe('the exports', () => {
  it('writes the filtered students as CSV and XLSX, cells a spreadsheet could run neutralised', async () => {
    clock.set(new Date('2026-10-01T12:00:00Z'));
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    await student(product.id, { firstName: '=HYPERLINK("http://evil")', lastName: 'Alpha' });
    await student(product.id, { firstName: 'Bea', lastName: 'Beta', type: 'BASIC' });
    await student(product.id, { firstName: 'Old', lastName: 'Gone', active: false });

    const csv = await c.req({ url: `/api/v2/products/${product.id}/students/export?format=csv` });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('students-2026-10-01.csv');
    const parsed = Papa.parse<string[]>(csv.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Plan',
      'Access',
      'Joined',
      'Questions used',
      'Answered',
      'Correct',
      'Percent correct',
      'Tests taken',
      'Last active',
    ]);
    expect(parsed.slice(1).map((r) => r[0])).toEqual([`'=HYPERLINK("http://evil")`, 'Bea']);
    expect(parsed[2]!.slice(3, 5)).toEqual(['BASIC', 'Active']);

    const xlsx = await c.req({
      url: `/api/v2/products/${product.id}/students/export?format=xlsx&status=ALL`,
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Students')!;
    const firstNames: string[] = [];
    sheet.eachRow((row) => firstNames.push(String(row.getCell(1).value)));
    expect(firstNames).toEqual(['First name', `'=HYPERLINK("http://evil")`, 'Bea', 'Old']);
  });
});
