import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import {
  ALIVE_GRACE_SECONDS,
  ANSWER_LOCKED_MESSAGE,
  aliveClock,
  NOTHING_TO_UNANSWER_MESSAGE,
  SHARES_MIN_LEARNERS,
  START_TEST_FAILED,
  TEST_ENDED_MESSAGE,
  TEST_PAUSED_MESSAGE,
  testReview,
  testRun,
} from '@qbank/contract';

/** The grace period, in seconds and in ms: the most one keep-alive counts after a long gap. */
const GRACE_S = ALIVE_GRACE_SECONDS;
const GRACE_MS = GRACE_S * 1000;

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { questions, questionVersions } from '../../db/schema';
import { testClock } from '../../lib/clock';
import { ON_THE_FLY_ENCODINGS } from '../../lib/http-encoding';
import { finalizeExpiredTests } from '../../modules/exams/expiry';
import { buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { buildSubscription, buildUser } from '../factories';
import { appForFile, createTestApp } from '../test-app';

// Taking tests over HTTP against a real database (DESIGN §5): create, the clock, every action and its
// refusals, review, My Tests and the dashboard. Time is the app's test clock, moved by the tests.

const clock = testClock();
const t = appForFile(() => createTestApp({ clock }));

type Bank = Awaited<ReturnType<typeof buildBank>>;

async function learner(bank: Bank, type: 'BASIC' | 'PREMIUM' = 'PREMIUM') {
  const user = await buildUser(t.deps.db);
  await buildSubscription(t.deps.db, user.id, bank.product.id, { student: true, type });
  const c = t.client();
  expect((await c.login(user.email, user.password)).status).toBe(200);
  return { user, c };
}

const create = (c: TestClient, bank: Bank, over: Record<string, unknown> = {}) =>
  c.req({
    method: 'POST',
    url: '/api/v2/tests',
    json: {
      uuid: randomUUID(),
      productUuid: bank.product.id,
      mode: 'TIMED',
      pools: ['ALL'],
      subcategoryUuids: bank.subcategoryIds,
      numQuestions: 4,
      ...over,
    },
  });
/**
 * A successful answer's JSON is exactly what the contract's schema makes of it: nothing missing, nothing it
 * does not declare.
 */
function exactly(schema: { parse: (v: unknown) => unknown }, res: Awaited<ReturnType<TestClient['req']>>) {
  if (res.status === 200) {
    const body = res.body;
    expect(schema.parse(body)).toStrictEqual(body);
  }
  return res;
}
const run = async (c: TestClient, id: string) =>
  exactly(testRun, await c.req({ url: `/api/v2/tests/${id}/questions` }));
const reviewOf = async (c: TestClient, id: string) =>
  exactly(testReview, await c.req({ url: `/api/v2/tests/${id}/review` }));
const patch = (c: TestClient, url: string, json?: unknown) =>
  c.req({ method: 'PATCH', url: `/api/v2/tests/${url}`, json: json ?? {} });
const answer = (c: TestClient, id: string, qid: string, choice: string) =>
  patch(c, `${id}/questions/${qid}/answer`, { choice });

/** A started test and its questions as the learner sees them. */
async function started(c: TestClient, bank: Bank, over: Record<string, unknown> = {}) {
  const res = await create(c, bank, over);
  expect(res.status).toBe(201);
  const id = res.body.uuid as string;
  const view = (await run(c, id)).body;
  return { id, view, created: res.body };
}
const correctOf = (bank: Bank, qid: string) => bank.questions.find((q) => q.id === qid)!;

describe('POST /api/v2/tests: create', () => {
  it('draws the questions asked for, spread across the chosen subcategories, and starts the test', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 4, perSubcategory: 5 });
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 8, secondsPerQuestion: 60 });
    expect(view).toMatchObject({
      uuid: id,
      mode: 'TIMED',
      status: 'IN_PROGRESS',
      numQuestions: 8,
      timeLimitSeconds: 480,
      timeRemainingInSeconds: 480,
      currentPosition: 0,
    });
    const perSub = new Map<string, number>();
    for (const q of view.questions) {
      const sub = correctOf(bank, q.uuid).subcategoryId;
      perSub.set(sub, (perSub.get(sub) ?? 0) + 1);
      expect(q.solution).toBeNull();
      expect(q.answerChoices).toHaveLength(4);
    }
    expect([...perSub.values()]).toEqual([2, 2, 2, 2]);
    expect(new Set(view.questions.map((q: { uuid: string }) => q.uuid)).size).toBe(8);
  });

  it('takes fewer questions when fewer are available, and says how many', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 3 });
    const { c } = await learner(bank);
    const { created } = await started(c, bank, { numQuestions: 50 });
    expect(created.numQuestions).toBe(3);
  });

  it('answers the same test for the same uuid (a retried create)', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const uuid = randomUUID();
    const first = await create(c, bank, { uuid });
    const again = await create(c, bank, { uuid });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it('refuses a second open test with SPEC §8 startTestFailed, even when two starts race', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const [a, b] = await Promise.all([create(c, bank), create(c, bank)]);
    const codes = [a.status, b.status].sort();
    expect(codes).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: START_TEST_FAILED });
    const open = await t.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM tests WHERE product_id = ${bank.product.id}`,
    );
    expect(rowsOf(open)[0]!.n).toBe(1);
  });

  it('draws only the free sample on a BASIC subscription', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 5, freeEvery: 2 });
    const { c } = await learner(bank, 'BASIC');
    const avail = await c.req({ url: `/api/v2/tests/products/${bank.product.id}/available` });
    expect(avail.body).toMatchObject({ freeSampleOnly: true, total: 5 });
    const { view } = await started(c, bank, { numQuestions: 10 });
    expect(view.numQuestions).toBe(5);
    for (const q of view.questions) expect(correctOf(bank, q.uuid).freeSample).toBe(true);
  });

  it('refuses a product without an active subscription, nothing available, and bad input naming the field', async () => {
    const bank = await buildBank(t.deps.db);
    const stranger = await buildUser(t.deps.db);
    const sc = t.client();
    await sc.login(stranger.email, stranger.password);
    expect((await create(sc, bank)).body).toMatchObject({ statusCode: 403, field: 'productUuid' });
    const { c } = await learner(bank);
    const none = await create(c, bank, { subcategoryUuids: [randomUUID()] });
    expect(none.body).toMatchObject({ statusCode: 400, field: 'subcategoryUuids' });
    expect((await create(c, bank, { numQuestions: 101 })).body).toMatchObject({
      statusCode: 400,
      field: 'numQuestions',
    });
    expect((await create(c, bank, { pools: ['ALL', 'ALL'] })).body).toMatchObject({
      statusCode: 400,
      field: 'pools',
    });
    expect((await create(c, bank, { mode: 'EXAM' })).body).toMatchObject({
      statusCode: 400,
      field: 'mode',
    });
  });

  it('pins the question versions: a later edit never changes a test taken', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 1 });
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 1 });
    const q = bank.questions[0]!;
    const versionId = randomUUID();
    await t.deps.db.transaction(async (tx) => {
      await tx.insert(questionVersions).values({
        id: versionId,
        questionId: q.id,
        number: 2,
        status: 'PUBLISHED',
        subcategoryId: q.subcategoryId,
        stem: '<p>Edited later</p>',
        choices: [{ id: q.choices[0]!, text: '<p>Only</p>' }],
        correctChoiceId: q.choices[0],
        editorId: bank.author.id,
      });
      await tx.update(questions).set({ currentVersionId: versionId }).where(eq(questions.id, q.id));
    });
    const again = (await run(c, id)).body;
    expect(again.questions[0].questionStem).toBe(view.questions[0].questionStem);
    expect(again.questions[0].answerChoices).toHaveLength(4);
  });

  it('shows the pinned version’s media, stem media on screen and explanation media once revealed', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 1 });
    const q = bank.questions[0]!;
    const hashes = [`${'a'.repeat(63)}1`, `${'b'.repeat(63)}2`, `${'c'.repeat(63)}3`];
    const [stemA, stemB, expl] = [randomUUID(), randomUUID(), randomUUID()];
    await t.deps.db.execute(sql`
      INSERT INTO media_files (hash, content_type, size)
      VALUES (${hashes[0]}, 'image/png', 10), (${hashes[1]}, 'image/jpeg', 20), (${hashes[2]}, 'video/mp4', 30)`);
    await t.deps.db.execute(sql`
      INSERT INTO question_version_media (version_id, media_id, hash, media_type, position)
      VALUES (${q.versionId}, ${stemB}, ${hashes[1]}, 'STEM', 1), (${q.versionId}, ${stemA}, ${hashes[0]}, 'STEM', 0),
        (${q.versionId}, ${expl}, ${hashes[2]}, 'EXPLANATION', 0)`);
    const item = (uuid: string, hash: string, contentType: string) => ({
      uuid,
      hash,
      contentType,
      url: `/api/v2/media/${hash}`,
    });
    const stemMedia = [item(stemA, hashes[0]!, 'image/png'), item(stemB, hashes[1]!, 'image/jpeg')];

    // Two learners read it: the second one's content comes from what the first read kept.
    for (let k = 0; k < 2; k++) {
      const { c } = await learner(bank);
      const { id, view } = await started(c, bank, { numQuestions: 1 });
      expect(view.questions[0]).toMatchObject({ stemMediaUrls: stemMedia, solution: null });
      expect((await patch(c, `${id}/finalize`)).status).toBe(200);
      const review = (await reviewOf(c, id)).body;
      expect(review.questions[0].stemMediaUrls).toEqual(stemMedia);
      expect(review.questions[0].solution.explanationMediaUrls).toEqual([
        item(expl, hashes[2]!, 'video/mp4'),
      ]);
      expect(review.questions[0].solution.correctAnswerChoice).toBe(q.correct);
    }
    // In tutor mode the answer's solution carries the explanation media too.
    const { c } = await learner(bank);
    const { id } = await started(c, bank, { mode: 'TUTOR', numQuestions: 1 });
    expect((await answer(c, id, q.id, q.correct)).body.question.solution.explanationMediaUrls).toEqual([
      item(expl, hashes[2]!, 'video/mp4'),
    ]);
  });

  it('carries each choice’s own explanation in the solution only: the tutor answer and the review', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 1 });
    const q = bank.questions[0]!;
    const [right, wrong] = [q.correct, q.choices.find((c) => c !== q.correct)!];
    const [version] = await t.deps.db
      .select({ choices: questionVersions.choices })
      .from(questionVersions)
      .where(eq(questionVersions.id, q.versionId));
    const why = { [right]: '<p>Why this one is right.</p>', [wrong]: '<p>Why this one is wrong.</p>' };
    await t.deps.db
      .update(questionVersions)
      .set({ choices: version!.choices.map((c) => (why[c.id] ? { ...c, explanation: why[c.id] } : c)) })
      .where(eq(questionVersions.id, q.versionId));
    const expected = version!.choices.flatMap((c) =>
      why[c.id] ? [{ uuid: c.id, explanation: why[c.id] }] : [],
    );

    const tutor = await learner(bank);
    const { id, view } = await started(tutor.c, bank, { mode: 'TUTOR', numQuestions: 1 });
    expect(JSON.stringify(view)).not.toContain('Why this one');
    expect(view.questions[0].answerChoices.every((c: object) => !('explanation' in c))).toBe(true);
    const answered = (await answer(tutor.c, id, q.id, wrong)).body.question.solution;
    expect(answered.choiceExplanations).toEqual(expected);
    expect((await run(tutor.c, id)).body.questions[0].solution.choiceExplanations).toEqual(expected);

    const timed = await learner(bank);
    const test = await started(timed.c, bank, { numQuestions: 1 });
    expect((await answer(timed.c, test.id, q.id, right)).body.question.solution).toBeNull();
    expect((await patch(timed.c, `${test.id}/finalize`)).status).toBe(200);
    const review = (await reviewOf(timed.c, test.id)).body;
    expect(review.questions[0].solution.choiceExplanations).toEqual(expected);
  });
});

describe('the actions on a question', () => {
  it('answers, changes, clears and flags (timed mode), each idempotent', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank);
    const q = view.questions[1];
    const bq = correctOf(bank, q.uuid);
    const a1 = await answer(c, id, q.uuid, bq.choices[2]!);
    expect(a1.status).toBe(200);
    expect(a1.body.question).toMatchObject({
      selectedChoice: bq.choices[2],
      solution: null,
      locked: false,
    });
    expect(a1.body.clock.currentPosition).toBe(1);
    expect((await answer(c, id, q.uuid, bq.choices[2]!)).status).toBe(200);
    expect((await answer(c, id, q.uuid, bq.correct)).body.question.selectedChoice).toBe(bq.correct);
    const cleared = await patch(c, `${id}/questions/${q.uuid}/unanswer`);
    expect(cleared.body.question.selectedChoice).toBeNull();
    const again = await patch(c, `${id}/questions/${q.uuid}/unanswer`);
    expect(again.body).toMatchObject({ statusCode: 409, message: NOTHING_TO_UNANSWER_MESSAGE });
    for (let i = 0; i < 2; i++)
      expect(
        (await patch(c, `${id}/questions/${q.uuid}/flag`, { flagged: true })).body.question.flagged,
      ).toBe(true);
    const marks = await patch(c, `${id}/questions/${q.uuid}/marks`, {
      struck: [bq.choices[3]],
      highlights: [{ start: 0, end: 8 }],
      note: 'Check the units',
    });
    expect(marks.body.question).toMatchObject({
      struck: [bq.choices[3]],
      highlights: [{ start: 0, end: 8 }],
      note: 'Check the units',
    });
    const reloaded = (await run(c, id)).body;
    expect(reloaded.currentPosition).toBe(1);
    expect(reloaded.questions[1]).toMatchObject({
      flagged: true,
      note: 'Check the units',
      selectedChoice: null,
    });
  });

  it('refuses a choice of another question, a question not in the test, and another user’s test', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank);
    const q = view.questions[0];
    expect((await answer(c, id, q.uuid, randomUUID())).body).toMatchObject({
      statusCode: 400,
      field: 'choice',
    });
    const outside = bank.questions.find(
      (b) => !view.questions.some((v: { uuid: string }) => v.uuid === b.id),
    );
    if (outside)
      expect((await answer(c, id, outside.id, outside.correct)).body).toMatchObject({
        statusCode: 404,
        field: 'qid',
      });
    const other = await learner(bank);
    expect((await answer(other.c, id, q.uuid, correctOf(bank, q.uuid).correct)).status).toBe(404);
    expect((await run(other.c, id)).status).toBe(404);
    expect((await patch(other.c, `${id}/finalize`)).status).toBe(404);
    // Once ended, its review is the owner's only; a test that does not exist is not found either.
    expect((await patch(c, `${id}/finalize`)).status).toBe(200);
    expect((await reviewOf(c, id)).status).toBe(200);
    expect((await reviewOf(other.c, id)).body).toMatchObject({
      statusCode: 404,
      field: 'id',
    });
    expect((await c.req({ url: `/api/v2/tests/${randomUUID()}/review` })).status).toBe(404);
    for (const bad of ['not-a-uuid', '%00'])
      expect((await reviewOf(c, bad)).body).toMatchObject({
        statusCode: 400,
        field: 'id',
      });
    expect((await c.req({ url: '/api/v2/tests/not-a-uuid/questions' })).body).toMatchObject({
      statusCode: 400,
      field: 'id',
    });
  });

  it('refuses bad marks and flags naming the field, and changes nothing', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank);
    const q = view.questions[0];
    const marks = (body: unknown) => patch(c, `${id}/questions/${q.uuid}/marks`, body);
    expect((await marks({ struck: [randomUUID()], highlights: [], note: '' })).body).toMatchObject({
      statusCode: 400,
      field: 'struck',
    });
    expect((await marks({ struck: [], highlights: [{ start: 5, end: 5 }], note: '' })).body).toMatchObject({
      statusCode: 400,
    });
    expect((await marks({ struck: [], highlights: [], note: 'x'.repeat(5001) })).body).toMatchObject({
      statusCode: 400,
      field: 'note',
    });
    expect((await patch(c, `${id}/questions/${q.uuid}/flag`, { flagged: 'yes' })).body).toMatchObject({
      statusCode: 400,
      field: 'flagged',
    });
    const other = await learner(bank);
    expect((await patch(other.c, `${id}/questions/${q.uuid}/flag`, { flagged: true })).status).toBe(404);
    expect((await patch(other.c, `${id}/pause`)).status).toBe(404);
    expect((await patch(other.c, 'alive', { testUuid: id })).status).toBe(404);
    const after = (await run(c, id)).body.questions[0];
    expect(after).toMatchObject({ struck: [], highlights: [], note: '', flagged: false });
  });

  it('tutor mode: a submitted answer is final and comes with the solution, and the shares of first attempts from 5 learners', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 1 });
    const q = bank.questions[0]!;
    // Four learners answered before: three right, one wrong. Until the fifth, only how many is told.
    const before = [q.correct, q.choices[1]!, q.correct, q.correct];
    for (const [k, choice] of before.entries()) {
      const { c } = await learner(bank);
      const { id } = await started(c, bank, { mode: 'TUTOR', numQuestions: 1 });
      const early = (await answer(c, id, q.id, choice)).body.question.solution;
      expect(early).toMatchObject({ attempts: k + 1, choiceShares: [] });
    }
    const { c } = await learner(bank);
    const { id } = await started(c, bank, { mode: 'TUTOR', numQuestions: 1 });
    const res = await answer(c, id, q.id, q.correct);
    expect(res.body.question).toMatchObject({ locked: true, selectedChoice: q.correct });
    const solution = res.body.question.solution;
    expect(solution).toMatchObject({ correctAnswerChoice: q.correct, attempts: SHARES_MIN_LEARNERS });
    expect(solution.explanation).toContain('Because');
    expect(solution.choiceShares.map((s: { count: number }) => s.count)).toEqual([4, 1, 0, 0]);
    expect(solution.choiceShares.map((s: { percent: number }) => s.percent)).toEqual([80, 20, 0, 0]);
    // A retry changes nothing more; a change is refused.
    expect((await answer(c, id, q.id, q.correct)).body.question.solution.attempts).toBe(5);
    expect((await answer(c, id, q.id, q.choices[1]!)).body).toMatchObject({
      statusCode: 409,
      message: ANSWER_LOCKED_MESSAGE,
    });
    expect((await patch(c, `${id}/questions/${q.id}/unanswer`)).body.message).toBe(ANSWER_LOCKED_MESSAGE);
    // A reload shows the submitted question with its solution and shares.
    const reloaded = (await run(c, id)).body.questions[0];
    expect(reloaded.solution).toMatchObject({ correctAnswerChoice: q.correct, attempts: 5 });
    expect(reloaded.solution.choiceShares.map((s: { count: number }) => s.count)).toEqual([4, 1, 0, 0]);
  });

  it('two tabs answering at once: every answer is kept, one after the other', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 5 });
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 10 });
    const results = await Promise.all(
      view.questions.map((q: { uuid: string }) => answer(c, id, q.uuid, correctOf(bank, q.uuid).correct)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const after = (await run(c, id)).body;
    expect(after.questions.every((q: { selectedChoice: string | null }) => q.selectedChoice !== null)).toBe(
      true,
    );
  });

  it('many learners answering at once (written together in one statement): each answer reaches its own test', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 5 });
    const runners = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { c } = await learner(bank);
        return { c, ...(await started(c, bank, { numQuestions: 3 })) };
      }),
    );
    // Learner k answers question j correctly when j + k is even, else with the question's last choice.
    const pick = (k: number, j: number, qid: string) =>
      (j + k) % 2 === 0 ? correctOf(bank, qid).correct : correctOf(bank, qid).choices[3]!;
    const sent = runners.flatMap((r, k) =>
      r.view.questions.map((q: { uuid: string }, j: number) => ({ r, k, j, qid: q.uuid })),
    );
    // One learner also sends a choice of another question: refused alone, naming the field.
    const stranger = { r: runners[0]!, qid: runners[0]!.view.questions[0].uuid as string };
    const otherChoice = bank.questions.find((q) => q.id !== stranger.qid)!.choices[1]!;
    const [refused, ...results] = await Promise.all([
      answer(stranger.r.c, stranger.r.id, stranger.qid, otherChoice),
      ...sent.map(({ r, k, j, qid }) => answer(r.c, r.id, qid, pick(k, j, qid))),
    ]);
    expect(refused!.status).toBe(400);
    expect(refused!.body.field).toBe('choice');
    results.forEach((res, n) => {
      const { k, j, qid } = sent[n]!;
      expect(res.status).toBe(200);
      expect(res.body.question).toMatchObject({ uuid: qid, selectedChoice: pick(k, j, qid) });
    });
    for (const [k, r] of runners.entries()) {
      const after = (await run(r.c, r.id)).body;
      expect(after.questions.map((q: { selectedChoice: string }) => q.selectedChoice)).toEqual(
        r.view.questions.map((q: { uuid: string }, j: number) => pick(k, j, q.uuid)),
      );
      expect((await patch(r.c, `${r.id}/finalize`)).status).toBe(200);
      const review = (await reviewOf(r.c, r.id)).body;
      expect(review.questions.map((q: { correct: boolean }) => q.correct)).toEqual(
        r.view.questions.map((_: unknown, j: number) => (j + k) % 2 === 0),
      );
    }
  });
});

describe('large answers are compressed whole, as the client asks', () => {
  it('the exam screen in Zstandard, brotli, gzip, deflate or none, each the same JSON; a small answer as it is', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 5 });
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 10 });
    const url = `/api/v2/tests/${id}/questions`;
    const plain = await c.req({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const decode = {
      br: zlib.brotliDecompressSync,
      gzip: zlib.gunzipSync,
      deflate: zlib.inflateSync,
      zstd: (b: Buffer) =>
        (zlib as unknown as { zstdDecompressSync: (b: Buffer) => Buffer }).zstdDecompressSync(b),
    } as const;
    for (const encoding of ON_THE_FLY_ENCODINGS) {
      const res = await c.req({ url, headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(String(res.headers.get('vary')).toLowerCase()).toContain('accept-encoding');
      expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);
      expect(res.bytes.length).toBeLessThan(plain.bytes.length);
      expect(JSON.parse(decode[encoding](res.bytes).toString('utf8'))).toEqual(view);
    }
    // Chrome's and Firefox's list prefers Zstandard (where Node has it), Safari's brotli; an answer under 1 KB
    // goes as it is.
    const chrome = await c.req({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(chrome.headers.get('content-encoding')).toBe(ON_THE_FLY_ENCODINGS[0]);
    const safari = await c.req({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(safari.headers.get('content-encoding')).toBe('br');
    const qid = view.questions[0].uuid as string;
    const small = await c.req({
      method: 'PATCH',
      url: `/api/v2/tests/${id}/questions/${qid}/flag`,
      json: { flagged: true },
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});

describe('the answer checks the session in its own statement', () => {
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;
  const selected = async (c: TestClient, id: string, qid: string) =>
    (await run(c, id)).body.questions.find((q: { uuid: string }) => q.uuid === qid).selectedChoice;

  it('refuses a missing or wrong CSRF token, another learner’s session, and an ended session, changing nothing', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 4 });
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank);
    const qid = view.questions[0].uuid as string;
    const choice = correctOf(bank, qid).correct;
    const url = `/api/v2/tests/${id}/questions/${qid}/answer`;

    /** The learner's own cookie with this CSRF token instead of theirs (none when undefined). */
    const withToken = (token?: string) =>
      c.req({
        method: 'PATCH',
        url,
        json: { choice },
        noCsrf: true,
        headers: token ? { 'x-csrf-token': token } : {},
      });

    const noToken = await withToken();
    expect([noToken.status, noToken.body.code]).toEqual([403, 'CSRF']);
    const wrongToken = await withToken('not-the-token');
    expect([wrongToken.status, wrongToken.body.code]).toEqual([403, 'CSRF']);

    // Another learner's cookie with their own (valid) token: the test is not theirs.
    const other = await learner(bank);
    const theirs = await answer(other.c, id, qid, choice);
    expect([theirs.status, theirs.body.field]).toEqual([404, 'id']);

    // The learner's own cookie with another session's token.
    const mixed = await withToken(other.c.accessToken!);
    expect([mixed.status, mixed.body.code]).toEqual([403, 'CSRF']);
    expect(await selected(c, id, qid)).toBeNull();

    // A session ended elsewhere (signed out on another device): expired, and the cookie is cleared.
    await t.deps.db.execute(sql`DELETE FROM sessions WHERE access_token = ${c.accessToken}`);
    const ended = await answer(c, id, qid, choice);
    expect([ended.status, ended.body.code]).toEqual([401, 'SESSION_EXPIRED']);
    expect(c.cookies.has('qbank_session')).toBe(false);
    const signedOut = await answer(c, id, qid, choice);
    expect([signedOut.status, signedOut.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(
      rowsOf(
        await t.deps.db.execute(
          sql`SELECT selected_choice_id FROM test_questions WHERE test_id = ${id} AND question_id = ${qid}`,
        ),
      )[0]!.selected_choice_id,
    ).toBeNull();
  });

  it('a session idle past its limit is refused; one not seen for a while answers and has its use written', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 4 });
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank);
    const [q1, q2] = view.questions.map((q: { uuid: string }) => q.uuid) as string[];

    clock.advance(2 * MINUTE);
    const res = await answer(c, id, q1!, correctOf(bank, q1!).correct);
    expect(res.status).toBe(200);
    const [row] = rowsOf(
      await t.deps.db.execute(sql`SELECT last_seen_at FROM sessions WHERE access_token = ${c.accessToken}`),
    );
    expect(new Date(row!.last_seen_at as string)).toEqual(clock.now());

    clock.advance(8 * DAY);
    const idle = await answer(c, id, q2!, correctOf(bank, q2!).correct);
    expect([idle.status, idle.body.code]).toEqual([401, 'SESSION_EXPIRED']);
  });

  it('a session past its absolute expiry is refused by the answer and the keep-alive, though just used', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 4 });
    // Used a moment ago (so a statement proving the session itself would take it), but its 30 days are over.
    const expire = (c: TestClient) =>
      t.deps.db.execute(
        sql`UPDATE sessions SET expires_at = ${clock.now()}, last_seen_at = ${clock.now()}
          WHERE access_token = ${c.accessToken}`,
      );
    const first = await learner(bank);
    const one = await started(first.c, bank);
    const q1 = one.view.questions[0].uuid as string;
    await expire(first.c);
    const answered = await answer(first.c, one.id, q1, correctOf(bank, q1).correct);
    expect([answered.status, answered.body.code]).toEqual([401, 'SESSION_EXPIRED']);
    const [row] = rowsOf(
      await t.deps.db.execute(
        sql`SELECT selected_choice_id FROM test_questions WHERE test_id = ${one.id} AND question_id = ${q1}`,
      ),
    );
    expect(row!.selected_choice_id).toBeNull();

    const second = await learner(bank);
    const two = await started(second.c, bank);
    await expire(second.c);
    const alive = await patch(second.c, 'alive', {
      testUuid: two.id,
      questionUuid: two.view.questions[0].uuid,
    });
    expect([alive.status, alive.body.code]).toEqual([401, 'SESSION_EXPIRED']);
  });
});

describe('the server clock', () => {
  it('runs only while kept alive and not paused; counts time per question; a long gap counts as the grace period', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 2, secondsPerQuestion: 600 });
    clock.advance(10_000);
    const alive = await patch(c, 'alive', { testUuid: id, questionUuid: view.questions[0].uuid });
    expect(alive.body).toMatchObject({ timeUsedSeconds: 10, timeRemainingInSeconds: 1190 });
    clock.advance(3_600_000); // the lid closed for an hour
    expect((await patch(c, 'alive', { testUuid: id })).body.timeUsedSeconds).toBe(10 + GRACE_S);
    expect((await patch(c, `${id}/pause`)).body.status).toBe('PAUSED');
    clock.advance(30_000);
    expect((await patch(c, 'alive', { testUuid: id })).body).toMatchObject({
      status: 'PAUSED',
      timeUsedSeconds: 10 + GRACE_S,
    });
    const q = view.questions[0];
    expect((await answer(c, id, q.uuid, correctOf(bank, q.uuid).correct)).body.message).toBe(
      TEST_PAUSED_MESSAGE,
    );
    expect((await patch(c, `${id}/start`)).body.status).toBe('IN_PROGRESS');
    clock.advance(5_000);
    expect((await patch(c, `${id}/finalize`)).body).toMatchObject({
      status: 'COMPLETED',
      timeUsedSeconds: 15 + GRACE_S,
    });
    const review = (await reviewOf(c, id)).body;
    expect(review.timeUsedSeconds).toBe(15 + GRACE_S);
    expect(review.questions[0].timeSpentSeconds).toBe(15 + GRACE_S);
  });

  it('an answer counts the time on the question on screen, then moves the screen to the answered one', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 2, secondsPerQuestion: 600 });
    const [q0, q1] = view.questions as Array<{ uuid: string }>;
    clock.advance(12_000);
    const res = await answer(c, id, q1!.uuid, correctOf(bank, q1!.uuid).correct);
    expect(res.body.clock).toMatchObject({
      timeUsedSeconds: 12,
      currentPosition: 1,
      timeRemainingInSeconds: 1188,
    });
    clock.advance(7_000);
    await answer(c, id, q0!.uuid, correctOf(bank, q0!.uuid).choices[1]!);
    await patch(c, `${id}/finalize`);
    const review = (await reviewOf(c, id)).body;
    expect(review.questions.map((q: { timeSpentSeconds: number }) => q.timeSpentSeconds)).toEqual([12, 7]);
    expect(review).toMatchObject({ correct: 1, answered: 2, scorePercent: 50 });
  });

  it('ends a timed test whose time ran out: the next action is refused, the test is scored', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 1, secondsPerQuestion: 30 });
    const q = view.questions[0];
    await answer(c, id, q.uuid, correctOf(bank, q.uuid).correct);
    clock.advance(31_000);
    const late = await answer(c, id, q.uuid, correctOf(bank, q.uuid).choices[1]!);
    expect(late.body).toMatchObject({ statusCode: 409, message: TEST_ENDED_MESSAGE });
    const after = (await run(c, id)).body;
    expect(after).toMatchObject({ status: 'COMPLETED', timeRemainingInSeconds: 0 });
    expect(after.questions[0].selectedChoice).toBe(correctOf(bank, q.uuid).correct);
    expect((await reviewOf(c, id)).body).toMatchObject({ scorePercent: 100 });
  });

  it('the periodic task ends a test left running out of time, once', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id } = await started(c, bank, { numQuestions: 1, secondsPerQuestion: 20 });
    clock.advance(25_000);
    const [a, b] = await Promise.all([
      finalizeExpiredTests(t.deps, clock.now()),
      finalizeExpiredTests(t.deps, clock.now()),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect((await run(c, id)).body.status).toBe('COMPLETED');
    const scores = await t.deps.db.execute(
      sql`SELECT sum(n)::int AS n FROM test_scores WHERE product_id = ${bank.product.id}`,
    );
    expect(rowsOf(scores)[0]!.n).toBe(1);
    expect((await patch(c, `${id}/finalize`)).body.status).toBe('COMPLETED');
  });

  it('stops at once when the screen leaves, the test still open; runs again from when it is back', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 1, secondsPerQuestion: 20 });
    const q = view.questions[0].uuid;
    clock.advance(5_000);
    const left = await patch(c, 'alive', { testUuid: id, questionUuid: q, leaving: true });
    expect(left.body).toMatchObject({
      status: 'IN_PROGRESS',
      timeUsedSeconds: 5,
      timeRemainingInSeconds: 15,
    });
    // The tab stays closed far longer than the time left: nothing is spent, and the expiry leaves it open.
    clock.advance(10 * 60_000);
    expect(await finalizeExpiredTests(t.deps, clock.now())).toBe(0);
    expect((await run(c, id)).body).toMatchObject({ status: 'IN_PROGRESS', timeRemainingInSeconds: 15 });
    // Leaving twice (pagehide after hidden) changes nothing.
    expect((await patch(c, 'alive', { testUuid: id, leaving: true })).body.timeUsedSeconds).toBe(5);
    // Back: the first keep-alive counts nothing, then the clock runs from it.
    expect((await patch(c, 'alive', { testUuid: id })).body.timeUsedSeconds).toBe(5);
    clock.advance(4_000);
    expect((await patch(c, 'alive', { testUuid: id })).body.timeUsedSeconds).toBe(9);
    // Or back through the exam screen's start; and an answer after a leave restarts it too.
    await patch(c, 'alive', { testUuid: id, leaving: true });
    clock.advance(60_000);
    expect((await patch(c, `${id}/start`)).body.timeUsedSeconds).toBe(9);
    clock.advance(3_000);
    await patch(c, 'alive', { testUuid: id, leaving: true });
    clock.advance(60_000);
    expect((await answer(c, id, q, correctOf(bank, q).correct)).body.clock.timeUsedSeconds).toBe(12);
    clock.advance(2_000);
    expect((await patch(c, 'alive', { testUuid: id })).body.timeUsedSeconds).toBe(14);
    const review = await patch(c, `${id}/finalize`);
    expect(review.body).toMatchObject({ status: 'COMPLETED', timeUsedSeconds: 14 });
    expect((await patch(c, 'alive', { testUuid: id, leaving: 'yes' })).body).toMatchObject({
      statusCode: 400,
      field: 'leaving',
    });
  });
});

describe('the keep-alive counts the time in one statement, and hands anything unusual over', () => {
  const MINUTE = 60_000;
  /** PATCH tests/alive, whose answer must be exactly what its schema makes (the clock, no position). */
  const keepAlive = async (c: TestClient, json: { testUuid: string; questionUuid?: string }) =>
    exactly(aliveClock, await patch(c, 'alive', json));
  /** What the clock wrote: the test's row and each question's time, in order. */
  const written = async (id: string) => {
    const [row] = rowsOf(
      await t.deps.db.execute(
        sql`SELECT status, time_used_ms, last_tick_at, current_position FROM tests WHERE id = ${id}`,
      ),
    );
    const spent = rowsOf(
      await t.deps.db.execute(
        sql`SELECT time_spent_ms FROM test_questions WHERE test_id = ${id} ORDER BY position`,
      ),
    ).map((r) => Number(r.time_spent_ms));
    return {
      status: row!.status,
      timeUsedMs: Number(row!.time_used_ms),
      lastTickAt: row!.last_tick_at === null ? null : new Date(row!.last_tick_at as string),
      currentPosition: row!.current_position,
      spent,
    };
  };
  /** The session's last use as if written now, so its keep-alives take the one-statement path. */
  const seenNow = (c: TestClient) =>
    t.deps.db.execute(
      sql`UPDATE sessions SET last_seen_at = ${clock.now()} WHERE access_token = ${c.accessToken}`,
    );

  it('counts the time to the question on screen (at most the grace), moves the screen, answers only the clock', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 3, secondsPerQuestion: 600 });
    const qids = view.questions.map((q: { uuid: string }) => q.uuid) as string[];
    clock.advance(10_000);
    const first = await keepAlive(c, { testUuid: id, questionUuid: qids[2]! });
    expect(first.status).toBe(200);
    expect(first.body).toStrictEqual({
      status: 'IN_PROGRESS',
      timeRemainingInSeconds: 1790,
      timeUsedSeconds: 10,
    });
    expect((await run(c, id)).body.currentPosition).toBe(2);
    // A closed lid for an hour, the session still seen lately (another tab): the grace period only.
    await t.deps.db.execute(
      sql`UPDATE tests SET last_tick_at = last_tick_at - interval '1 hour' WHERE id = ${id}`,
    );
    expect((await keepAlive(c, { testUuid: id })).body).toStrictEqual({
      status: 'IN_PROGRESS',
      timeRemainingInSeconds: 1790 - GRACE_S,
      timeUsedSeconds: 10 + GRACE_S,
    });
    // No time passed and the same question: nothing to write, the same clock.
    const before = await written(id);
    expect((await keepAlive(c, { testUuid: id, questionUuid: qids[2]! })).body.timeUsedSeconds).toBe(
      10 + GRACE_S,
    );
    expect(await written(id)).toEqual(before);
    expect(before).toMatchObject({
      timeUsedMs: 10_000 + GRACE_MS,
      currentPosition: 2,
      spent: [10_000, 0, GRACE_MS],
    });

    // Tutor mode's clock has no limit.
    const tutor = await learner(bank);
    const { id: tutorId } = await started(tutor.c, bank, { mode: 'TUTOR', numQuestions: 2 });
    clock.advance(5_000);
    expect((await keepAlive(tutor.c, { testUuid: tutorId })).body).toStrictEqual({
      status: 'IN_PROGRESS',
      timeRemainingInSeconds: null,
      timeUsedSeconds: 5,
    });
  });

  it('answers and writes the same on both paths (a session not seen for a minute takes the transactional one)', async () => {
    const bank = await buildBank(t.deps.db);
    const [a, b] = [await learner(bank), await learner(bank)];
    const [ta, tb] = [
      await started(a.c, bank, { numQuestions: 2, secondsPerQuestion: 600 }),
      await started(b.c, bank, { numQuestions: 2, secondsPerQuestion: 600 }),
    ];
    clock.advance(90_000);
    await seenNow(b.c);
    const [ra, rb] = [
      await keepAlive(a.c, { testUuid: ta.id, questionUuid: ta.view.questions[1].uuid }),
      await keepAlive(b.c, { testUuid: tb.id, questionUuid: tb.view.questions[1].uuid }),
    ];
    expect(ra.body).toStrictEqual({
      status: 'IN_PROGRESS',
      timeRemainingInSeconds: 1200 - GRACE_S,
      timeUsedSeconds: GRACE_S,
    });
    expect(rb.body).toStrictEqual(ra.body);
    const expected = {
      status: 'IN_PROGRESS',
      timeUsedMs: GRACE_MS,
      lastTickAt: clock.now(),
      currentPosition: 1,
    };
    expect(await written(ta.id)).toStrictEqual({ ...expected, spent: [GRACE_MS, 0] });
    expect(await written(tb.id)).toStrictEqual({ ...expected, spent: [GRACE_MS, 0] });
  });

  it('a test whose time ran out is ended and scored; an ended test is refused', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 1, secondsPerQuestion: 30 });
    const q = view.questions[0];
    expect((await answer(c, id, q.uuid, correctOf(bank, q.uuid).correct)).status).toBe(200);
    clock.advance(31_000);
    await seenNow(c);
    const late = await keepAlive(c, { testUuid: id });
    expect([late.status, late.body.message]).toEqual([409, TEST_ENDED_MESSAGE]);
    expect(await written(id)).toMatchObject({ status: 'COMPLETED', timeUsedMs: 30_000, lastTickAt: null });
    expect((await reviewOf(c, id)).body).toMatchObject({ scorePercent: 100, timeUsedSeconds: 30 });
    const again = await keepAlive(c, { testUuid: id, questionUuid: q.uuid });
    expect([again.status, again.body.message]).toEqual([409, TEST_ENDED_MESSAGE]);
  });

  it('a paused test answers its stopped clock, and no time runs', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 2, secondsPerQuestion: 600 });
    clock.advance(4_000);
    expect((await patch(c, `${id}/pause`)).body.status).toBe('PAUSED');
    clock.advance(20_000);
    await seenNow(c);
    const paused = await keepAlive(c, { testUuid: id, questionUuid: view.questions[1].uuid });
    expect(paused.body).toStrictEqual({
      status: 'PAUSED',
      timeRemainingInSeconds: 1196,
      timeUsedSeconds: 4,
    });
    expect(await written(id)).toMatchObject({ status: 'PAUSED', timeUsedMs: 4_000, spent: [4_000, 0] });
  });

  it('refuses another learner’s test (404 id) and a question not in the test (404 qid), counting nothing', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 2 });
    const before = await written(id);
    clock.advance(5_000);
    const other = await learner(bank);
    const theirs = await keepAlive(other.c, { testUuid: id });
    expect([theirs.status, theirs.body.field]).toEqual([404, 'id']);
    const nowhere = await keepAlive(other.c, { testUuid: randomUUID() });
    expect([nowhere.status, nowhere.body.field]).toEqual([404, 'id']);
    const outside = bank.questions.find(
      (b) => !view.questions.some((v: { uuid: string }) => v.uuid === b.id),
    )!;
    const notInTest = await keepAlive(c, { testUuid: id, questionUuid: outside.id });
    expect([notInTest.status, notInTest.body.field]).toEqual([404, 'qid']);
    expect(await written(id)).toStrictEqual(before);
  });

  it('refuses a missing or wrong CSRF token (403) and an ended or idle session (401), counting nothing', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const { id } = await started(c, bank, { numQuestions: 2 });
    const before = await written(id);
    clock.advance(5_000);
    const withToken = (token?: string) =>
      c.req({
        method: 'PATCH',
        url: '/api/v2/tests/alive',
        json: { testUuid: id },
        noCsrf: true,
        headers: token ? { 'x-csrf-token': token } : {},
      });
    for (const token of [undefined, 'not-the-token', (await learner(bank)).c.accessToken!]) {
      const res = await withToken(token);
      expect([res.status, res.body.code]).toEqual([403, 'CSRF']);
    }
    expect(await written(id)).toStrictEqual(before);

    // Idle past the session's limit, then a session ended elsewhere: expired, and the cookie is cleared.
    const idle = await learner(bank);
    const { id: idleId } = await started(idle.c, bank, { numQuestions: 1 });
    clock.advance(8 * 24 * 60 * MINUTE);
    const idleRes = await keepAlive(idle.c, { testUuid: idleId });
    expect([idleRes.status, idleRes.body.code]).toEqual([401, 'SESSION_EXPIRED']);
    await seenNow(c);
    await t.deps.db.execute(sql`DELETE FROM sessions WHERE access_token = ${c.accessToken}`);
    const ended = await keepAlive(c, { testUuid: id });
    expect([ended.status, ended.body.code]).toEqual([401, 'SESSION_EXPIRED']);
    expect(c.cookies.has('qbank_session')).toBe(false);
    expect(await written(id)).toStrictEqual(before);
  });
});

describe('review, pools, My Tests and the dashboard', () => {
  it('reviews a finished test with score, percentile and shares; feeds the INCORRECT, FLAGGED and UNUSED pools', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 3 });
    const { c } = await learner(bank);
    const { id, view } = await started(c, bank, { numQuestions: 4 });
    const [q1, q2, q3] = view.questions as Array<{ uuid: string }>;
    await answer(c, id, q1!.uuid, correctOf(bank, q1!.uuid).correct);
    await answer(c, id, q2!.uuid, correctOf(bank, q2!.uuid).choices[1]!);
    await patch(c, `${id}/questions/${q3!.uuid}/flag`, { flagged: true });
    expect((await reviewOf(c, id)).status).toBe(409);
    await patch(c, `${id}/finalize`);
    const review = (await reviewOf(c, id)).body;
    expect(review).toMatchObject({
      correct: 1,
      answered: 2,
      scorePercent: 25,
      percentile: 50,
      numQuestions: 4,
    });
    const r2 = review.questions[1];
    expect(r2).toMatchObject({ correct: false, selectedChoice: correctOf(bank, q2!.uuid).choices[1] });
    // One learner's answer is no share to show: only how many answered.
    expect(r2.solution).toMatchObject({ attempts: 1, choiceShares: [] });
    expect(review.questions[3].correct).toBeNull();

    const pools = async (p: string) =>
      (await c.req({ url: `/api/v2/tests/products/${bank.product.id}/available?pools=${p}` })).body.total;
    expect(await pools('ALL')).toBe(6);
    expect(await pools('UNUSED')).toBe(2);
    expect(await pools('INCORRECT')).toBe(1);
    expect(await pools('FLAGGED')).toBe(1);
    expect(await pools('UNUSED,INCORRECT')).toBe(3);
    clock.advance(1_000); // My Tests lists newest first: the second test is a second later
    const next = await started(c, bank, { pools: ['INCORRECT', 'FLAGGED'], numQuestions: 10 });
    expect(next.view.questions.map((q: { uuid: string }) => q.uuid).sort()).toEqual(
      [q2!.uuid, q3!.uuid].sort(),
    );
    expect(next.view.questions.find((q: { uuid: string }) => q.uuid === q3!.uuid).flagged).toBe(true);

    const list = (await c.req({ url: `/api/v2/tests?productUuid=${bank.product.id}` })).body;
    expect(list).toMatchObject({ totalElements: 2, page: 0, totalPages: 1 });
    expect(list.content[0]).toMatchObject({ uuid: next.id, status: 'IN_PROGRESS', scorePercent: null });
    expect(list.content[1]).toMatchObject({ uuid: id, status: 'COMPLETED', scorePercent: 25, answered: 2 });

    const dash = (await c.req({ url: `/api/v2/tests/products/${bank.product.id}/dashboard` })).body;
    expect(dash).toMatchObject({
      totalQuestions: 6,
      usedQuestions: 4,
      answered: 2,
      correct: 1,
      percentCorrect: 50,
      averagePercentCorrect: 50,
      openTest: { uuid: next.id },
    });
    expect(dash.bySubject).toHaveLength(1);
    expect(dash.recentTests).toHaveLength(2);
  });

  it('first attempts ended at the same moment all count, each once, however the counts row is first made', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 1, perSubcategory: 1 });
    const q = bank.questions[0]!;
    const learners = await Promise.all(Array.from({ length: 6 }, () => learner(bank)));
    // Half choose the correct answer, half the second choice; all end their tests at once.
    const tests = await Promise.all(
      learners.map(async ({ c }, k) => {
        const { id } = await started(c, bank, { numQuestions: 1 });
        expect((await answer(c, id, q.id, k % 2 === 0 ? q.correct : q.choices[1]!)).status).toBe(200);
        return { c, id };
      }),
    );
    const ends = await Promise.all(tests.map(({ c, id }) => patch(c, `${id}/finalize`)));
    expect(ends.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Ending one again (a retry) answers the same and counts nothing more.
    expect((await patch(tests[0]!.c, `${tests[0]!.id}/finalize`)).status).toBe(200);
    const solution = (await reviewOf(tests[0]!.c, tests[0]!.id)).body.questions[0].solution;
    expect(solution.attempts).toBe(6);
    const count = (choice: string) =>
      solution.choiceShares.find((s: { uuid: string }) => s.uuid === choice).count as number;
    expect([count(q.correct), count(q.choices[1]!)]).toEqual([3, 3]);
  });

  it('a new learner’s dashboard is empty but useful', async () => {
    const bank = await buildBank(t.deps.db);
    const { c } = await learner(bank);
    const dash = (await c.req({ url: `/api/v2/tests/products/${bank.product.id}/dashboard` })).body;
    expect(dash).toMatchObject({
      totalQuestions: 10,
      usedQuestions: 0,
      percentCorrect: null,
      openTest: null,
      recentTests: [],
      bySubject: [],
    });
  });
});
