import { randomUUID } from 'node:crypto';
import {
  ANSWERS_AFTER_CLOSE_MESSAGE,
  ANSWERS_NEVER_MESSAGE,
  assignment,
  assignmentResults,
  myAssignmentList,
  START_TEST_FAILED,
  TEST_ENDED_MESSAGE,
} from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import { finalizeExpiredTests } from '../../modules/exams/expiry';
import { type BankQuestion, buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { buildSubscription, buildUser, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

// Assignments (docs/assignments.md): who may assign, what an assignment may say, the student's side (when they
// may start, attempts, the one open test, the close, late starts, answers held back), the pinned version, the
// results and their export, and what 20 starts at once do.

const START = new Date('2026-10-01T12:00:00Z');
const clock = testClock(START);
const t = appForFile(() => createTestApp({ clock }));
beforeEach(() => clock.set(START));
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(START.getTime() + hours * HOUR).toISOString();

type Bank = Awaited<ReturnType<typeof buildBank>>;

const instructorOf = (productId: string) =>
  signedIn(t, { product: productId, subscription: { type: 'PRIVILEGED', student: false, instructor: true } });
const studentOf = (productId: string, user?: { firstName?: string; lastName?: string }) =>
  signedIn(t, { product: productId, roles: { type: 'PREMIUM' }, user });

async function templateOf(c: TestClient, bank: Bank, over: Record<string, unknown> = {}) {
  const res = await c.req({
    method: 'POST',
    url: `/api/v2/products/${bank.product.id}/testTemplates`,
    json: {
      name: 'Week 1 quiz',
      selection: { kind: 'QUESTIONS', questionUuids: bank.questions.slice(0, 4).map((q) => q.id) },
      order: 'AS_LISTED',
      mode: 'TIMED',
      timeLimitMinutes: 30,
      passingScore: 50,
      ...over,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.uuid as string;
}

async function cohortOf(c: TestClient, productId: string, name: string, members: string[]) {
  const made = await c.req({ method: 'POST', url: `/api/v2/products/${productId}/cohorts`, json: { name } });
  expect(made.status, made.text).toBe(201);
  if (members.length) {
    const add = await c.req({
      method: 'POST',
      url: `/api/v2/cohorts/${made.body.uuid}/members`,
      json: { userUuids: members },
    });
    expect(add.status, add.text).toBe(200);
  }
  return made.body.uuid as string;
}

const settings = (over: Record<string, unknown> = {}) => ({
  opensAt: at(1),
  closesAt: at(48),
  attemptsAllowed: 1,
  answersShown: 'AFTER_SUBMIT',
  latePolicy: 'NONE',
  ...over,
});

const assign = (c: TestClient, productId: string, json: Record<string, unknown>) =>
  c.req({ method: 'POST', url: `/api/v2/products/${productId}/assignments`, json });
async function mine(c: TestClient, productId: string) {
  const res = await c.req({ url: `/api/v2/products/${productId}/myAssignments` });
  expect(res.status, res.text).toBe(200);
  return myAssignmentList.parse(res.body).content;
}
const startAttempt = (c: TestClient, id: string, uuid = randomUUID()) =>
  c.req({ method: 'POST', url: `/api/v2/assignments/${id}/attempts`, json: { uuid } });
const answer = (c: TestClient, testId: string, qid: string, choice: string) =>
  c.req({ method: 'PATCH', url: `/api/v2/tests/${testId}/questions/${qid}/answer`, json: { choice } });
const finalize = (c: TestClient, testId: string) =>
  c.req({ method: 'PATCH', url: `/api/v2/tests/${testId}/finalize`, json: {} });
const questionsOf = async (c: TestClient, testId: string) =>
  ((await c.req({ url: `/api/v2/tests/${testId}/questions` })).body.questions as Array<{ uuid: string }>).map(
    (q) => q.uuid,
  );
const count = async (table: string, where: string, id: string) =>
  rowsOf(
    await t.deps.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where} = '${id}'`)),
  )[0]!.n as number;

/** Takes an attempt: answers each question right when `right(i)` says so, else with its second choice. */
async function take(c: TestClient, bank: Bank, assignmentId: string, right: (i: number) => boolean | null) {
  const started = await startAttempt(c, assignmentId);
  expect(started.status, started.text).toBe(201);
  const id = started.body.uuid as string;
  const ids = await questionsOf(c, id);
  for (const [i, qid] of ids.entries()) {
    const q = bank.questions.find((b) => b.id === qid) as BankQuestion;
    const r = right(i);
    if (r === null) continue;
    const res = await answer(c, id, qid, r ? q.correct : q.choices[1]!);
    expect(res.status, res.text).toBe(200);
  }
  expect((await finalize(c, id)).status).toBe(200);
  clock.advance(60_000);
  return id;
}

describe('making an assignment', () => {
  it('pins the template version, names its targets and counts who it reaches', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const c = await instructorOf(bank.product.id);
    const [a, b, solo] = [
      await studentOf(bank.product.id),
      await studentOf(bank.product.id),
      await studentOf(bank.product.id),
    ];
    const cohort = await cohortOf(c, bank.product.id, 'Morning group', [a.user.id, b.user.id]);
    const tpl = await templateOf(c, bank);
    const made = await assign(c, bank.product.id, {
      templateUuid: tpl,
      ...settings(),
      cohortUuids: [cohort],
      studentUuids: [solo.user.id, a.user.id],
    });
    expect(made.status, made.text).toBe(201);
    const as = assignment.parse(made.body);
    expect(as).toMatchObject({
      name: 'Week 1 quiz',
      templateVersion: 1,
      questionCount: 4,
      state: 'SCHEDULED',
      assigned: 3,
      completed: 0,
      cohorts: [{ uuid: cohort, name: 'Morning group' }],
    });
    expect(as.students.map((s) => s.uuid).sort()).toEqual([solo.user.id, a.user.id].sort());

    const list = await c.req({ url: `/api/v2/products/${bank.product.id}/assignments` });
    expect(list.body.content.map((x: { uuid: string }) => x.uuid)).toEqual([as.uuid]);
    const audit = rowsOf(
      await t.deps.db.execute(
        sql`SELECT action FROM audit_log WHERE product_id = ${bank.product.id} AND action LIKE 'assignment.%'`,
      ),
    );
    expect(audit).toEqual([{ action: 'assignment.create' }]);
  });

  it('names the field of every bad input and writes nothing', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const other = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 1 });
    const c = await instructorOf(bank.product.id);
    const s = await studentOf(bank.product.id);
    const outsider = await buildUser(t.deps.db);
    const tpl = await templateOf(c, bank);
    const tutor = await templateOf(c, bank, { name: 'Tutor', mode: 'TUTOR', timeLimitMinutes: null });
    const foreignCohort = await cohortOf(
      await instructorOf(other.product.id),
      other.product.id,
      'Theirs',
      [],
    );
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ templateUuid: tpl, ...settings({ closesAt: at(0) }), studentUuids: [s.user.id] }, 'closesAt'],
      [{ templateUuid: tpl, ...settings({ opensAt: 'tomorrow' }), studentUuids: [s.user.id] }, 'opensAt'],
      [{ templateUuid: tpl, ...settings() }, 'cohortUuids'],
      [
        { templateUuid: tpl, ...settings({ latePolicy: 'ACCEPT_LATE' }), studentUuids: [s.user.id] },
        'lateUntil',
      ],
      [
        {
          templateUuid: tpl,
          ...settings({ latePolicy: 'ACCEPT_LATE', lateUntil: at(2) }),
          studentUuids: [s.user.id],
        },
        'lateUntil',
      ],
      [
        { templateUuid: tpl, ...settings({ attemptsAllowed: 0 }), studentUuids: [s.user.id] },
        'attemptsAllowed',
      ],
      [
        { templateUuid: tpl, ...settings({ answersShown: 'SOMETIMES' }), studentUuids: [s.user.id] },
        'answersShown',
      ],
      [
        { templateUuid: tutor, ...settings({ answersShown: 'NEVER' }), studentUuids: [s.user.id] },
        'answersShown',
      ],
      [{ templateUuid: tpl, ...settings(), cohortUuids: [foreignCohort] }, 'cohortUuids.0'],
      [{ templateUuid: tpl, ...settings(), studentUuids: [s.user.id, outsider.id] }, 'studentUuids.1'],
      [{ templateUuid: randomUUID(), ...settings(), studentUuids: [s.user.id] }, 'templateUuid'],
      [{ uuid: 'assignment-1', templateUuid: tpl, ...settings(), studentUuids: [s.user.id] }, 'uuid'],
    ];
    for (const [json, field] of cases) {
      const res = await assign(c, bank.product.id, json);
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(res.body.field, res.text).toBe(field);
    }
    expect(await count('assignments', 'product_id', bank.product.id)).toBe(0);
  });

  it('20 creates with one uuid at once make one assignment; a retry answers it', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const c = await instructorOf(bank.product.id);
    const s = await studentOf(bank.product.id);
    const tpl = await templateOf(c, bank);
    const uuid = randomUUID();
    const json = { uuid, templateUuid: tpl, ...settings(), studentUuids: [s.user.id] };
    const all = await Promise.all(Array.from({ length: 20 }, () => assign(c, bank.product.id, json)));
    for (const res of all) {
      expect(res.status, res.text).toBe(201);
      expect(assignment.parse(res.body).uuid).toBe(uuid);
    }
    expect(await count('assignments', 'product_id', bank.product.id)).toBe(1);
    expect(await count('assignment_students', 'assignment_id', uuid)).toBe(1);
    const audited = rowsOf(
      await t.deps.db.execute(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'assignment.create' AND product_id = ${bank.product.id}`,
      ),
    )[0]!.n;
    expect(audited).toBe(1);
    // Later, the same again (a retry after a lost answer): the same assignment, nothing more.
    const retry = await assign(c, bank.product.id, json);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body).toEqual(all[0]!.body);
    expect(await count('assignments', 'product_id', bank.product.id)).toBe(1);
    // Without a uuid, each create is a new assignment.
    const json2 = { templateUuid: tpl, ...settings(), studentUuids: [s.user.id] };
    expect((await assign(c, bank.product.id, json2)).status).toBe(201);
    expect((await assign(c, bank.product.id, json2)).status).toBe(201);
    expect(await count('assignments', 'product_id', bank.product.id)).toBe(3);
    // The uuid of another QBank's assignment is not this one's to answer.
    const other = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    const o = await instructorOf(other.product.id);
    const os = await studentOf(other.product.id);
    const otherTpl = await templateOf(o, other);
    const taken = await assign(o, other.product.id, {
      uuid,
      templateUuid: otherTpl,
      ...settings(),
      studentUuids: [os.user.id],
    });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.body.field).toBe('uuid');
    expect(await count('assignments', 'product_id', other.product.id)).toBe(0);
  });

  it('is for the product’s instructors and admins only', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    const c = await instructorOf(bank.product.id);
    const s = await studentOf(bank.product.id);
    const tpl = await templateOf(c, bank);
    const made = await assign(c, bank.product.id, {
      templateUuid: tpl,
      ...settings(),
      studentUuids: [s.user.id],
    });
    const id = made.body.uuid as string;
    const other = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 1 });
    const stranger = await instructorOf(other.product.id);
    expect(
      (await assign(s, bank.product.id, { templateUuid: tpl, ...settings(), studentUuids: [s.user.id] }))
        .status,
    ).toBe(403);
    expect((await s.req({ url: `/api/v2/assignments/${id}/results` })).status).toBe(404);
    expect((await stranger.req({ url: `/api/v2/assignments/${id}` })).status).toBe(404);
    expect((await stranger.req({ url: `/api/v2/assignments/${id}/results/export?format=csv` })).status).toBe(
      404,
    );
    const admin = await signedIn(t, { product: bank.product.id, roles: { admin: true } });
    expect((await admin.req({ url: `/api/v2/assignments/${id}/results` })).status).toBe(200);
  });
});

describe('taking an assignment', () => {
  it('opens, counts attempts, keeps the assigned version and refuses what is not allowed', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const c = await instructorOf(bank.product.id);
    const s = await studentOf(bank.product.id);
    const bystander = await studentOf(bank.product.id);
    const tpl = await templateOf(c, bank);
    const made = await assign(c, bank.product.id, {
      templateUuid: tpl,
      ...settings({ attemptsAllowed: 2 }),
      studentUuids: [s.user.id],
    });
    const id = made.body.uuid as string;

    // Not open yet.
    expect(await mine(s, bank.product.id)).toMatchObject([{ uuid: id, state: 'SCHEDULED', canStart: false }]);
    const early = await startAttempt(s, id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This assignment opens on 2026-10-01 13:00 UTC');
    // Not theirs.
    expect(await mine(bystander, bank.product.id)).toEqual([]);
    clock.set(new Date(at(2)));
    expect((await startAttempt(bystander, id)).status).toBe(404);

    // The template changes after it was assigned: attempts keep version 1's questions.
    const put = await c.req({
      method: 'PUT',
      url: `/api/v2/testTemplates/${tpl}`,
      json: {
        name: 'Week 1 quiz (new)',
        selection: { kind: 'QUESTIONS', questionUuids: bank.questions.slice(4, 6).map((q) => q.id) },
        order: 'AS_LISTED',
        mode: 'TIMED',
        timeLimitMinutes: 30,
        passingScore: 50,
        baseVersion: 1,
      },
    });
    expect(put.status, put.text).toBe(200);

    const uuid = randomUUID();
    const first = await startAttempt(s, id, uuid);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toEqual({ uuid, numQuestions: 4 });
    // A retry answers the same test.
    expect((await startAttempt(s, id, uuid)).body).toEqual({ uuid, numQuestions: 4 });
    expect(await questionsOf(s, uuid)).toEqual(bank.questions.slice(0, 4).map((q) => q.id));
    // One open test: a second attempt while the first runs is refused, as any second test.
    const second = await startAttempt(s, id);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(START_TEST_FAILED);
    expect(await mine(s, bank.product.id)).toMatchObject([
      { state: 'OPEN', attemptsUsed: 1, openTestUuid: uuid, canStart: false },
    ]);
    expect((await finalize(s, uuid)).status).toBe(200);
    clock.advance(1000);
    expect((await startAttempt(s, id)).status).toBe(201);
    const list = (await s.req({ url: `/api/v2/tests?productUuid=${bank.product.id}` })).body.content;
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Week 1 quiz (attempt 2)', 'Week 1 quiz']);
    const tests = rowsOf(
      await t.deps.db.execute(
        sql`SELECT id FROM tests WHERE assignment_id = ${id} AND status <> 'COMPLETED'`,
      ),
    );
    expect((await finalize(s, tests[0]!.id as string)).status).toBe(200);
    const third = await startAttempt(s, id);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('You have used all 2 attempts at this assignment');
  });

  it('rules drawn per student draw at each attempt; drawn once, everyone gets the same questions', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 5 });
    const c = await instructorOf(bank.product.id);
    const students = await Promise.all(Array.from({ length: 6 }, () => studentOf(bank.product.id)));
    const rules = [
      { nodeType: 'SUBCATEGORY', nodeUuid: bank.subcategoryIds[0], count: 3 },
      { nodeType: 'SUBCATEGORY', nodeUuid: bank.subcategoryIds[1], count: 2 },
    ];
    const inFirst = new Set(bank.questions.slice(0, 5).map((q) => q.id));
    const drawnBy = async (draw: 'ONCE' | 'PER_STUDENT') => {
      const tpl = await templateOf(c, bank, {
        name: `Drawn ${draw}`,
        selection: { kind: 'RULES', draw, rules },
      });
      clock.set(START);
      const made = await assign(c, bank.product.id, {
        templateUuid: tpl,
        ...settings(),
        studentUuids: students.map((x) => x.user.id),
      });
      expect(made.status, made.text).toBe(201);
      clock.set(new Date(at(2)));
      const sets: string[] = [];
      for (const x of students) {
        const started = await startAttempt(x, made.body.uuid);
        expect(started.status, started.text).toBe(201);
        const ids = await questionsOf(x, started.body.uuid);
        // Each draw keeps the rules: 3 of the first subcategory, 2 of the second, no question twice.
        expect(ids).toHaveLength(5);
        expect(new Set(ids).size).toBe(5);
        expect(ids.filter((id) => inFirst.has(id))).toHaveLength(3);
        sets.push([...ids].sort().join());
        expect((await finalize(x, started.body.uuid)).status).toBe(200);
      }
      return new Set(sets).size;
    };
    expect(await drawnBy('ONCE')).toBe(1);
    // Six students drawing 3 of 5 and 2 of 5 (100 ways) all alike: about one chance in 10^10.
    expect(await drawnBy('PER_STUDENT')).toBeGreaterThan(1);
  });

  it('20 starts at once make one attempt', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const c = await instructorOf(bank.product.id);
    const s = await studentOf(bank.product.id);
    const tpl = await templateOf(c, bank);
    const made = await assign(c, bank.product.id, {
      templateUuid: tpl,
      ...settings({ opensAt: at(-1), attemptsAllowed: 3 }),
      studentUuids: [s.user.id],
    });
    const id = made.body.uuid as string;
    const results = await Promise.all(Array.from({ length: 20 }, () => startAttempt(s, id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await count('tests', 'assignment_id', id)).toBe(1);
  });

  it('ends a running attempt at the close; late starts run to the late limit; then it is closed', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const c = await instructorOf(bank.product.id);
    const [s1, s2, s3] = [
      await studentOf(bank.product.id),
      await studentOf(bank.product.id),
      await studentOf(bank.product.id),
    ];
    const tpl = await templateOf(c, bank, { timeLimitMinutes: 600 });
    const made = await assign(c, bank.product.id, {
      templateUuid: tpl,
      ...settings({ opensAt: at(-1), closesAt: at(1), latePolicy: 'ACCEPT_LATE', lateUntil: at(3) }),
      studentUuids: [s1.user.id, s2.user.id, s3.user.id],
    });
    const id = made.body.uuid as string;
    const a1 = (await startAttempt(s1, id)).body.uuid as string;
    const a2 = (await startAttempt(s2, id)).body.uuid as string;
    const [q1] = await questionsOf(s1, a1);
    const qa = bank.questions.find((q) => q.id === q1)!;
    expect((await answer(s1, a1, q1!, qa.correct)).status).toBe(200);

    // The close comes: an action ends the test (scored as it stands); the server ends one nobody touches.
    clock.set(new Date(at(1)));
    const late = await answer(s1, a1, q1!, qa.choices[1]!);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(TEST_ENDED_MESSAGE);
    expect(await finalizeExpiredTests(t.deps, clock.now())).toBe(1);
    const states = rowsOf(
      await t.deps.db.execute(
        sql`SELECT id, status, correct FROM tests WHERE assignment_id = ${id} ORDER BY id`,
      ),
    );
    expect(states).toEqual(
      [
        { id: a1, status: 'COMPLETED', correct: 1 },
        { id: a2, status: 'COMPLETED', correct: 0 },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );

    // A late start, marked late, ends at the late limit.
    expect(await mine(s3, bank.product.id)).toMatchObject([{ state: 'LATE', canStart: true }]);
    const a3 = (await startAttempt(s3, id)).body.uuid as string;
    const row = rowsOf(await t.deps.db.execute(sql`SELECT late, ends_at FROM tests WHERE id = ${a3}`))[0]!;
    expect(row.late).toBe(true);
    expect(new Date(row.ends_at as string).toISOString()).toBe(at(3));
    clock.set(new Date(at(3)));
    expect(await finalizeExpiredTests(t.deps, clock.now())).toBe(1);
    const closed = await startAttempt(s3, id);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('This assignment closed on 2026-10-01 15:00 UTC');
    expect(await mine(s3, bank.product.id)).toMatchObject([{ state: 'CLOSED', canStart: false }]);
  });

  it('holds the answers back until the close, or for good', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const c = await instructorOf(bank.product.id);
    const s = await studentOf(bank.product.id);
    const tpl = await templateOf(c, bank);
    const mk = async (answersShown: string) =>
      (
        await assign(c, bank.product.id, {
          templateUuid: tpl,
          ...settings({ opensAt: at(-1), closesAt: at(5), answersShown }),
          studentUuids: [s.user.id],
        })
      ).body.uuid as string;
    const afterClose = await mk('AFTER_CLOSE');
    const never = await mk('NEVER');
    const t1 = await take(s, bank, afterClose, () => true);
    const held = await s.req({ url: `/api/v2/tests/${t1}/review` });
    expect(held.status).toBe(403);
    expect(held.body.message).toBe(ANSWERS_AFTER_CLOSE_MESSAGE);
    expect((await mine(s, bank.product.id)).find((m) => m.uuid === afterClose)).toMatchObject({
      lastScorePercent: 100,
      reviewOpen: false,
    });
    // Nor by the question itself.
    const q = await s.req({ url: `/api/v2/questions/${bank.questions[0]!.id}` });
    expect(q.status).toBe(200);
    expect(q.body).not.toHaveProperty('correctAnswerChoice');
    expect(JSON.stringify(q.body)).not.toContain('Because the first one is');
    const t2 = await take(s, bank, never, () => false);
    expect((await s.req({ url: `/api/v2/tests/${t2}/review` })).body.message).toBe(ANSWERS_NEVER_MESSAGE);
    // Instructors always read it.
    const studentReview = await c.req({
      url: `/api/v2/products/${bank.product.id}/students/${s.user.id}/tests/${t2}/review`,
    });
    expect(studentReview.status).toBe(200);
    clock.set(new Date(at(5)));
    expect((await s.req({ url: `/api/v2/tests/${t1}/review` })).status).toBe(200);
    expect((await s.req({ url: `/api/v2/tests/${t2}/review` })).status).toBe(403);
  });

  it('a changed close moves the running attempts’ end; one with attempts cannot be withdrawn', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const c = await instructorOf(bank.product.id);
    const s = await studentOf(bank.product.id);
    const tpl = await templateOf(c, bank);
    const body = { ...settings({ opensAt: at(-1), closesAt: at(2) }), studentUuids: [s.user.id] };
    const id = (await assign(c, bank.product.id, { templateUuid: tpl, ...body })).body.uuid as string;
    const spare = (await assign(c, bank.product.id, { templateUuid: tpl, ...body })).body.uuid as string;
    const a = (await startAttempt(s, id)).body.uuid as string;
    const put = await c.req({
      method: 'PUT',
      url: `/api/v2/assignments/${id}`,
      json: { ...body, closesAt: at(10) },
    });
    expect(put.status, put.text).toBe(200);
    const row = rowsOf(await t.deps.db.execute(sql`SELECT ends_at FROM tests WHERE id = ${a}`))[0]!;
    expect(new Date(row.ends_at as string).toISOString()).toBe(at(10));
    // Late attempts accepted from now on: one started on time still ends at the close, not the late limit.
    const late = await c.req({
      method: 'PUT',
      url: `/api/v2/assignments/${id}`,
      json: { ...body, closesAt: at(10), latePolicy: 'ACCEPT_LATE', lateUntil: at(20) },
    });
    expect(late.status, late.text).toBe(200);
    const still = rowsOf(await t.deps.db.execute(sql`SELECT ends_at FROM tests WHERE id = ${a}`))[0]!;
    expect(new Date(still.ends_at as string).toISOString()).toBe(at(10));
    const del = await c.req({ method: 'DELETE', url: `/api/v2/assignments/${id}` });
    expect(del.status).toBe(409);
    expect((await c.req({ method: 'DELETE', url: `/api/v2/assignments/${spare}` })).status).toBe(204);
    expect(await count('assignments', 'product_id', bank.product.id)).toBe(1);
  });
});

describe('results', () => {
  it('scores, histogram, facility, discrimination, choices and each student; exported safely', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const c = await instructorOf(bank.product.id);
    const names = ['Ann', 'Ben', 'Cy', 'Dee'];
    const students = [];
    for (const n of names) students.push(await studentOf(bank.product.id, { firstName: n, lastName: n }));
    const absent = await studentOf(bank.product.id, { firstName: '=cmd', lastName: 'Zed' });
    const cohort = await cohortOf(
      c,
      bank.product.id,
      'All',
      [...students, absent].map((s) => s.user.id),
    );
    const tpl = await templateOf(c, bank);
    const id = (
      await assign(c, bank.product.id, {
        templateUuid: tpl,
        ...settings({ opensAt: at(-1), attemptsAllowed: 2 }),
        cohortUuids: [cohort],
      })
    ).body.uuid as string;
    // Ann all right; Ben three; Cy two; Dee one (question 4 left blank by Dee). Ann's second attempt does not
    // count in the statistics (first attempts only) but is her best.
    await take(students[0]!, bank, id, () => true);
    await take(students[1]!, bank, id, (i) => i < 3);
    await take(students[2]!, bank, id, (i) => i < 2);
    await take(students[3]!, bank, id, (i) => (i === 3 ? null : i < 1));
    await take(students[3]!, bank, id, () => true);

    const res = await c.req({ url: `/api/v2/assignments/${id}/results` });
    expect(res.status, res.text).toBe(200);
    const r = assignmentResults.parse(res.body);
    expect(r).toMatchObject({
      assigned: 5,
      completed: 4,
      inProgress: 0,
      notStarted: 1,
      meanScore: 62.5,
      medianScore: 62.5,
      passed: 3,
    });
    expect(r.histogram.filter((b) => b.count > 0)).toEqual([
      { from: 20, to: 29, count: 1 },
      { from: 50, to: 59, count: 1 },
      { from: 70, to: 79, count: 1 },
      { from: 90, to: 100, count: 1 },
    ]);
    expect(r.questions.map((q) => q.facility)).toEqual([1, 0.75, 0.5, 0.25]);
    // Question 1: everyone right, no spread: no discrimination. Question 3: right by the two best.
    expect(r.questions[0]!.discrimination).toBeNull();
    expect(r.questions[2]!.discrimination).toBeGreaterThan(0.5);
    const q4 = r.questions[3]!;
    expect(q4.blank).toBe(1);
    expect(q4.choices.map((x) => [x.correct, x.count])).toEqual([
      [true, 1],
      [false, 2],
      [false, 0],
      [false, 0],
    ]);
    expect(r.reliability).not.toBeNull();
    const dee = r.students.find((s) => s.firstName === 'Dee')!;
    expect(dee).toMatchObject({ status: 'COMPLETED', attempts: 2, scorePercent: 25, bestScorePercent: 100 });
    expect(r.students.find((s) => s.lastName === 'Zed')).toMatchObject({
      status: 'NOT_STARTED',
      attempts: 0,
    });

    // The student's page lists it with where it stands for them; the student themselves may not read that.
    const deeId = students[3]!.user.id;
    const page = await c.req({ url: `/api/v2/products/${bank.product.id}/students/${deeId}/assignments` });
    expect(page.status, page.text).toBe(200);
    expect(page.body.content).toMatchObject([
      { uuid: id, status: 'COMPLETED', attempts: 2, scorePercent: 25, bestScorePercent: 100, late: false },
    ]);
    expect(
      (await students[3]!.req({ url: `/api/v2/products/${bank.product.id}/students/${deeId}/assignments` }))
        .status,
    ).toBe(403);

    const csv = await c.req({ url: `/api/v2/assignments/${id}/results/export?format=csv` });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain("'=cmd");
    expect(csv.text).not.toMatch(/(^|,)=cmd/m);
    const xlsx = await c.req({ url: `/api/v2/assignments/${id}/results/export?format=xlsx` });
    expect(xlsx.status).toBe(200);
    expect((await c.req({ url: `/api/v2/assignments/${id}/results/export?format=pdf` })).body.field).toBe(
      'format',
    );
  });
});

describe('who it reaches', () => {
  it('a cohort member who joins later gets it; a student of another product cannot be named', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    const c = await instructorOf(bank.product.id);
    const first = await studentOf(bank.product.id);
    const cohort = await cohortOf(c, bank.product.id, 'Group', [first.user.id]);
    const tpl = await templateOf(c, bank, {
      selection: { kind: 'QUESTIONS', questionUuids: [bank.questions[0]!.id] },
    });
    const id = (
      await assign(c, bank.product.id, {
        templateUuid: tpl,
        ...settings({ opensAt: at(-1) }),
        cohortUuids: [cohort],
      })
    ).body.uuid as string;
    const later = await buildUser(t.deps.db);
    await buildSubscription(t.deps.db, later.id, bank.product.id, { type: 'PREMIUM', student: true });
    const laterClient = await signedIn(t, { as: later });
    expect(await mine(laterClient, bank.product.id)).toEqual([]);
    await c.req({
      method: 'POST',
      url: `/api/v2/cohorts/${cohort}/members`,
      json: { userUuids: [later.id] },
    });
    expect(await mine(laterClient, bank.product.id)).toMatchObject([{ uuid: id, canStart: true }]);
    expect((await startAttempt(laterClient, id)).status).toBe(201);
  });
});
