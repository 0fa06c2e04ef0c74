import { randomUUID } from 'node:crypto';
import { learnerQuestionPage } from '@qbank/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPublished, buildBank } from '../bank-factory';
import type { TestClient, TestResponse } from '../client';
import { buildCategory, buildProduct, buildSubcategory, buildSubject, signedIn } from '../factories';
import { LEARNER_VIEW_KEYS, solutionKeysIn } from '../solutions';
import { appForFile, createTestApp } from '../test-app';

// GET /api/v1/questions/products/{id} (SPEC §7): the published questions a learner may browse in their bank,
// as the learner reads them (no solution), a page at a time, in the subject tree's order, by tree node.

const t = appForFile(() => createTestApp());

const EXPLANATION = 'Loop diuretics waste calcium';
/** A page exactly as its schema makes it, with nothing of a solution anywhere in it. */
function expectLearnerPage(res: TestResponse) {
  expect(res.status, res.text).toBe(200);
  const body = res.body;
  expect(learnerQuestionPage.parse(body)).toStrictEqual(body);
  expect(solutionKeysIn(body)).toEqual([]);
  for (const words of [EXPLANATION, 'Because the first one is', 'A textbook'])
    expect(res.text).not.toContain(words);
  return body as {
    content: Array<{ uuid: string; view: string }>;
    page: number;
    size: number;
    totalElements: number;
    totalPages: number;
  };
}

type Roles = Partial<{
  student: boolean;
  admin: boolean;
  type: 'BASIC' | 'PREMIUM' | 'PRIVILEGED';
  active: boolean;
}>;

/** A signed-in client of a new user, subscribed to the product with these roles (null: not subscribed). */
const member = (productId: string | null, roles: Roles = {}, superuser = false) =>
  signedIn(t, { product: productId, roles, user: { superuser } });

describe('GET /api/v1/questions/products/{id}', () => {
  let bank: Awaited<ReturnType<typeof buildBank>>;
  /** The bank's published questions in the order the learner browses them. */
  let order: string[];
  let free: string[];
  let early: { subjectId: string; categoryId: string; subcategoryId: string; questionId: string };
  let premium: TestClient;
  let admin: TestClient;
  const browse = (c: TestClient, query = '', productId = bank.product.id) =>
    c.req({ url: `/api/v1/questions/products/${productId}${query}` });
  const ids = (body: { content: Array<{ uuid: string }> }) => body.content.map((q) => q.uuid);

  beforeAll(async () => {
    // Subject 1 (position 0): Subcategories 1 and 2; Subject 2 (position 2): Subcategories 3 and 4; three
    // questions each, every second one in the free sample.
    bank = await buildBank(t.deps.db, { subcategories: 4, perSubcategory: 3, freeEvery: 2 });
    admin = await member(bank.product.id, { admin: true });
    // A subject made last but placed first: the tree's order comes before the questions' creation.
    const subject = await buildSubject(t.deps.db, bank.product.id, 'Anatomy', -1);
    const category = await buildCategory(t.deps.db, subject.id, 'Heart');
    const subcategory = await buildSubcategory(t.deps.db, category.id, 'Valves');
    const first = await addPublished(t.deps.db, bank.product.id, bank.author.id, subcategory.id);
    early = {
      subjectId: subject.id,
      categoryId: category.id,
      subcategoryId: subcategory.id,
      questionId: first.id,
    };
    // A published question filed nowhere comes last; a draft and a deleted one are not browsed.
    const question = (over: Record<string, unknown>) => {
      const a = randomUUID();
      return {
        uuid: randomUUID(),
        productUuid: bank.product.id,
        questionStem: '<p>Which diuretic causes hypocalcaemia?</p>',
        explanation: `<p>${EXPLANATION}.</p>`,
        answerChoices: [
          { uuid: a, text: 'Furosemide' },
          { uuid: randomUUID(), text: 'Thiazide' },
        ],
        correctAnswerChoice: a,
        references: ['A textbook, chapter 9'],
        reinforcements: [EXPLANATION],
        ...over,
      };
    };
    const unfiled = question({ status: 'PUBLISHED', freeSample: true });
    const draft = question({ subcategoryUuid: bank.subcategoryIds[0] });
    const deleted = question({ status: 'PUBLISHED', subcategoryUuid: bank.subcategoryIds[0] });
    for (const q of [unfiled, draft, deleted])
      expect((await admin.req({ method: 'POST', url: '/api/v2/questions', json: q })).status).toBe(200);
    expect((await admin.req({ method: 'DELETE', url: `/api/v2/questions/${deleted.uuid}` })).status).toBe(
      200,
    );
    order = [first.id, ...bank.questions.map((q) => q.id), unfiled.uuid];
    free = [...bank.questions.filter((q) => q.freeSample).map((q) => q.id), unfiled.uuid];
    premium = await member(bank.product.id, { student: true, type: 'PREMIUM' });
  });

  it('answers a PREMIUM learner every published question, in tree order, without solutions', async () => {
    const body = expectLearnerPage(await browse(premium));
    expect(body).toMatchObject({ page: 0, size: 20, totalElements: 14, totalPages: 1 });
    expect(ids(body)).toEqual(order);
    expect(Object.keys(body.content[1]!).sort()).toEqual(LEARNER_VIEW_KEYS);
    expect(body.content[1]).toMatchObject({
      view: 'LEARNER',
      uuid: bank.questions[0]!.id,
      productUuid: bank.product.id,
      subcategoryUuid: bank.subcategoryIds[0],
      questionStem: '<p>Question 1: which is right?</p>',
      answerChoices: bank.questions[0]!.choices.map((uuid, i) => ({
        uuid,
        text: `<p>Choice ${'ABCD'[i]}</p>`,
      })),
    });
  });

  it('pages: the pages put together are the whole list, and a page past the end is empty', async () => {
    const pages = [];
    for (let page = 0; page < 3; page++) {
      const body = expectLearnerPage(await browse(premium, `?page=${page}&size=5`));
      expect(body).toMatchObject({ page, size: 5, totalElements: 14, totalPages: 3 });
      pages.push(...ids(body));
    }
    expect(pages).toEqual(order);
    const past = expectLearnerPage(await browse(premium, '?page=3&size=5'));
    expect(past).toMatchObject({ content: [], page: 3, totalElements: 14, totalPages: 3 });
    // A page that starts inside one subcategory and ends inside another.
    expect(ids(expectLearnerPage(await browse(premium, '?page=1&size=4')))).toEqual(order.slice(4, 8));
  });

  it('filters by subject, category and subcategory; a node of another product gives an empty page', async () => {
    const [subject1, subject2] = bank.subjectIds;
    expect(ids(expectLearnerPage(await browse(premium, `?subjectUuid=${subject1}`)))).toEqual(
      order.slice(1, 7),
    );
    expect(ids(expectLearnerPage(await browse(premium, `?subjectUuid=${subject2}`)))).toEqual(
      order.slice(7, 13),
    );
    expect(ids(expectLearnerPage(await browse(premium, `?categoryUuid=${early.categoryId}`)))).toEqual([
      early.questionId,
    ]);
    const sub3 = expectLearnerPage(
      await browse(premium, `?subcategoryUuid=${bank.subcategoryIds[2]}&size=2`),
    );
    expect(sub3).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(ids(sub3)).toEqual(order.slice(7, 9));
    // Filters add up: a subcategory outside the subject asked for matches nothing.
    const both = `?subjectUuid=${subject1}&subcategoryUuid=${bank.subcategoryIds[1]}`;
    expect(ids(expectLearnerPage(await browse(premium, both)))).toEqual(order.slice(4, 7));
    const neither = `?subjectUuid=${subject2}&subcategoryUuid=${bank.subcategoryIds[1]}`;
    expect(expectLearnerPage(await browse(premium, neither))).toMatchObject({
      content: [],
      totalElements: 0,
    });

    const other = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    for (const query of [
      `?subjectUuid=${other.subjectIds[0]}`,
      `?subcategoryUuid=${other.subcategoryIds[0]}`,
      `?subjectUuid=${randomUUID()}`,
    ])
      expect(expectLearnerPage(await browse(premium, query))).toMatchObject({
        content: [],
        totalElements: 0,
        totalPages: 0,
      });
  });

  it('a BASIC (free plan) learner browses the free sample only', async () => {
    const basic = await member(bank.product.id, { student: true, type: 'BASIC' });
    const body = expectLearnerPage(await browse(basic));
    expect(body).toMatchObject({ totalElements: free.length, totalPages: 1 });
    expect(ids(body)).toEqual(free);
    const paged = expectLearnerPage(await browse(basic, '?page=1&size=3'));
    expect(ids(paged)).toEqual(free.slice(3, 6));
    expect(ids(expectLearnerPage(await browse(basic, `?subjectUuid=${bank.subjectIds[1]}`)))).toEqual(
      free.slice(3, 6),
    );
  });

  it("the product's staff and superusers browse the published questions too, still without solutions", async () => {
    expect(ids(expectLearnerPage(await browse(admin)))).toEqual(order);
    const su = await member(null, {}, true);
    expect(ids(expectLearnerPage(await browse(su)))).toEqual(order);
  });

  it('bad input is refused naming the field', async () => {
    for (const [query, field] of [
      ['?subjectUuid=nope', 'subjectUuid'],
      ['?categoryUuid=1234', 'categoryUuid'],
      ['?subcategoryUuid=x', 'subcategoryUuid'],
      ['?size=101', 'size'],
      ['?size=0', 'size'],
      ['?page=-1', 'page'],
      ['?page=two', 'page'],
    ]) {
      const res = await browse(premium, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', field });
    }
    expect((await browse(premium, '?subjectUuid=nope')).body.message).toBe('subjectUuid must be a UUID');
    const badId = await premium.req({ url: '/api/v1/questions/products/not-a-uuid' });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ field: 'id' });
  });

  it('who may browse: signed in (401), a product they may see (404), an active subscription (403)', async () => {
    expect((await browse(t.client())).status).toBe(401);
    const outsider = await member(null);
    const refused = await browse(outsider);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', field: 'id' });
    const lapsed = await member(bank.product.id, { student: true, active: false });
    expect((await browse(lapsed)).status).toBe(403);
    expect((await browse(outsider, '', randomUUID())).status).toBe(404);

    const hidden = await buildProduct(t.deps.db, { published: false });
    const res = await browse(outsider, '', hidden.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
    const insider = await member(hidden.id, { student: true });
    expect(expectLearnerPage(await browse(insider, '', hidden.id))).toMatchObject({ totalElements: 0 });
  });
});
