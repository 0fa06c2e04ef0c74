import { randomUUID } from 'node:crypto';
import { ITEM_FLAG_MIN_N } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { refreshItemStatistics } from '../../modules/questions';
import { addPublished, type BankQuestion, buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());
type Bank = Awaited<ReturnType<typeof buildBank>>;

const LEARNERS = 24;
const list = (c: TestClient, bank: Bank, query = '') =>
  c.get(`/api/v2/questions/products/${bank.product.id}/writerOrAuditor?filterRole=ADMIN${query}`);
const statsOf = (c: TestClient, questionId: string) =>
  c.get(`/api/v2/questions/${questionId}/itemStatistics`);
const runTask = () => refreshItemStatistics(t.deps.db, new Date());

/** A learner who takes a tutor test of the bank's three questions, choosing with `choose` for each. */
async function takeTest(c: TestClient, bank: Bank, choose: (q: BankQuestion, choices: string[]) => string) {
  const created = await c.req({
    method: 'POST',
    url: '/api/v2/tests',
    json: {
      uuid: randomUUID(),
      productUuid: bank.product.id,
      mode: 'TUTOR',
      pools: ['ALL'],
      subcategoryUuids: bank.subcategoryIds,
      numQuestions: 3,
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.uuid as string;
  const run = await c.get(`/api/v2/tests/${id}/questions`);
  for (const q of run.body.questions as { uuid: string; answerChoices: { uuid: string }[] }[]) {
    const choices = q.answerChoices.map((a) => a.uuid);
    const bq = bank.questions.find((b) => b.id === q.uuid) ?? { id: q.uuid, correct: choices[0]!, choices };
    const res = await c.req({
      method: 'PATCH',
      url: `/api/v2/tests/${id}/questions/${q.uuid}/answer`,
      json: { choice: choose(bq as BankQuestion, choices) },
    });
    expect(res.status).toBe(200);
  }
  expect((await c.req({ method: 'PATCH', url: `/api/v2/tests/${id}/finalize`, json: {} })).status).toBe(200);
}

/**
 * A bank of three questions answered by 24 learners: half strong, half weak.
 * - Q1, a wrong key: the strong choose B, the weak A (the key);
 * - Q2, too easy: everyone right;
 * - Q3: the strong right, the weak choose C.
 */
let bank: Bank;
let admin: TestClient;
let learners: TestClient[];
let q1: BankQuestion;
let q2: BankQuestion;
let q3: BankQuestion;

beforeAll(async () => {
  bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 3 });
  [q1, q2, q3] = bank.questions as [BankQuestion, BankQuestion, BankQuestion];
  admin = await signedIn(t, { product: bank.product.id, roles: { admin: true } });
  learners = [];
  for (let i = 0; i < LEARNERS; i++) {
    const c = await signedIn(t, { product: bank.product.id });
    const strong = i % 2 === 0;
    await takeTest(c, bank, (q) =>
      q.id === q1.id
        ? strong
          ? q.choices[1]!
          : q.correct
        : q.id === q2.id
          ? q.correct
          : strong
            ? q.correct
            : q.choices[2]!,
    );
    learners.push(c);
  }
}, 120_000);

describe('item statistics', () => {
  it('are computed by the task from first attempts, not in the request', async () => {
    const before = await list(admin, bank);
    expect(before.status).toBe(200);
    expect(before.body.content.map((r: { itemStats: unknown }) => r.itemStats)).toEqual([null, null, null]);
    const marked = rowsOf(
      await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM question_stats_dirty
        WHERE question_id IN (${q1.id}, ${q2.id}, ${q3.id})`),
    );
    expect(marked[0]!.n).toBe(3);

    expect(await runTask()).toBeGreaterThanOrEqual(3);
    const left = rowsOf(
      await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM question_stats_dirty
        WHERE question_id IN (${q1.id}, ${q2.id}, ${q3.id})`),
    );
    expect(left[0]!.n).toBe(0);

    const after = await list(admin, bank);
    const byId = new Map(
      after.body.content.map((r: { uuid: string; itemStats: unknown }) => [r.uuid, r.itemStats]),
    );
    expect(byId.get(q1.id)).toMatchObject({
      n: LEARNERS,
      facility: 0.5,
      flags: ['WEAK_DISCRIMINATION', 'POSSIBLE_WRONG_KEY'],
    });
    expect((byId.get(q1.id) as { discrimination: number }).discrimination).toBeLessThan(0);
    expect(byId.get(q2.id)).toEqual({ n: LEARNERS, facility: 1, discrimination: null, flags: ['TOO_EASY'] });
    // Q1's wrong key turns the rest score around: those right on Q3 are wrong on Q1, so Q3 discriminates
    // backwards.
    // Its top third by rest score are the weak, who chose C.
    expect(byId.get(q3.id)).toMatchObject({
      n: LEARNERS,
      facility: 0.5,
      flags: ['WEAK_DISCRIMINATION', 'POSSIBLE_WRONG_KEY'],
    });
  });

  it('count only first attempts: a second test changes nothing', async () => {
    await takeTest(learners[1]!, bank, (_, choices) => choices[3]!);
    await runTask();
    const res = await statsOf(admin, q2.id);
    expect(res.body.statistics).toMatchObject({ n: LEARNERS, facility: 1 });
  });

  it("show each choice's share among the top and bottom thirds on the question's page", async () => {
    const res = await statsOf(admin, q1.id);
    expect(res.status).toBe(200);
    // The strong (rest score: Q2 and Q3 right, 1.0) are the top third; the weak (0.5) the bottom third.
    expect(res.body.statistics).toMatchObject({
      n: LEARNERS,
      groupSize: LEARNERS / 3,
      topShares: { [q1.choices[1]!]: 1 },
      bottomShares: { [q1.correct]: 1 },
      keyChoiceId: q1.correct,
      computedAt: expect.any(String),
    });
    const none = await addPublished(t.deps.db, bank.product.id, bank.author.id, bank.subcategoryIds[0]!);
    expect((await statsOf(admin, none.id)).body).toEqual({ statistics: null });
  });

  it('sort by each figure, the questions without it last in both orders', async () => {
    const ids = async (query: string) => {
      const res = await list(admin, bank, query);
      expect(res.status).toBe(200);
      return res.body.content.map((r: { uuid: string }) => r.uuid);
    };
    const unanswered = (await list(admin, bank)).body.content
      .map((r: { uuid: string }) => r.uuid)
      .filter((id: string) => ![q1.id, q2.id, q3.id].includes(id));
    expect(unanswered).toHaveLength(1);
    const byFacilityAsc = await ids('&sortField=facility&sortOrder=ASC');
    expect(byFacilityAsc.slice(2)).toEqual([q2.id, ...unanswered]);
    const byFacilityDesc = await ids('&sortField=facility&sortOrder=DESC');
    expect(byFacilityDesc[0]).toBe(q2.id);
    expect(byFacilityDesc.at(-1)).toBe(unanswered[0]);
    // Q2 has no discrimination (everyone right): it comes with the unanswered question, after the others.
    const byDiscrimination = await ids('&sortField=discrimination&sortOrder=ASC');
    // Q1 and Q3 both correlate −1 with the rest (each turns the other around).
    expect(new Set(byDiscrimination.slice(0, 2))).toEqual(new Set([q1.id, q3.id]));
    expect(new Set(byDiscrimination.slice(2))).toEqual(new Set([q2.id, ...unanswered]));
    expect(await ids('&sortField=timesAnswered&sortOrder=DESC')).toHaveLength(4);
    // A page past the questions with the figure continues with those without it.
    const second = await ids('&sortField=discrimination&sortOrder=ASC&size=1&page=3');
    expect(second).toEqual([byDiscrimination[3]]);
    const third = await ids('&sortField=discrimination&sortOrder=ASC&size=2&page=1');
    expect(third).toEqual(byDiscrimination.slice(2, 4));
  });

  it('filter to the questions that need checking', async () => {
    const res = await list(admin, bank, '&needsChecking=true');
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(3);
    const flagged = [q1.id, q2.id, q3.id].sort();
    expect(res.body.content.map((r: { uuid: string }) => r.uuid).sort()).toEqual(flagged);
    const sorted = await list(admin, bank, '&needsChecking=true&sortField=facility&sortOrder=DESC');
    expect(sorted.body.content[0].uuid).toBe(q2.id);
    const withText = await list(admin, bank, '&needsChecking=true&text=question');
    expect(withText.body.totalElements).toBe(3);
    const paged = await list(admin, bank, '&needsChecking=true&size=2&page=1');
    expect(paged.body).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(paged.body.content).toHaveLength(1);
    expect((await list(admin, bank, '&needsChecking=maybe')).status).toBe(400);
    expect((await list(admin, bank, '&sortField=flags')).status).toBe(400);
  });

  it('flag nothing below the minimum number of first attempts', async () => {
    const small = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 3 });
    const c = await signedIn(t, { product: small.product.id });
    await takeTest(c, small, (q) => q.correct);
    await runTask();
    const res = await statsOf(admin, small.questions[0]!.id);
    expect(res.status).toBe(404); // the admin is another bank's
    const own = await signedIn(t, { product: small.product.id, roles: { admin: true } });
    const stats = (await statsOf(own, small.questions[0]!.id)).body.statistics;
    expect(stats).toMatchObject({ n: 1, facility: 1, flags: [] });
    expect(1).toBeLessThan(ITEM_FLAG_MIN_N);
  });

  it('are for the staff and instructors, never a learner', async () => {
    const learner = learners[0]!;
    expect((await statsOf(learner, q1.id)).status).toBe(404);
    expect((await list(learner, bank)).status).toBe(403);
    const instructor = await signedIn(t, {
      product: bank.product.id,
      subscription: { type: 'PRIVILEGED', student: false, instructor: true, active: true },
    });
    const seen = await statsOf(instructor, q1.id);
    expect(seen.status).toBe(200);
    expect(seen.body.statistics.flags).toContain('POSSIBLE_WRONG_KEY');
    // The question's writer sees the figures of their own questions in their list.
    const writer = await signedIn(t, {
      product: bank.product.id,
      roles: { questionWriter: true },
    });
    expect((await statsOf(writer, q1.id)).status).toBe(404); // not theirs
    const own = await writer.get(
      `/api/v2/questions/products/${bank.product.id}/writerOrAuditor?filterRole=WRITER&needsChecking=true`,
    );
    expect(own.status).toBe(200);
    expect(own.body.totalElements).toBe(0);
  });

  it('are scored again when a new published version changes the key', async () => {
    const res = await admin.req({
      method: 'PUT',
      url: `/api/v2/questions/${q1.id}`,
      json: {
        uuid: q1.id,
        productUuid: bank.product.id,
        subcategoryUuid: q1.subcategoryId,
        status: 'PUBLISHED',
        questionStem: '<p>Which is right?</p>',
        answerChoices: q1.choices.map((id, i) => ({ uuid: id, text: `Choice ${'ABCD'[i]}` })),
        correctAnswerChoice: q1.choices[1],
      },
    });
    expect(res.status).toBe(200);
    await runTask();
    const stats = (await statsOf(admin, q1.id)).body.statistics;
    expect(stats).toMatchObject({ keyChoiceId: q1.choices[1], facility: 0.5 });
    expect(stats.discrimination).toBeGreaterThan(0);
    expect(stats.flags).not.toContain('POSSIBLE_WRONG_KEY');
  });

  it('are in the API document, from the same declaration as the list', async () => {
    const doc = (await t.client().get('/api/docs/json')).body;
    const params = doc.paths['/api/v2/questions/products/{id}/writerOrAuditor'].get.parameters as {
      name: string;
      schema: { enum?: string[] };
    }[];
    const byName = new Map(params.map((p) => [p.name, p.schema]));
    expect(byName.get('needsChecking')?.enum).toEqual(['true', 'false']);
    expect(byName.get('sortField')?.enum).toEqual(
      expect.arrayContaining(['facility', 'discrimination', 'timesAnswered']),
    );
    expect(doc.paths['/api/v2/questions/{id}/itemStatistics'].get).toBeDefined();
  });

  it('are recomputed by a periodic task of the job runner', async () => {
    expect(await t.jobs.runPeriodic()).toContain(
      'questions: recompute item statistics of questions answered since',
    );
  });
});
