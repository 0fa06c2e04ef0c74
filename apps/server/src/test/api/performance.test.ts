import { randomUUID } from 'node:crypto';
import { performanceReport } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import { buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { buildProduct, buildSubscription, buildUser, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

// Performance tracking (docs/performance.md): the figures of a small class made by taking tests as students do,
// the cohort filter, the at-risk thresholds at their edges, who may read it, and bad input naming its field.

const clock = testClock(new Date('2026-10-01T12:00:00Z'));
const t = appForFile(() =>
  createTestApp({ clock, ...(process.env.TEST_LOG ? { logger: true, env: { LOG_LEVEL: 'error' } } : {}) }),
);

type Bank = Awaited<ReturnType<typeof buildBank>>;

const report = (c: TestClient, productId: string, query = '') =>
  c.req({ url: `/api/v2/products/${productId}/performance${query ? `?${query}` : ''}` });

const instructorOf = (productId: string) =>
  signedIn(t, { product: productId, subscription: { type: 'PRIVILEGED', student: false, instructor: true } });

/** A PREMIUM student of the product (active unless told), signed in. */
async function student(productId: string, firstName: string, lastName: string, active = true) {
  const user = await buildUser(t.deps.db, { firstName, lastName });
  await buildSubscription(t.deps.db, user.id, productId, { student: true, type: 'PREMIUM', active });
  const c = t.client();
  expect((await c.login(user.email, user.password)).status).toBe(200);
  return Object.assign(c, { user });
}

/**
 * A tutor test of `n` questions from the subcategories, taken and ended at `at`: the first `right` answered
 * right, the others wrong.
 */
async function takeTest(
  learner: TestClient,
  bank: Bank,
  subcategoryUuids: string[],
  n: number,
  right: number,
  at: string,
  pools: string[] = ['ALL'],
) {
  clock.set(new Date(at));
  const created = await learner.req({
    method: 'POST',
    url: '/api/v2/tests',
    json: {
      uuid: randomUUID(),
      productUuid: bank.product.id,
      mode: 'TUTOR',
      pools,
      subcategoryUuids,
      numQuestions: n,
    },
  });
  expect(created.status, created.text).toBe(201);
  const testId = created.body.uuid as string;
  const run = await learner.req({ url: `/api/v2/tests/${testId}/questions` });
  const qs = run.body.questions as Array<{ uuid: string; answerChoices: Array<{ uuid: string }> }>;
  expect(qs).toHaveLength(n);
  const correctOf = new Map(bank.questions.map((q) => [q.id, q.correct]));
  for (const [i, q] of qs.entries()) {
    const key = correctOf.get(q.uuid)!;
    const choice = i < right ? key : q.answerChoices.find((a) => a.uuid !== key)!.uuid;
    const res = await learner.req({
      method: 'PATCH',
      url: `/api/v2/tests/${testId}/questions/${q.uuid}/answer`,
      json: { choice },
    });
    expect(res.status, res.text).toBe(200);
  }
  const ended = await learner.req({ method: 'PATCH', url: `/api/v2/tests/${testId}/finalize`, json: {} });
  expect(ended.status, ended.text).toBe(200);
}

/**
 * The class: Subject 1 (subcategories 1 and 2) and Subject 2 (3 and 4), six questions in each subcategory.
 * Ana Alpha and Ben Beta are in cohort A; Cal Gamma in none; Dee Delta never did anything; Eve Epsilon's access
 * ended (not counted).
 *   - Ana, 15 Sep 12:00: Subject 1, 12 questions, 8 right; Subject 2, 8 questions, 2 right (20 answers, 50 %).
 *   - Ben, 30 Sep 10:00: Subject 1, 12 questions, 9 right; Subject 2, 8 questions, none right (20, 45 %).
 *   - Cal, 29 Sep 10:00: Subject 2, 4 questions, none right.
 * "Now" is Thursday 1 Oct 12:00: Ana was last active 16 days ago.
 */
async function buildClass() {
  const bank = await buildBank(t.deps.db, { subcategories: 4, perSubcategory: 6 });
  const [s1, s2] = [bank.subcategoryIds.slice(0, 2), bank.subcategoryIds.slice(2, 4)];
  const instructor = await instructorOf(bank.product.id);
  const ana = await student(bank.product.id, 'Ana', 'Alpha');
  const ben = await student(bank.product.id, 'Ben', 'Beta');
  const cal = await student(bank.product.id, 'Cal', 'Gamma');
  const dee = await student(bank.product.id, 'Dee', 'Delta');
  const eve = await student(bank.product.id, 'Eve', 'Epsilon');
  await takeTest(ana, bank, s1, 12, 8, '2026-09-15T12:00:00Z');
  await takeTest(ana, bank, s2, 8, 2, '2026-09-15T12:00:00Z');
  await takeTest(ben, bank, s1, 12, 9, '2026-09-30T10:00:00Z');
  await takeTest(ben, bank, s2, 8, 0, '2026-09-30T10:00:00Z');
  await takeTest(cal, bank, s2, 4, 0, '2026-09-29T10:00:00Z');
  await takeTest(eve, bank, s2, 4, 4, '2026-09-29T10:00:00Z');
  // Eve's subscription ends: she leaves every figure.
  await t.deps.db.execute(sql`UPDATE subscriptions SET active = false WHERE user_id = ${eve.user.id}`);
  clock.set(new Date('2026-10-01T12:00:00Z'));
  const created = await instructor.req({
    method: 'POST',
    url: `/api/v2/products/${bank.product.id}/cohorts`,
    json: { name: 'Cohort A' },
  });
  expect(created.status, created.text).toBe(201);
  const cohortId = created.body.uuid as string;
  const added = await instructor.req({
    method: 'POST',
    url: `/api/v2/cohorts/${cohortId}/members`,
    json: { userUuids: [ana.user.id, ben.user.id] },
  });
  expect(added.status, added.text).toBe(200);
  return { bank, instructor, ana, ben, cal, dee, cohortId };
}

describe('the figures', () => {
  it('charts the weeks, ranks the subjects, finds who is at risk and maps subjects × students', async () => {
    const { bank, instructor, ana, ben, cal, dee, cohortId } = await buildClass();
    const res = await report(instructor, bank.product.id);
    expect(res.status, res.text).toBe(200);
    const r = performanceReport.parse(res.body);
    expect(r.cohortUuid).toBeNull();
    expect(r.students).toBe(4);
    expect(r.inactiveDays).toBe(14);
    expect(r.belowPercent).toBe(50);

    // Twelve weeks up to this one (Monday 28 Sep), oldest first.
    expect(r.progress).toHaveLength(12);
    expect(r.progress[0]!.weekStart).toBe('2026-07-13');
    expect(r.progress.at(-1)!.weekStart).toBe('2026-09-28');
    const week = (w: string) => r.progress.find((p) => p.weekStart === w)!;
    expect(week('2026-09-14')).toEqual({
      weekStart: '2026-09-14',
      answered: 20,
      correct: 10,
      percentCorrect: 50,
      activeStudents: 1,
      questionsUsed: 20,
    });
    expect(week('2026-09-21')).toEqual({
      weekStart: '2026-09-21',
      answered: 0,
      correct: 0,
      percentCorrect: null,
      activeStudents: 0,
      questionsUsed: 20,
    });
    expect(week('2026-09-28')).toEqual({
      weekStart: '2026-09-28',
      answered: 24,
      correct: 9,
      percentCorrect: 38,
      activeStudents: 2,
      questionsUsed: 44,
    });
    expect(week('2026-09-07')).toMatchObject({ answered: 0, questionsUsed: 0 });

    // Weakest first, over each student's latest answers.
    expect(r.weakestSubjects).toEqual([
      {
        uuid: bank.subjectIds[1],
        name: 'Subject 2',
        answered: 20,
        correct: 2,
        percentCorrect: 10,
        students: 3,
      },
      {
        uuid: bank.subjectIds[0],
        name: 'Subject 1',
        answered: 24,
        correct: 17,
        percentCorrect: 71,
        students: 2,
      },
    ]);

    // Never active first, then the longest inactive, then the lowest percent; Cal (4 answers) is not judged.
    expect(r.atRiskTotal).toBe(3);
    expect(r.atRisk).toEqual([
      {
        userUuid: dee.user.id,
        firstName: 'Dee',
        lastName: 'Delta',
        reasons: ['INACTIVE'],
        lastActiveAt: null,
        answered: 0,
        correct: 0,
        percentCorrect: null,
      },
      {
        userUuid: ana.user.id,
        firstName: 'Ana',
        lastName: 'Alpha',
        reasons: ['INACTIVE'],
        lastActiveAt: '2026-09-15T12:00:00.000Z',
        answered: 20,
        correct: 10,
        percentCorrect: 50,
      },
      {
        userUuid: ben.user.id,
        firstName: 'Ben',
        lastName: 'Beta',
        reasons: ['LOW_SCORE'],
        lastActiveAt: '2026-09-30T10:00:00.000Z',
        answered: 20,
        correct: 9,
        percentCorrect: 45,
      },
    ]);

    // The heat map: subjects in the tree's order, students by last name, a cell where they answered.
    expect(r.heatMap.subjects.map((s) => s.name)).toEqual(['Subject 1', 'Subject 2']);
    expect(r.heatMap).toMatchObject({ page: 0, size: 50, totalElements: 4, totalPages: 1 });
    expect(r.heatMap.students.map((s) => [s.userUuid, s.cells])).toEqual([
      [
        ana.user.id,
        [
          { answered: 12, correct: 8 },
          { answered: 8, correct: 2 },
        ],
      ],
      [
        ben.user.id,
        [
          { answered: 12, correct: 9 },
          { answered: 8, correct: 0 },
        ],
      ],
      [dee.user.id, [null, null]],
      [cal.user.id, [null, { answered: 4, correct: 0 }]],
    ]);
    const next = performanceReport.parse((await report(instructor, bank.product.id, 'page=1')).body);
    expect(next.heatMap).toMatchObject({ page: 1, students: [], totalElements: 4 });

    // One cohort: only its members count.
    const cohort = performanceReport.parse(
      (await report(instructor, bank.product.id, `cohortUuid=${cohortId}`)).body,
    );
    expect(cohort.cohortUuid).toBe(cohortId);
    expect(cohort.students).toBe(2);
    const cweek = (w: string) => cohort.progress.find((p) => p.weekStart === w)!;
    expect(cweek('2026-09-28')).toMatchObject({
      answered: 20,
      correct: 9,
      percentCorrect: 45,
      activeStudents: 1,
      questionsUsed: 40,
    });
    expect(cweek('2026-09-14')).toMatchObject({ answered: 20, questionsUsed: 20 });
    expect(cohort.weakestSubjects.map((s) => [s.name, s.answered, s.correct, s.students])).toEqual([
      ['Subject 2', 16, 2, 2],
      ['Subject 1', 24, 17, 2],
    ]);
    expect(cohort.atRisk.map((s) => s.firstName)).toEqual(['Ana', 'Ben']);
    expect(cohort.heatMap.students.map((s) => s.firstName)).toEqual(['Ana', 'Ben']);
    expect(cohort.heatMap.totalElements).toBe(2);

    // A longer window reaches further back.
    const year = performanceReport.parse((await report(instructor, bank.product.id, 'weeks=52')).body);
    expect(year.progress).toHaveLength(52);
    expect(year.progress.reduce((n, w) => n + w.answered, 0)).toBe(44);
  });

  it('puts students at risk at the thresholds, not before', async () => {
    const { bank, instructor, ana, ben } = await buildClass();
    const riskOf = async (query: string) => {
      const r = performanceReport.parse((await report(instructor, bank.product.id, query)).body);
      return new Map(r.atRisk.map((s) => [s.userUuid, s.reasons]));
    };
    // Ana: last active exactly 16 days ago, 10 of 20 right (50 %). Ben: 9 of 20 (45 %), active yesterday.
    expect((await riskOf('inactiveDays=16')).get(ana.user.id)).toEqual(['INACTIVE']);
    expect((await riskOf('inactiveDays=17')).get(ana.user.id)).toBeUndefined();
    expect((await riskOf('inactiveDays=17&belowPercent=51')).get(ana.user.id)).toEqual(['LOW_SCORE']);
    const both = await riskOf('belowPercent=51');
    expect(both.get(ana.user.id)).toEqual(['INACTIVE', 'LOW_SCORE']);
    // Both reasons come first.
    const ordered = performanceReport.parse(
      (await report(instructor, bank.product.id, 'belowPercent=51')).body,
    );
    expect(ordered.atRisk[0]!.userUuid).toBe(ana.user.id);
    expect((await riskOf('belowPercent=46')).get(ben.user.id)).toEqual(['LOW_SCORE']);
    expect((await riskOf('belowPercent=45')).get(ben.user.id)).toBeUndefined();
    // Ben was active a day and two hours ago.
    expect((await riskOf('inactiveDays=1&belowPercent=1')).get(ben.user.id)).toEqual(['INACTIVE']);
    expect((await riskOf('inactiveDays=2&belowPercent=1')).get(ben.user.id)).toBeUndefined();
  });

  it('answers an empty class with empty figures', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 1 });
    const c = await instructorOf(bank.product.id);
    const r = performanceReport.parse((await report(c, bank.product.id)).body);
    expect(r).toMatchObject({ students: 0, weakestSubjects: [], atRisk: [], atRiskTotal: 0 });
    expect(r.progress.every((w) => w.answered === 0 && w.activeStudents === 0 && w.questionsUsed === 0)).toBe(
      true,
    );
    expect(r.heatMap).toMatchObject({ students: [], totalElements: 0, totalPages: 0 });
    expect(r.heatMap.subjects).toHaveLength(1);
  });
});

describe('the read models', () => {
  it('follow answers changed on a retake, and agree with a recount of the answers', async () => {
    const { bank, instructor, ben } = await buildClass();
    // Ben takes his eight wrong Subject 2 questions again and gets them all right.
    await takeTest(ben, bank, bank.subcategoryIds.slice(2, 4), 8, 8, '2026-10-01T09:00:00Z', ['INCORRECT']);
    clock.set(new Date('2026-10-01T12:00:00Z'));
    const r = performanceReport.parse((await report(instructor, bank.product.id)).body);
    const benRow = r.heatMap.students.find((s) => s.userUuid === ben.user.id)!;
    expect(benRow.cells).toEqual([
      { answered: 12, correct: 9 },
      { answered: 8, correct: 8 },
    ]);
    // This week: Ben's and Cal's 24 answers and Ben's 8 again; no question used for the first time.
    expect(r.progress.at(-1)).toMatchObject({
      answered: 32,
      correct: 17,
      activeStudents: 2,
      questionsUsed: 44,
    });
    const recount = rowsOf(
      await t.deps.db.execute(sql`
        SELECT lq.user_id, c.subject_id, count(*)::int AS answered, (count(*) FILTER (WHERE lq.last_correct))::int AS correct
        FROM learner_questions lq JOIN question_pool p ON p.question_id = lq.question_id
        JOIN subcategories sc ON sc.id = p.subcategory_id JOIN categories c ON c.id = sc.category_id
        WHERE lq.product_id = ${bank.product.id} AND lq.last_correct IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2`),
    );
    const kept = rowsOf(
      await t.deps.db.execute(sql`
        SELECT user_id, subject_id, answered, correct FROM learner_subject_stats
        WHERE product_id = ${bank.product.id} AND answered > 0 ORDER BY 1, 2`),
    );
    expect(kept).toEqual(recount);
    const used = rowsOf(
      await t.deps.db.execute(sql`
        SELECT coalesce(sum(used), 0)::int AS n FROM learner_weeks WHERE product_id = ${bank.product.id}`),
    );
    const questions = rowsOf(
      await t.deps.db.execute(sql`
        SELECT count(*)::int AS n FROM learner_questions WHERE product_id = ${bank.product.id}`),
    );
    expect(used).toEqual(questions);
  });
});

describe('who may read it', () => {
  it('lets the product’s instructors and admins in, and refuses students and other products’ staff', async () => {
    const product = await buildProduct(t.deps.db);
    const other = await buildProduct(t.deps.db);
    for (const c of [
      await instructorOf(product.id),
      await signedIn(t, { product: product.id, roles: { admin: true } }),
      await signedIn(t, { user: { superuser: true } }),
    ])
      expect((await report(c, product.id)).status).toBe(200);
    for (const c of [
      await signedIn(t, { product: product.id }), // a student
      await signedIn(t, { product: product.id, roles: { questionWriter: true } }),
      await instructorOf(other.id),
    ]) {
      const res = await report(c, product.id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only the product's instructors and admins can see its students");
    }
    expect((await report(t.client(), product.id)).status).toBe(401);
    const superuser = await signedIn(t, { user: { superuser: true } });
    expect((await report(superuser, randomUUID())).status).toBe(404);
  });
});

describe('bad input', () => {
  it('names the field', async () => {
    const product = await buildProduct(t.deps.db);
    const other = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const theirs = await instructorOf(other.id);
    const elsewhere = await theirs.req({
      method: 'POST',
      url: `/api/v2/products/${other.id}/cohorts`,
      json: { name: 'Theirs' },
    });
    expect(elsewhere.status).toBe(201);
    const cases: Array<[string, string, string?]> = [
      ['cohortUuid=nope', 'cohortUuid', 'cohortUuid must be a UUID'],
      [`cohortUuid=${randomUUID()}`, 'cohortUuid', 'No such cohort in this QBank'],
      [`cohortUuid=${elsewhere.body.uuid}`, 'cohortUuid', 'No such cohort in this QBank'],
      ['inactiveDays=0', 'inactiveDays'],
      ['inactiveDays=abc', 'inactiveDays'],
      ['belowPercent=101', 'belowPercent'],
      ['weeks=0', 'weeks'],
      ['weeks=53', 'weeks'],
      ['page=-1', 'page'],
    ];
    for (const [query, field, message] of cases) {
      const res = await report(c, product.id, query);
      expect(res.status, query).toBe(400);
      expect(res.body.field, query).toBe(field);
      if (message) expect(res.body.message, query).toBe(message);
    }
    expect((await c.req({ url: '/api/v2/products/nope/performance' })).body.field).toBe('id');
  });
});
