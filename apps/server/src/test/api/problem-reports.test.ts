import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questionComments } from '../../db/schema';
import { buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { buildSubscription, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());
type Bank = Awaited<ReturnType<typeof buildBank>>;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const report = (c: TestClient, questionId: string, json: unknown) =>
  c.req({ method: 'POST', url: `/api/v2/questions/${questionId}/problemReports`, json });
const thread = (c: TestClient, questionId: string) => c.get(`/api/v2/comments/questions/${questionId}`);
const resolve = (c: TestClient, commentId: string) =>
  c.req({ method: 'POST', url: `/api/v2/comments/${commentId}/resolve` });
const reportsOf = (questionId: string) =>
  t.deps.db.select().from(questionComments).where(eq(questionComments.questionId, questionId));

/** A learner of the bank with a running test of two of its questions; answers the test's question ids. */
async function learnerWithTest(bank: Bank) {
  const c = await signedIn(t, { product: bank.product.id, user: { firstName: 'Lena', lastName: 'Learner' } });
  const created = await c.req({
    method: 'POST',
    url: '/api/v2/tests',
    json: {
      uuid: randomUUID(),
      productUuid: bank.product.id,
      mode: 'TUTOR',
      pools: ['ALL'],
      subcategoryUuids: bank.subcategoryIds,
      numQuestions: 2,
    },
  });
  expect(created.status).toBe(201);
  const run = await c.get(`/api/v2/tests/${created.body.uuid}/questions`);
  const inTest: string[] = run.body.questions.map((q: { uuid: string }) => q.uuid);
  const notInTest = bank.questions.map((q) => q.id).filter((id) => !inTest.includes(id));
  return { c, inTest, notInTest };
}

/** The bank's writer (the author of its questions) and an auditor, signed in. */
async function staff(bank: Bank) {
  await buildSubscription(t.deps.db, bank.author.id, bank.product.id, {
    type: 'PRIVILEGED',
    student: false,
    questionWriter: true,
  });
  const writer = await signedIn(t, { as: bank.author });
  const auditor = await signedIn(t, {
    product: bank.product.id,
    roles: { questionAuditor: true },
    user: { firstName: 'Audrey', lastName: 'Auditor' },
  });
  return { writer, auditor };
}

describe('reporting a problem with a question', () => {
  it('reaches the writer and auditors as a report without the learner’s name; staff resolve it', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    const { c, inTest } = await learnerWithTest(bank);
    const { writer, auditor } = await staff(bank);
    const qid = inTest[0]!;

    const sent = await report(c, qid, { body: '  Choice C is also correct: see the 2024 guideline.  ' });
    expect(sent.status).toBe(201);
    // The learner is told it was sent, and nothing of who wrote or reviews the question.
    expect(Object.keys(sent.body).sort()).toEqual(['createdAt', 'uuid']);

    for (const who of [writer, auditor]) {
      const res = await thread(who, qid);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          uuid: sent.body.uuid,
          body: 'Choice C is also correct: see the 2024 guideline.',
          kind: 'PROBLEM_REPORT',
          author: null,
          versionNumber: 1,
          createdAt: sent.body.createdAt,
          resolvedAt: null,
          resolvedBy: null,
        },
      ]);
      // Not the learner's id, e-mail or name anywhere in the thread.
      for (const secret of [c.user.id, c.user.email, 'Lena']) expect(res.text).not.toContain(secret);
    }

    // A staff comment in the same thread still names its author.
    const comment = await auditor.post(`/api/v2/comments/questions/${qid}`, { body: 'Checking the source.' });
    expect(comment.status).toBe(201);
    expect(comment.body).toMatchObject({
      kind: 'COMMENT',
      author: { firstName: 'Audrey' },
      resolvedAt: null,
    });

    const resolved = await resolve(auditor, sent.body.uuid);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      uuid: sent.body.uuid,
      kind: 'PROBLEM_REPORT',
      author: null,
      resolvedAt: expect.any(String),
      resolvedBy: { uuid: auditor.user.id, firstName: 'Audrey', lastName: 'Auditor' },
    });
    // Resolving again (the writer, a moment later) keeps the first resolution.
    const again = await resolve(writer, sent.body.uuid);
    expect(again.status).toBe(200);
    expect(again.body.resolvedAt).toBe(resolved.body.resolvedAt);
    expect(again.body.resolvedBy.uuid).toBe(auditor.user.id);
    const after = await thread(writer, qid);
    expect(
      after.body.map((x: { kind: string; resolvedAt: string | null }) => [x.kind, !!x.resolvedAt]),
    ).toEqual([
      ['PROBLEM_REPORT', true],
      ['COMMENT', false],
    ]);
  });

  it('is refused for a question outside the learner’s own tests (404), and for bad input (400 naming the field)', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    const { c, inTest, notInTest } = await learnerWithTest(bank);
    const other = await learnerWithTest(bank);
    const stranger = await signedIn(t);

    for (const [who, qid] of [
      [c, notInTest[0]!],
      [stranger, inTest[0]!],
      [c, UNKNOWN],
    ] as const) {
      const res = await report(who, qid, { body: 'Wrong answer key' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
    }
    // Another learner's test holds it too: each reports only from their own.
    expect((await report(other.c, other.inTest[0]!, { body: 'Typo' })).status).toBe(201);

    const bad: Array<[unknown, RegExp]> = [
      [{}, /body/],
      [{ body: '   ' }, /^body is required$/],
      [{ body: 'x'.repeat(2001) }, /^body must be at most 2000 characters$/],
      [{ body: 5 }, /body/],
    ];
    for (const [json, message] of bad) {
      const res = await report(c, inTest[0]!, json);
      expect(res.status, JSON.stringify(json).slice(0, 40)).toBe(400);
      expect(res.body.field).toBe('body');
      expect(res.body.message).toMatch(message);
    }
    const badId = await report(c, 'not-a-uuid', { body: 'x' });
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('id');
    // Nothing of this learner's was written (the other learner's test may hold the same question).
    expect((await reportsOf(inTest[0]!)).filter((r) => r.authorId === c.user.id)).toHaveLength(0);
    expect(
      (
        await t
          .client()
          .req({ method: 'POST', url: `/api/v2/questions/${inTest[0]}/problemReports`, json: { body: 'x' } })
      ).status,
    ).toBe(401);
  });

  it('lets only the question’s staff read and resolve reports, and resolves nothing but a report', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    const { c, inTest } = await learnerWithTest(bank);
    const { auditor } = await staff(bank);
    const sent = await report(c, inTest[0]!, { body: 'The image does not load' });
    // The learner does not read the thread or resolve; another product's admin neither.
    expect((await thread(c, inTest[0]!)).status).toBe(404);
    expect((await resolve(c, sent.body.uuid)).status).toBe(404);
    const otherBank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 1 });
    const otherAdmin = await signedIn(t, { product: otherBank.product.id, roles: { admin: true } });
    expect((await resolve(otherAdmin, sent.body.uuid)).status).toBe(404);
    // Another writer of the product, not this question's, neither.
    const otherWriter = await signedIn(t, { product: bank.product.id, roles: { questionWriter: true } });
    expect((await resolve(otherWriter, sent.body.uuid)).status).toBe(404);
    expect((await resolve(auditor, UNKNOWN)).status).toBe(404);

    const comment = await auditor.post(`/api/v2/comments/questions/${inTest[0]}`, { body: 'A note' });
    const refused = await resolve(auditor, comment.body.uuid);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'id',
      message: "Only a learner's problem report can be resolved",
    });
    const rows = await reportsOf(inTest[0]!);
    expect(rows.every((r) => r.resolvedAt === null)).toBe(true);
  });

  it('takes at most 10 reports an hour from one learner, however many arrive at once', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    const { c, inTest } = await learnerWithTest(bank);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => report(c, inTest[i % 2]!, { body: `Report ${i}` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const stored = [...(await reportsOf(inTest[0]!)), ...(await reportsOf(inTest[1]!))];
    expect(stored).toHaveLength(10);
    expect(stored.every((r) => r.kind === 'PROBLEM_REPORT' && r.authorId === c.user.id)).toBe(true);
  });
});
