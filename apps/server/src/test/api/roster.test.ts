import { randomUUID } from 'node:crypto';
import { rosterPage } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import { buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { buildPlan, buildProduct, buildSubscription, buildUser, signedIn } from '../factories';
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

    // The student's page: the same row, and their standing as their own dashboard shows it.
    const detail = await c.req({ url: `/api/v2/products/${bank.product.id}/students/${user.id}` });
    expect(detail.status).toBe(200);
    expect(detail.body.student).toEqual(after);
    const own = await learner.req({ url: `/api/v2/tests/products/${bank.product.id}/dashboard` });
    expect(detail.body.standing).toEqual(own.body);
    expect(detail.body.standing).toMatchObject({ answered: 3, correct: 2, usedQuestions: 4 });
    // Twelve weeks of activity, this one holding the test started (not ended: no answers counted yet).
    expect(detail.body.activity).toHaveLength(12);
    expect(detail.body.activity.at(-1)).toEqual({ weekStart: '2026-09-28', tests: 1, answered: 0 });
    expect(detail.body.activity.slice(0, -1).every((w: { tests: number }) => w.tests === 0)).toBe(true);
    // Compared by subject with all students (only Tia so far: her own figures) and with each of her cohorts.
    expect(detail.body.comparison.bank).toEqual([{ uuid: bank.subjectIds[0], answered: 3, correct: 2 }]);
    expect(detail.body.comparison.cohorts).toEqual([]);
    const cohort = await c.req({
      method: 'POST',
      url: `/api/v2/products/${bank.product.id}/cohorts`,
      json: { name: 'Morning' },
    });
    await c.req({
      method: 'POST',
      url: `/api/v2/cohorts/${cohort.body.uuid}/members`,
      json: { userUuids: [user.id] },
    });
    const withCohort = await c.req({ url: `/api/v2/products/${bank.product.id}/students/${user.id}` });
    expect(withCohort.body.comparison.cohorts).toEqual([
      {
        uuid: cohort.body.uuid,
        name: 'Morning',
        bySubject: [{ uuid: bank.subjectIds[0], answered: 3, correct: 2 }],
      },
    ]);
    // Not a student of this QBank (staff, a stranger, nobody): 404; a learner may not look.
    const writer = await signedIn(t, { product: bank.product.id, roles: { questionWriter: true } });
    for (const id of [writer.user.id, randomUUID()]) {
      const res = await c.req({ url: `/api/v2/products/${bank.product.id}/students/${id}` });
      expect(res.status).toBe(404);
      expect(res.body.field).toBe('userId');
    }
    expect(
      (await learner.req({ url: `/api/v2/products/${bank.product.id}/students/${user.id}` })).status,
    ).toBe(403);
    expect((await c.req({ url: `/api/v2/products/${bank.product.id}/students/nope` })).body.field).toBe(
      'userId',
    );
  });
});

describe('a student’s reviews, read-only', () => {
  it('shows an instructor a student’s finished test as its review, and nothing else', async () => {
    const bank: Bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 3 });
    const c = await instructorOf(bank.product.id);
    const user = await student(bank.product.id);
    const learner = t.client();
    expect((await learner.login(user.email, user.password)).status).toBe(200);
    const make = async () => {
      const res = await learner.req({
        method: 'POST',
        url: '/api/v2/tests',
        json: {
          uuid: randomUUID(),
          productUuid: bank.product.id,
          mode: 'TIMED',
          pools: ['ALL'],
          subcategoryUuids: bank.subcategoryIds,
          numQuestions: 2,
        },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.uuid as string;
    };
    const finished = await make();
    const ended = await learner.req({ method: 'PATCH', url: `/api/v2/tests/${finished}/finalize`, json: {} });
    expect(ended.status, ended.text).toBe(200);
    const running = await make();
    const review = (userId: string, testId: string, who: TestClient = c) =>
      who.req({ url: `/api/v2/products/${bank.product.id}/students/${userId}/tests/${testId}/review` });

    const res = await review(user.id, finished);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual((await learner.req({ url: `/api/v2/tests/${finished}/review` })).body);
    expect(res.body.questions[0].solution).toBeTruthy();
    expect((await review(user.id, running)).status).toBe(409);
    const other = await student(bank.product.id);
    const wrong = await review(other.id, finished);
    expect([wrong.status, wrong.body.field]).toEqual([404, 'testId']);
    expect((await review(user.id, randomUUID())).status).toBe(404);
    const stranger = await instructorOf((await buildProduct(t.deps.db)).id);
    expect((await review(user.id, finished, stranger)).status).toBe(403);
    expect((await review(user.id, finished, learner)).status).toBe(403);
  });
});

describe('the list’s read model', () => {
  it('follows every write of its sources: names, the student role, plans and figures, whatever makes them', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const user = await student(product.id, { firstName: 'Old', lastName: 'Name' });
    const row = async () => rosterPage.parse((await students(c, product.id, 'status=ALL')).body).content;
    await t.deps.db.execute(
      sql`UPDATE users SET first_name = 'New', email = 'renamed@example.com' WHERE id = ${user.id}`,
    );
    expect((await row()).map((s) => [s.firstName, s.emailAddress])).toEqual([['New', 'renamed@example.com']]);
    await t.deps.db.execute(sql`UPDATE subscriptions SET type = 'BASIC' WHERE user_id = ${user.id}`);
    await t.deps.db.execute(sql`
      INSERT INTO learner_stats (user_id, product_id, answered, correct, questions_used, tests_taken)
      VALUES (${user.id}, ${product.id}, 4, 3, 10, 1)`);
    expect((await row())[0]).toMatchObject({
      plan: 'BASIC',
      answered: 4,
      correct: 3,
      questionsUsed: 10,
      testsTaken: 1,
    });
    await t.deps.db.execute(sql`UPDATE subscriptions SET student = false WHERE user_id = ${user.id}`);
    expect(await row()).toEqual([]);
    await t.deps.db.execute(sql`UPDATE subscriptions SET student = true WHERE user_id = ${user.id}`);
    expect((await row())[0]).toMatchObject({ firstName: 'New', answered: 4 });
    await t.deps.db.execute(sql`DELETE FROM subscriptions WHERE user_id = ${user.id}`);
    expect(await row()).toEqual([]);
    // The totals kept beside the rows agree with a count of them, filter by filter.
    const others = [await student(product.id), await student(product.id, { type: 'BASIC', active: false })];
    const total = async (q: string) =>
      rosterPage.parse((await students(c, product.id, q)).body).totalElements;
    expect(await total('status=ALL')).toBe(2);
    expect(await total('status=ACTIVE')).toBe(1);
    expect(await total('status=ENDED&plan=BASIC')).toBe(1);
    await c.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/students/access`,
      json: { action: 'REMOVE', userUuids: [others[0]!.id] },
    });
    expect([await total('status=ALL'), await total('status=REMOVED'), await total('status=ACTIVE')]).toEqual([
      1, 1, 0,
    ]);
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
    // By the first of their cohorts, A to Z; those in none last, either way.
    const cohort = async (name: string, who: string[]) => {
      const made = await c.req({
        method: 'POST',
        url: `/api/v2/products/${product.id}/cohorts`,
        json: { name },
      });
      const ids = rosterPage
        .parse((await students(c, product.id)).body)
        .content.filter((s) => who.includes(s.firstName))
        .map((s) => s.userUuid);
      await c.req({
        method: 'POST',
        url: `/api/v2/cohorts/${made.body.uuid}/members`,
        json: { userUuids: ids },
      });
    };
    await cohort('Zeta group', ['Ana', 'Dev']);
    await cohort('Alpha group', ['Dev']);
    await cohort('Mid group', ['Ben']);
    expect(names(await students(c, product.id, 'sortField=cohorts'))).toEqual(['Dev', 'Ben', 'Ana', 'Cleo']);
    expect(names(await students(c, product.id, 'sortField=cohorts&sortOrder=DESC'))).toEqual([
      'Ana',
      'Ben',
      'Dev',
      'Cleo',
    ]);
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
    // A page past the end: no rows, the same totals.
    const past = rosterPage.parse((await students(c, product.id, 'size=3&page=5')).body);
    expect(past).toMatchObject({ content: [], totalElements: 4, totalPages: 2 });
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
      'Cohorts',
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

describe('cohorts', () => {
  const cohortsOf = (c: TestClient, productId: string, query = '') =>
    c.req({ url: `/api/v2/products/${productId}/cohorts${query}` });
  const create = (c: TestClient, productId: string, name: unknown) =>
    c.req({ method: 'POST', url: `/api/v2/products/${productId}/cohorts`, json: { name } });
  const patchCohort = (c: TestClient, id: string, json: unknown) =>
    c.req({ method: 'PATCH', url: `/api/v2/cohorts/${id}`, json });
  const members = (c: TestClient, id: string, userUuids: unknown, remove = false) =>
    c.req({
      method: 'POST',
      url: `/api/v2/cohorts/${id}/${remove ? 'removeMembers' : 'members'}`,
      json: { userUuids },
    });

  it('creates, renames, archives and restores cohorts; names are unique in a product, case aside', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const made = await create(c, product.id, '  Class of 2027 ');
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Class of 2027', archived: false, memberCount: 0 });
    const id = made.body.uuid as string;
    const taken = await create(c, product.id, 'CLASS OF 2027');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      field: 'name',
      message: 'A cohort named "CLASS OF 2027" already exists in this QBank',
    });
    expect((await create(c, product.id, '')).body.field).toBe('name');
    expect((await create(c, product.id, 'x'.repeat(81))).body.field).toBe('name');
    // Another product may use the name.
    const other = await buildProduct(t.deps.db);
    expect((await create(await instructorOf(other.id), other.id, 'Class of 2027')).status).toBe(201);

    expect((await create(c, product.id, 'Evening group')).status).toBe(201);
    expect((await patchCohort(c, id, { name: 'evening GROUP' })).status).toBe(409);
    const renamed = await patchCohort(c, id, { name: 'Class of 2027 (A)' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Class of 2027 (A)');
    expect((await patchCohort(c, id, {})).body.field).toBe('name');

    expect((await patchCohort(c, id, { archived: true })).body.archived).toBe(true);
    expect((await cohortsOf(c, product.id)).body.map((x: { name: string }) => x.name)).toEqual([
      'Evening group',
    ]);
    expect((await cohortsOf(c, product.id, '?includeArchived=true')).body).toHaveLength(2);
    expect((await cohortsOf(c, product.id, '?includeArchived=yes')).body.field).toBe('includeArchived');
    expect((await patchCohort(c, id, { archived: false })).body.archived).toBe(false);

    const log = await t.deps.db.execute(sql`
      SELECT action, details->>'name' AS name FROM audit_log WHERE product_id = ${product.id} ORDER BY id`);
    expect(rowsOf(log)).toEqual([
      { action: 'cohort.create', name: 'Class of 2027' },
      { action: 'cohort.create', name: 'Evening group' },
      { action: 'cohort.rename', name: 'Class of 2027 (A)' },
      { action: 'cohort.archive', name: 'Class of 2027 (A)' },
      { action: 'cohort.restore', name: 'Class of 2027 (A)' },
    ]);
    // The log is append-only, whoever asks.
    await expect(
      t.deps.db.execute(sql`UPDATE audit_log SET action = 'x' WHERE product_id = ${product.id}`),
    ).rejects.toThrow();
    await expect(
      t.deps.db.execute(sql`DELETE FROM audit_log WHERE product_id = ${product.id}`),
    ).rejects.toThrow();
  });

  it('makes one cohort of 20 creates of one name at once', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(c, product.id, i % 2 ? 'Night' : 'NIGHT')),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await cohortsOf(c, product.id)).body).toHaveLength(1);
  });

  it("adds the product's students, refuses anyone else changing nothing, and filters the list by cohort", async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const ana = await student(product.id, { firstName: 'Ana', lastName: 'A' });
    const ben = await student(product.id, { firstName: 'Ben', lastName: 'B' });
    const gone = await student(product.id, { firstName: 'Gil', lastName: 'G', active: false });
    const writer = await signedIn(t, { product: product.id, roles: { questionWriter: true } });
    const elsewhere = await student((await buildProduct(t.deps.db)).id);
    const id = (await create(c, product.id, 'Group 1')).body.uuid as string;

    for (const [who, i] of [
      [writer.user.id, 1],
      [elsewhere.id, 1],
      [randomUUID(), 1],
    ] as const) {
      const res = await members(c, id, [ana.id, who]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        field: `userUuids.${i}`,
        message: 'This user is not a student of this QBank',
      });
    }
    expect((await members(c, id, [])).body.field).toBe('userUuids');
    expect((await members(c, id, ['nope'])).status).toBe(400);
    expect((await cohortsOf(c, product.id)).body[0].memberCount).toBe(0);

    const added = await members(c, id, [ana.id, gone.id, ana.id]);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ changed: 2, cohort: { memberCount: 2 } });
    expect((await members(c, id, [ana.id, ben.id])).body.changed).toBe(1);

    const listed = rosterPage.parse((await students(c, product.id, `cohortUuid=${id}&status=ALL`)).body);
    expect(listed.content.map((s) => s.firstName)).toEqual(['Ana', 'Ben', 'Gil']);
    expect(listed.content[0]!.cohorts).toEqual([{ uuid: id, name: 'Group 1' }]);
    expect((await students(c, product.id, `cohortUuid=${randomUUID()}`)).body.field).toBe('cohortUuid');

    const removed = await members(c, id, [ben.id, ben.id], true);
    expect(removed.body).toMatchObject({ changed: 1, cohort: { memberCount: 2 } });
    expect((await members(c, id, [ben.id], true)).body.changed).toBe(0);

    // An archived cohort keeps its members, drops out of the students' rows and takes no changes.
    expect((await patchCohort(c, id, { archived: true })).status).toBe(200);
    const archived = await members(c, id, [ben.id]);
    expect(archived.status).toBe(409);
    expect(archived.body.message).toBe('This cohort is archived: restore it to change its members');
    const ana2 = rosterPage.parse((await students(c, product.id, 'search=ana')).body).content[0]!;
    expect(ana2.cohorts).toEqual([]);

    const log = await t.deps.db.execute(sql`
      SELECT action, jsonb_array_length(details->'userIds') AS n FROM audit_log
      WHERE product_id = ${product.id} AND action LIKE 'cohort.members.%' ORDER BY id`);
    expect(rowsOf(log)).toEqual([
      { action: 'cohort.members.add', n: 2 },
      { action: 'cohort.members.add', n: 1 },
      { action: 'cohort.members.remove', n: 1 },
    ]);
  });

  it('lets only instructors and admins of the product manage cohorts; to others a cohort does not exist', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const id = (await create(c, product.id, 'Group')).body.uuid as string;
    const learner = await signedIn(t, { product: product.id });
    expect((await create(learner, product.id, 'Mine')).status).toBe(403);
    expect((await cohortsOf(learner, product.id)).status).toBe(403);
    const stranger = await instructorOf((await buildProduct(t.deps.db)).id);
    expect((await patchCohort(stranger, id, { name: 'Taken over' })).status).toBe(404);
    expect((await members(stranger, id, [stranger.user.id])).status).toBe(404);
    expect((await patchCohort(c, randomUUID(), { name: 'X' })).status).toBe(404);
    const admin = await signedIn(t, { product: product.id, roles: { admin: true } });
    expect((await patchCohort(admin, id, { name: 'Renamed by the admin' })).status).toBe(200);
  });
});

describe('suspending, removing and restoring students', () => {
  const access = (c: TestClient, productId: string, action: unknown, userUuids: unknown) =>
    c.req({
      method: 'POST',
      url: `/api/v2/products/${productId}/students/access`,
      json: { action, userUuids },
    });
  const HELD = 'Your access to this QBank has been suspended by its instructors';

  /** A learner signed in, with a running timed test of the bank. */
  async function learnerWithTest(bank: Bank) {
    const user = await student(bank.product.id, { firstName: 'Sam', lastName: 'Held' });
    const learner = t.client();
    expect((await learner.login(user.email, user.password)).status).toBe(200);
    const created = await learner.req({
      method: 'POST',
      url: '/api/v2/tests',
      json: {
        uuid: randomUUID(),
        productUuid: bank.product.id,
        mode: 'TIMED',
        pools: ['ALL'],
        subcategoryUuids: bank.subcategoryIds,
        numQuestions: 2,
      },
    });
    expect(created.status, created.text).toBe(201);
    return { user, learner, testId: created.body.uuid as string };
  }

  it('ends access at once, pauses the running test, keeps the history, and restores it', async () => {
    const bank: Bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 3 });
    const c = await instructorOf(bank.product.id);
    const { user, learner, testId } = await learnerWithTest(bank);
    const run = await learner.req({ url: `/api/v2/tests/${testId}/questions` });
    expect(run.status).toBe(200);
    const q = run.body.questions[0] as { uuid: string; answerChoices: Array<{ uuid: string }> };
    const learnersCount = async () =>
      rowsOf(
        await t.deps.db.execute(sql`SELECT learners_count AS n FROM products WHERE id = ${bank.product.id}`),
      )[0]!.n;

    const res = await access(c, bank.product.id, 'SUSPEND', [user.id]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ changed: 1 });
    // Again: nothing changes.
    expect((await access(c, bank.product.id, 'SUSPEND', [user.id])).body).toEqual({ changed: 0 });
    expect(await learnersCount()).toBe(0);

    // The test is paused and stays the learner's; nothing of the product is open to them.
    const [row] = rowsOf(await t.deps.db.execute(sql`SELECT status FROM tests WHERE id = ${testId}`));
    expect(row!.status).toBe('PAUSED');
    const answer = await learner.req({
      method: 'PATCH',
      url: `/api/v2/tests/${testId}/questions/${q.uuid}/answer`,
      json: { choice: q.answerChoices[0]!.uuid },
    });
    expect(answer.status).toBe(409);
    for (const [method, url] of [
      ['GET', `/api/v2/tests/${testId}/questions`],
      ['PATCH', `/api/v2/tests/${testId}/start`],
    ] as const) {
      const r = await learner.req({ method, url, ...(method === 'PATCH' ? { json: {} } : {}) });
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body.message).toBe(HELD);
    }
    const again = await learner.req({
      method: 'POST',
      url: '/api/v2/tests',
      json: {
        uuid: randomUUID(),
        productUuid: bank.product.id,
        mode: 'TUTOR',
        pools: ['ALL'],
        subcategoryUuids: bank.subcategoryIds,
        numQuestions: 1,
      },
    });
    expect(again.status).toBe(403);
    const me = await learner.req({ url: '/api/v2/users/me' });
    expect(me.body.subscriptions).toEqual([]);

    // Listed as suspended, not among those with access.
    const listed = rosterPage.parse((await students(c, bank.product.id, 'status=SUSPENDED')).body);
    expect(listed.content.map((s) => [s.userUuid, s.access, s.active])).toEqual([
      [user.id, 'SUSPENDED', false],
    ]);
    expect(rosterPage.parse((await students(c, bank.product.id)).body).totalElements).toBe(0);
    expect(rosterPage.parse((await students(c, bank.product.id, 'status=ALL')).body).totalElements).toBe(1);

    // Restored: the learner resumes where they were.
    expect((await access(c, bank.product.id, 'RESTORE', [user.id])).body).toEqual({ changed: 1 });
    const resumed = await learner.req({ method: 'PATCH', url: `/api/v2/tests/${testId}/start`, json: {} });
    expect(resumed.status, resumed.text).toBe(200);
    expect(await learnersCount()).toBe(1);
    const log = await t.deps.db.execute(sql`
      SELECT action, details->>'userId' AS user_id, details->>'from' AS "from", details->>'to' AS "to"
      FROM audit_log WHERE product_id = ${bank.product.id} AND action LIKE 'student.%' ORDER BY id`);
    expect(rowsOf(log)).toEqual([
      { action: 'student.suspend', user_id: user.id, from: 'NONE', to: 'SUSPENDED' },
      { action: 'student.restore', user_id: user.id, from: 'SUSPENDED', to: 'NONE' },
    ]);
  });

  it('takes the removed out of the list, and neither joining nor paying again lifts the hold', async () => {
    const product = await buildProduct(t.deps.db);
    const free = await buildPlan(t.deps.db, product.id, { priceCents: 0, frequencyType: 'INDEFINITE' });
    const paid = await buildPlan(t.deps.db, product.id);
    const c = await instructorOf(product.id);
    const user = await student(product.id, { type: 'BASIC', active: false });
    const learner = t.client();
    expect((await learner.login(user.email, user.password)).status).toBe(200);
    expect((await access(c, product.id, 'REMOVE', [user.id])).body).toEqual({ changed: 1 });
    expect(rosterPage.parse((await students(c, product.id, 'status=ALL')).body).totalElements).toBe(0);
    const removed = rosterPage.parse((await students(c, product.id, 'status=REMOVED')).body);
    expect(removed.content.map((s) => s.access)).toEqual(['REMOVED']);
    // The student's own page still answers (an instructor follows a link to them).
    expect(
      (await c.req({ url: `/api/v2/products/${product.id}/students/${user.id}` })).body.student.access,
    ).toBe('REMOVED');

    const join = await learner.req({
      method: 'POST',
      url: `/api/v2/users/${user.id}/subscriptions`,
      json: { productUuid: product.id, billingPlanUuid: free.id },
    });
    expect(join.status).toBe(403);
    expect(join.body).toMatchObject({ message: HELD, field: 'billingPlanUuid' });
    const buy = await learner.req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: paid.stripePriceId },
    });
    expect(buy.status).toBe(403);
    expect(buy.body.message).toBe(HELD);
    const [sub] = rowsOf(
      await t.deps.db.execute(
        sql`SELECT active, access_hold FROM subscriptions WHERE user_id = ${user.id} AND product_id = ${product.id}`,
      ),
    );
    expect(sub).toEqual({ active: false, access_hold: 'REMOVED' });
  });

  it('names only students, never staff or the caller, and refuses bad input changing nothing', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const kept = await student(product.id);
    // Staff who are students too: their access goes with their roles, not through here.
    const writer = await signedIn(t, { product: product.id, roles: { questionWriter: true, student: true } });
    const cases: Array<[unknown, unknown, number, string]> = [
      ['SUSPEND', [kept.id, randomUUID()], 400, 'userUuids.1'],
      ['SUSPEND', [kept.id, writer.user.id], 400, 'userUuids.1'],
      ['REMOVE', [c.user.id], 400, 'userUuids.0'],
      ['BAN', [kept.id], 400, 'action'],
      ['SUSPEND', [], 400, 'userUuids'],
      ['SUSPEND', ['nope'], 400, 'userUuids.0'],
    ];
    for (const [action, ids, status, field] of cases) {
      const res = await access(c, product.id, action, ids);
      expect(res.status, `${action} ${JSON.stringify(ids)}`).toBe(status);
      expect(res.body.field).toBe(field);
    }
    const learner = await signedIn(t, { product: product.id });
    expect((await access(learner, product.id, 'SUSPEND', [kept.id])).status).toBe(403);
    expect((await access(writer, product.id, 'SUSPEND', [kept.id])).status).toBe(403);
    expect((await access(t.client(), product.id, 'SUSPEND', [kept.id])).status).toBe(401);
    const page = rosterPage.parse((await students(c, product.id, 'status=ALL')).body);
    expect(page.content.map((s) => s.access)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);
    const log = await t.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE product_id = ${product.id} AND action LIKE 'student.%'`,
    );
    expect(rowsOf(log)[0]).toEqual({ n: 0 });
  });

  it('holds each student once when 20 suspensions of the same students arrive at once', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await student(product.id)).id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        access(c, product.id, 'SUSPEND', i % 2 ? ids : [...ids].reverse()),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.reduce((n, a) => n + (a.body.changed as number), 0)).toBe(5);
    const log = await t.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE product_id = ${product.id} AND action = 'student.suspend'`,
    );
    expect(rowsOf(log)[0]).toEqual({ n: 5 });
  });
});
