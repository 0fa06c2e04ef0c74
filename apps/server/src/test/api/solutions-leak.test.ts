import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EXPORT_FORMATS, questionRead } from '@qbank/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBank } from '../bank-factory';
import type { TestClient, TestResponse } from '../client';
import { type MemberRoles, multipart, signedIn } from '../factories';
import { LEARNER_VIEW_KEYS, solutionKeysIn } from '../solutions';
import { appForFile, createTestApp } from '../test-app';

// SPEC: "a student receives a question's correct choice and explanations only from a tutor answer or the
// review of their own finished test; no other call returns them to a student." Every call of the questions,
// catalogue and imports modules a student can make answers a refusal, or the question without its solution
// (docs/questions.md, "What a learner reads"); every exam call carries none before the test ends, but a tutor
// answer's own. The question's staff still read the solution.

const t = appForFile(() => createTestApp());

// Words that appear only in the solutions of this file's questions: no answer may carry them at all, whatever
// the field is called.
const EXPLANATION = 'Rheumatic fever scars the mitral valve first';
const REFERENCE = 'Harrison chapter 283 on valvular disease';
const REINFORCEMENT = 'Opening snap means mitral stenosis';
/** A choice's own explanation: part of the solution too. */
const CHOICE_WHY = 'Aortic regurgitation murmurs start right after the second sound';

/** Asserts an answer carries nothing of a solution: no key naming one, none of the solutions' words. */
function expectNoSolution(res: TestResponse) {
  expect(solutionKeysIn(res.body), res.text).toEqual([]);
  for (const words of [
    EXPLANATION,
    REFERENCE,
    REINFORCEMENT,
    CHOICE_WHY,
    'Because the first one is',
    'A textbook',
  ])
    expect(res.text).not.toContain(words);
}

type Member = Awaited<ReturnType<typeof signedIn>>;
const member = (productId: string | null, roles: MemberRoles = {}, superuser = false) =>
  signedIn(t, { product: productId, roles, user: { superuser } });

const png = new Uint8Array(fs.readFileSync(path.join(__dirname, '../../lib/__fixtures__/pixel.png')));

/**
 * A question with every part of a solution filled in: explanation, its image, references, key points, a
 * choice's own explanation.
 */
function richQuestion(productUuid: string, subcategoryUuid: string, over: Record<string, unknown> = {}) {
  const choices = [randomUUID(), randomUUID(), randomUUID()];
  return {
    uuid: randomUUID(),
    productUuid,
    name: 'Opening snap',
    questionStem: '<p>A diastolic rumble with an opening snap. Which valve?</p>',
    explanation: `<p>${EXPLANATION}.</p>`,
    answerChoices: [
      { uuid: choices[0], text: 'Mitral' },
      { uuid: choices[1], text: 'Aortic', explanation: `<p>${CHOICE_WHY}.</p>` },
      { uuid: choices[2], text: 'Tricuspid' },
    ],
    correctAnswerChoice: choices[0],
    references: [REFERENCE],
    reinforcements: [REINFORCEMENT],
    subcategoryUuid,
    freeSample: true,
    ...over,
  };
}

/** The choices as a learner reads them: id and text, no explanation. */
const learnerChoices = (q: ReturnType<typeof richQuestion>) =>
  q.answerChoices.map(({ uuid, text }) => ({ uuid, text }));

const uploadMedia = (c: TestClient, questionId: string, mediaType: 'STEM' | 'EXPLANATION') =>
  c.req({
    method: 'POST',
    url: `/api/v2/questionMedia/${questionId}?mediaType=${mediaType}&async=false`,
    ...multipart('pixel.png', png, 'media', 'image/png'),
  });

describe('what a learner reads of a question', () => {
  let bank: Awaited<ReturnType<typeof buildBank>>;
  let admin: Member;
  let rich: ReturnType<typeof richQuestion>;
  let premium: Member;
  let basic: Member;

  beforeAll(async () => {
    // Six published questions, every second one in the free sample; and one with a whole solution.
    bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 3, freeEvery: 2 });
    admin = await member(bank.product.id, { admin: true });
    rich = richQuestion(bank.product.id, bank.subcategoryIds[0]!);
    expect((await admin.req({ method: 'POST', url: '/api/v2/questions', json: rich })).status).toBe(200);
    expect((await uploadMedia(admin, rich.uuid, 'STEM')).status).toBe(201);
    expect((await uploadMedia(admin, rich.uuid, 'EXPLANATION')).status).toBe(201);
    const published = await admin.req({
      method: 'PUT',
      url: `/api/v2/questions/${rich.uuid}`,
      json: { ...rich, status: 'PUBLISHED' },
    });
    expect(published.status).toBe(200);
    premium = await member(bank.product.id, { student: true, type: 'PREMIUM' });
    basic = await member(bank.product.id, { student: true, type: 'BASIC' });
  });

  it('during a running timed test, GET questions/{id} answers each question without its solution', async () => {
    const created = await premium.req({
      method: 'POST',
      url: '/api/v2/tests',
      json: {
        uuid: randomUUID(),
        productUuid: bank.product.id,
        mode: 'TIMED',
        pools: ['ALL'],
        subcategoryUuids: bank.subcategoryIds,
        numQuestions: 7,
      },
    });
    expect(created.status).toBe(201);
    const run = (await premium.req({ url: `/api/v2/tests/${created.body.uuid}/questions` })).body;
    expect(run).toMatchObject({ mode: 'TIMED', status: 'IN_PROGRESS' });
    expect(run.questions).toHaveLength(7);
    for (const q of run.questions) {
      const res = await premium.req({ url: `/api/v2/questions/${q.uuid}` });
      expect(res.status).toBe(200);
      expectNoSolution(res);
      // What the exam screen shows, and no more.
      expect(res.body).toMatchObject({
        view: 'LEARNER',
        uuid: q.uuid,
        questionStem: q.questionStem,
        answerChoices: q.answerChoices,
        stemMediaUrls: q.stemMediaUrls,
      });
    }
  });

  it('every exam call of a running timed test, and of a tutor test before its answer, carries no solution', async () => {
    /** Timed: nothing of any solution. Tutor: nothing of the question not answered yet (others are answered). */
    const expectNothingOfIt = (res: TestResponse, mode: 'TIMED' | 'TUTOR') => {
      expect(res.status, res.text).toBeLessThan(300);
      if (mode === 'TIMED') expect(solutionKeysIn(res.body, { ignoreNull: true }), res.text).toEqual([]);
      for (const words of [EXPLANATION, REFERENCE, REINFORCEMENT, CHOICE_WHY])
        expect(res.text).not.toContain(words);
    };
    for (const mode of ['TIMED', 'TUTOR'] as const) {
      const learner = await member(bank.product.id, { student: true, type: 'PREMIUM' });
      const id = randomUUID();
      const created = await learner.req({
        method: 'POST',
        url: '/api/v2/tests',
        json: {
          uuid: id,
          productUuid: bank.product.id,
          mode,
          pools: ['ALL'],
          subcategoryUuids: bank.subcategoryIds,
          numQuestions: 7, // the whole bank: the question with a whole solution is in it
        },
      });
      expect(created.status).toBe(201);
      const run = await learner.req({ url: `/api/v2/tests/${id}/questions` });
      expectNothingOfIt(run, mode);
      const other = run.body.questions.find((q: { uuid: string }) => q.uuid !== rich.uuid);
      const q = (path: string) => `/api/v2/tests/${id}/questions/${rich.uuid}/${path}`;
      const calls = [
        () => learner.req({ method: 'PATCH', url: q('flag'), json: { flagged: true } }),
        () =>
          learner.req({
            method: 'PATCH',
            url: q('marks'),
            json: { struck: [rich.answerChoices[1]!.uuid], highlights: [], note: 'a note' },
          }),
        () =>
          learner.req({
            method: 'PATCH',
            url: '/api/v2/tests/alive',
            json: { testUuid: id, questionUuid: rich.uuid },
          }),
        () => learner.req({ method: 'PATCH', url: `/api/v2/tests/${id}/pause`, json: {} }),
        () => learner.req({ method: 'PATCH', url: `/api/v2/tests/${id}/start`, json: {} }),
        // Another question's answer reveals nothing of this one, in either mode.
        () =>
          learner.req({
            method: 'PATCH',
            url: `/api/v2/tests/${id}/questions/${other.uuid}/answer`,
            json: { choice: other.answerChoices[0].uuid },
          }),
        () => learner.req({ url: `/api/v2/tests/${id}/questions` }),
      ];
      if (mode === 'TIMED')
        calls.push(
          () =>
            learner.req({ method: 'PATCH', url: q('answer'), json: { choice: rich.answerChoices[2]!.uuid } }),
          () => learner.req({ method: 'PATCH', url: q('unanswer'), json: {} }),
          () =>
            learner.req({ method: 'PATCH', url: q('answer'), json: { choice: rich.correctAnswerChoice } }),
          () => learner.req({ url: `/api/v2/tests/${id}/questions` }),
        );
      for (const call of calls) expectNothingOfIt(await call(), mode);
      // The review waits for the end of the test.
      const review = await learner.req({ url: `/api/v2/tests/${id}/review` });
      expect(review.status).toBe(409);
      expectNoSolution(review);
    }
  });

  it('the learner view holds the stem, its media and the choices, nothing else', async () => {
    const res = await premium.req({ url: `/api/v2/questions/${rich.uuid}` });
    expect(res.status).toBe(200);
    expectNoSolution(res);
    const body = res.body;
    expect(Object.keys(body).sort()).toEqual(LEARNER_VIEW_KEYS);
    expect(body).toMatchObject({
      view: 'LEARNER',
      uuid: rich.uuid,
      productUuid: bank.product.id,
      subcategoryUuid: bank.subcategoryIds[0],
      name: 'Opening snap',
      questionStem: rich.questionStem,
      answerChoices: learnerChoices(rich),
      stemMediaUrls: [expect.objectContaining({ contentType: 'image/png' })],
    });
  });

  it('on a free (BASIC) plan: the free sample without solutions; any other question does not exist', async () => {
    const free = await basic.req({ url: `/api/v2/questions/${rich.uuid}` });
    expect(free.status).toBe(200);
    expectNoSolution(free);
    expect(free.body.view).toBe('LEARNER');
    for (const q of bank.questions) {
      const res = await basic.req({ url: `/api/v2/questions/${q.id}` });
      expect(res.status).toBe(q.freeSample ? 200 : 404);
      expectNoSolution(res);
    }
  });

  it("a writer who is also a student reads another writer's question as a learner", async () => {
    const both = await member(bank.product.id, { questionWriter: true, student: true });
    const res = await both.req({ url: `/api/v2/questions/${rich.uuid}` });
    expect(res.status).toBe(200);
    expectNoSolution(res);
    // Their own question is theirs to author: the solution is shown.
    const own = richQuestion(bank.product.id, bank.subcategoryIds[0]!);
    expect((await both.req({ method: 'POST', url: '/api/v2/questions', json: own })).status).toBe(200);
    expect((await both.req({ url: `/api/v2/questions/${own.uuid}` })).body).toMatchObject({
      view: 'STAFF',
      correctAnswerChoice: own.correctAnswerChoice,
    });
  });

  it('the question calls for its staff refuse a learner, and allowedStatuses tells them nothing', async () => {
    for (const learner of [premium, basic]) {
      const allowed = await learner.req({ url: `/api/v2/questions/${rich.uuid}/allowedStatuses` });
      expect(allowed.status).toBe(200);
      expect(allowed.body).toEqual([]);
      for (const url of [
        `/api/v2/questions/${rich.uuid}/versions`,
        `/api/v2/questions/${rich.uuid}/versions/1`,
        `/api/v2/questions/${rich.uuid}/versions/2`,
        `/api/v2/comments/questions/${rich.uuid}`,
      ]) {
        const res = await learner.req({ url });
        expect(res.status, url).toBe(404);
        expectNoSolution(res);
      }
      const restore = await learner.req({
        method: 'POST',
        url: `/api/v2/questions/${rich.uuid}/versions/1/restore`,
      });
      expect(restore.status).toBe(404);
      for (const url of [
        `/api/v2/questions/products/${bank.product.id}/writerOrAuditor`,
        `/api/v2/questions/products/${bank.product.id}/writerOrAuditor?filterRole=ADMIN`,
        `/api/v2/questions/products/${bank.product.id}/statusCounts`,
        ...EXPORT_FORMATS.map((f) => `/api/v2/questions/products/${bank.product.id}/export?format=${f}`),
      ]) {
        const res = await learner.req({ url });
        expect(res.status, url).toBe(403);
        expectNoSolution(res);
      }
    }
  });

  it("an import's preview and issues are not a learner's to read", async () => {
    const writer = await member(bank.product.id, { questionWriter: true });
    const gift = fs.readFileSync(
      path.join(__dirname, '../../modules/imports/formats/samples/cardiology.gift'),
    );
    const upload = await writer.req({
      method: 'POST',
      url: `/api/v2/questionImports/products/${bank.product.id}`,
      ...multipart('cardiology.gift', gift),
    });
    expect(upload.status).toBe(202);
    await t.runJobs();
    const id = upload.body.uuid as string;
    expect((await writer.req({ url: `/api/v2/questionImports/${id}` })).status).toBe(200);
    for (const url of [`/api/v2/questionImports/${id}`, `/api/v2/questionImports/${id}/issues.csv`]) {
      const res = await premium.req({ url });
      expect(res.status, url).toBe(404);
      expectNoSolution(res);
    }
  });

  it('browsing the bank answers the learner view of each question, on either plan', async () => {
    for (const learner of [premium, basic]) {
      const res = await learner.req({ url: `/api/v1/questions/products/${bank.product.id}?size=100` });
      expect(res.status).toBe(200);
      expectNoSolution(res);
      const page = res.body;
      expect(page.content.map((q: { uuid: string }) => q.uuid)).toContain(rich.uuid);
      expect(page.content.every((q: { view: string }) => q.view === 'LEARNER')).toBe(true);
    }
  });

  it('the catalogue reads carry counts and names, no question content', async () => {
    const tree = await premium.req({ url: `/api/v2/products/${bank.product.id}/tree` });
    expect(tree.status).toBe(200);
    expectNoSolution(tree);
    const subject = bank.subjectIds[0]!;
    const categories = await premium.req({ url: `/api/v1/categories/subjects/${subject}` });
    const category = categories.body[0].uuid as string;
    for (const url of [
      `/api/v1/subjects/products/${bank.product.id}`,
      `/api/v1/subjects/${subject}`,
      `/api/v1/categories/subjects/${subject}`,
      `/api/v1/categories/${category}`,
      `/api/v1/subcategories/categories/${category}`,
    ]) {
      const res = await premium.req({ url });
      expect(res.status, url).toBe(200);
      expectNoSolution(res);
    }
  });

  it('a learner answer is serialized through the learner schema: solution fields handed to it are dropped', async () => {
    const whole = (await admin.req({ url: `/api/v2/questions/${rich.uuid}` })).body;
    expect(solutionKeysIn(whole)).not.toEqual([]);
    const asLearner = questionRead.parse({ ...whole, view: 'LEARNER' });
    expect(solutionKeysIn(asLearner)).toEqual([]);
    expect(JSON.stringify(asLearner)).not.toContain(EXPLANATION);
  });

  it("the question's staff still read its solution: admin, auditor, superuser and its writer", async () => {
    const auditor = await member(bank.product.id, { questionAuditor: true });
    const su = await member(null, {}, true);
    for (const staff of [admin, auditor, su]) {
      const res = await staff.req({ url: `/api/v2/questions/${rich.uuid}` });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        view: 'STAFF',
        status: 'PUBLISHED',
        correctAnswerChoice: rich.correctAnswerChoice,
        explanation: `<p>${EXPLANATION}.</p>`,
        explanationMediaUrls: [expect.objectContaining({ contentType: 'image/png' })],
        references: [REFERENCE],
        reinforcements: [REINFORCEMENT],
        answerChoices: [
          { text: 'Mitral', explanation: '' },
          { text: 'Aortic', explanation: `<p>${CHOICE_WHY}.</p>` },
          { text: 'Tricuspid', explanation: '' },
        ],
      });
      const v1 = await staff.req({ url: `/api/v2/questions/${rich.uuid}/versions/1` });
      expect(v1.body).toMatchObject({ correctAnswerChoice: rich.correctAnswerChoice });
    }
    const writer = await member(bank.product.id, { questionWriter: true });
    const draft = richQuestion(bank.product.id, bank.subcategoryIds[1]!);
    expect((await writer.req({ method: 'POST', url: '/api/v2/questions', json: draft })).status).toBe(200);
    expect((await writer.req({ url: `/api/v2/questions/${draft.uuid}` })).body).toMatchObject({
      view: 'STAFF',
      status: 'DRAFT',
      correctAnswerChoice: draft.correctAnswerChoice,
      reinforcements: [REINFORCEMENT],
    });
  });
});
