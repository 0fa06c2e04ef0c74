import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { importsApi, MEDIA_MAX_BYTES, mediaApi, RESTORE_DELETED_MESSAGE } from '@qbank/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../../db/client';
import { products, questions, questionVersions, subcategories } from '../../db/schema';
import type { TestClient } from '../client';
import {
  buildCategory,
  buildProduct,
  buildSubcategory,
  buildSubject,
  buildSubscription,
  type MemberRoles,
  multipart,
  signedIn,
} from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

/** A signed-in client of a new user subscribed to the product with these roles (none: not subscribed). */
const member = (productId: string | null, roles: MemberRoles = {}, superuser = false) =>
  signedIn(t, { product: productId, roles, user: { superuser, firstName: 'Pat', lastName: 'Lee' } });

async function buildTree(productId: string, name = 'Mitral') {
  const subject = await buildSubject(t.deps.db, productId, 'Cardiology');
  const category = await buildCategory(t.deps.db, subject.id, 'Valves');
  const subcategory = await buildSubcategory(t.deps.db, category.id, name);
  return { subject, category, subcategory };
}

const A = randomUUID();
const B = randomUUID();
const C = randomUUID();

function draft(productUuid: string, over: Record<string, unknown> = {}) {
  return {
    uuid: randomUUID(),
    productUuid,
    name: 'Mitral stenosis murmur',
    questionStem: '<p>A 34-year-old woman has an <strong>opening snap</strong>. Which valve?</p>',
    explanation: '<p>Rheumatic heart disease affects the <em>mitral</em> valve first.</p>',
    answerChoices: [
      { uuid: A, text: 'Mitral' },
      { uuid: B, text: 'Aortic' },
      { uuid: C, text: 'Tricuspid' },
    ],
    correctAnswerChoice: A,
    references: ['Harrison, ch. 283', '', '  '],
    reinforcements: [],
    ...over,
  };
}

const post = (c: TestClient, json: unknown) => c.req({ method: 'POST', url: '/api/v2/questions', json });
const put = (c: TestClient, id: string, json: unknown) =>
  c.req({ method: 'PUT', url: `/api/v2/questions/${id}`, json });
const get = (c: TestClient, url: string) => c.req({ url });

describe('authoring and the review workflow', () => {
  let product: Awaited<ReturnType<typeof buildProduct>>;
  let writer: Awaited<ReturnType<typeof member>>;
  let auditor: Awaited<ReturnType<typeof member>>;
  let admin: Awaited<ReturnType<typeof member>>;
  let q: ReturnType<typeof draft>;

  beforeAll(async () => {
    product = await buildProduct(t.deps.db);
    writer = await member(product.id, { questionWriter: true });
    auditor = await member(product.id, { questionAuditor: true });
    admin = await member(product.id, { admin: true });
    q = draft(product.id);
  });

  it('a writer creates a draft; a retry of the same uuid creates nothing new', async () => {
    const first = await post(writer, q);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ uuid: q.uuid, version: 1 });
    const retry = await post(writer, q);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ uuid: q.uuid, version: 1 });
    const versions = await t.deps.db
      .select()
      .from(questionVersions)
      .where(eq(questionVersions.questionId, q.uuid));
    expect(versions).toHaveLength(1);
    // The same uuid from someone else is not theirs to retry.
    const other = await post(admin, q);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'CONFLICT', field: 'uuid' });
  });

  it('reads back what was saved: choices with their ids, empty references dropped, the author', async () => {
    const res = await get(writer, `/api/v2/questions/${q.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      uuid: q.uuid,
      productUuid: product.id,
      status: 'DRAFT',
      version: 1,
      name: 'Mitral stenosis murmur',
      questionStem: q.questionStem,
      answerChoices: q.answerChoices,
      correctAnswerChoice: A,
      references: ['Harrison, ch. 283'],
      author: { uuid: writer.user.id, firstName: 'Pat', lastName: 'Lee' },
      stemMediaUrls: [],
      explanationMediaUrls: [],
    });
  });

  it('allowed statuses follow the workflow for each role', async () => {
    const allowed = async (c: TestClient) =>
      (await get(c, `/api/v2/questions/${q.uuid}/allowedStatuses`)).body;
    expect(await allowed(writer)).toEqual(['DRAFT', 'SUBMITTED', 'DELETED']);
    expect(await allowed(auditor)).toEqual([]);
    expect(await allowed(admin)).toEqual(['DRAFT', 'SUBMITTED', 'NEEDS_REVISION', 'PUBLISHED', 'DELETED']);
  });

  it('write → submit → comment → send back → fix → resubmit → publish, each step by its role only', async () => {
    // An auditor cannot touch a draft, nor a writer publish it.
    expect((await put(auditor, q.uuid, { ...q, status: 'SUBMITTED' })).status).toBe(403);
    const early = await put(writer, q.uuid, { ...q, status: 'PUBLISHED' });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({
      message: 'You cannot move this question from DRAFT to PUBLISHED',
      field: 'status',
    });

    expect((await put(writer, q.uuid, { ...q, status: 'SUBMITTED' })).body).toEqual({
      uuid: q.uuid,
      version: 2,
    });
    // Submitted, it is the auditor's: the writer can no longer edit it.
    expect((await put(writer, q.uuid, { ...q, name: 'Changed' })).status).toBe(403);

    const comment = await auditor.req({
      method: 'POST',
      url: `/api/v2/comments/questions/${q.uuid}`,
      json: { body: 'Say which murmur you mean: diastolic rumble?' },
    });
    expect(comment.status).toBe(201);
    expect(comment.body).toMatchObject({ versionNumber: 2, author: { uuid: auditor.user.id } });
    expect((await put(auditor, q.uuid, { ...q, status: 'NEEDS_REVISION' })).status).toBe(200);

    const thread = await get(writer, `/api/v2/comments/questions/${q.uuid}`);
    expect(thread.body).toEqual([
      expect.objectContaining({ body: 'Say which murmur you mean: diastolic rumble?', versionNumber: 2 }),
    ]);

    const fixed = { ...q, questionStem: '<p>A diastolic rumble with an opening snap. Which valve?</p>' };
    expect((await put(writer, q.uuid, { ...fixed, status: 'SUBMITTED' })).status).toBe(200);
    expect((await put(auditor, q.uuid, { ...fixed, status: 'PUBLISHED' })).status).toBe(200);

    const [p] = await t.deps.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.questionCount).toBe(1);
    const versions = (await get(writer, `/api/v2/questions/${q.uuid}/versions`)).body;
    expect(versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [5, 'PUBLISHED'],
      [4, 'SUBMITTED'],
      [3, 'NEEDS_REVISION'],
      [2, 'SUBMITTED'],
      [1, 'DRAFT'],
    ]);
    expect(versions[0].editor.uuid).toBe(auditor.user.id);
    // An old version reads as it was.
    const v1 = await get(auditor, `/api/v2/questions/${q.uuid}/versions/1`);
    expect(v1.body).toMatchObject({ version: 1, status: 'DRAFT', questionStem: q.questionStem });
  });

  it('saves sent at once are taken one after the other: each makes its own version, none is lost', async () => {
    const fresh = draft(product.id);
    expect((await post(admin, fresh)).status).toBe(200);
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) => put(admin, fresh.uuid, { ...fresh, name: `Save ${i}` })),
    );
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(saves.map((r) => r.body.version).sort()).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('a save over a newer version is refused instead of overwriting it', async () => {
    const res = await put(admin, q.uuid, { ...q, baseVersion: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', field: 'baseVersion' });
  });

  it('restores an old version as a new one, keeping the status; refused once deleted', async () => {
    const restored = await admin.req({
      method: 'POST',
      url: `/api/v2/questions/${q.uuid}/versions/1/restore`,
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ uuid: q.uuid, version: 6 });
    const now = (await get(admin, `/api/v2/questions/${q.uuid}`)).body;
    expect(now).toMatchObject({ version: 6, status: 'PUBLISHED', questionStem: q.questionStem });

    const del = await admin.req({ method: 'DELETE', url: `/api/v2/questions/${q.uuid}` });
    expect(del.status).toBe(200);
    const [p] = await t.deps.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.questionCount).toBe(0);

    const refused = await admin.req({
      method: 'POST',
      url: `/api/v2/questions/${q.uuid}/versions/2/restore`,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: RESTORE_DELETED_MESSAGE });
    // An admin may bring it back as a draft; then older versions can be restored again.
    expect((await put(admin, q.uuid, { ...q, status: 'DRAFT' })).status).toBe(200);
    const again = await admin.req({ method: 'POST', url: `/api/v2/questions/${q.uuid}/versions/2/restore` });
    expect(again.status).toBe(200);
  });
});

describe('who may read and write', () => {
  let product: Awaited<ReturnType<typeof buildProduct>>;
  let writer: Awaited<ReturnType<typeof member>>;
  let published: string;
  let freeSample: string;
  let draftId: string;

  beforeAll(async () => {
    product = await buildProduct(t.deps.db);
    writer = await member(product.id, { questionWriter: true });
    const admin = await member(product.id, { admin: true });
    const a = draft(product.id, { status: 'PUBLISHED' });
    const b = draft(product.id, { status: 'PUBLISHED', freeSample: true });
    const d = draft(product.id);
    expect((await post(admin, a)).status).toBe(200);
    expect((await post(admin, b)).status).toBe(200);
    expect((await post(writer, d)).status).toBe(200);
    published = a.uuid;
    freeSample = b.uuid;
    draftId = d.uuid;
  });

  it('a learner reads published questions only, and on a free plan only the free sample', async () => {
    const premium = await member(product.id, { student: true, type: 'PREMIUM' });
    expect((await get(premium, `/api/v2/questions/${published}`)).status).toBe(200);
    expect((await get(premium, `/api/v2/questions/${draftId}`)).status).toBe(404);
    expect((await get(premium, `/api/v2/questions/${published}/versions`)).status).toBe(404);
    const basic = await member(product.id, { student: true, type: 'BASIC' });
    expect((await get(basic, `/api/v2/questions/${published}`)).status).toBe(404);
    expect((await get(basic, `/api/v2/questions/${freeSample}`)).status).toBe(200);
    const outsider = await member(null);
    expect((await get(outsider, `/api/v2/questions/${published}`)).status).toBe(404);
    expect((await t.client().req({ url: `/api/v2/questions/${published}` })).status).toBe(401);
  });

  it("a writer sees only their own questions; another product's writer can do nothing here", async () => {
    const other = await member(product.id, { questionWriter: true });
    expect((await get(other, `/api/v2/questions/${draftId}`)).status).toBe(404);
    const list = await get(other, `/api/v2/questions/products/${product.id}/writerOrAuditor`);
    expect(list.body).toMatchObject({ content: [], totalElements: 0 });

    const elsewhere = await buildProduct(t.deps.db);
    const foreign = await member(elsewhere.id, { questionWriter: true, admin: true });
    expect((await get(foreign, `/api/v2/questions/${draftId}`)).status).toBe(404);
    expect((await post(foreign, draft(product.id))).status).toBe(403);
    expect((await put(foreign, draftId, draft(product.id, { uuid: draftId }))).status).toBe(404);
    expect((await foreign.req({ method: 'DELETE', url: `/api/v2/questions/${draftId}` })).status).toBe(404);
    const counts = await get(foreign, `/api/v2/questions/products/${product.id}/statusCounts`);
    expect(counts.status).toBe(403);
    const student = await member(product.id, { student: true });
    expect((await post(student, draft(product.id))).status).toBe(403);
    expect(
      (
        await student.req({
          method: 'POST',
          url: `/api/v2/comments/questions/${published}`,
          json: { body: 'Hi' },
        })
      ).status,
    ).toBe(404);
  });

  it('a superuser may do anything in any product', async () => {
    const su = await member(null, {}, true);
    expect((await get(su, `/api/v2/questions/${draftId}`)).status).toBe(200);
    const q = draft(product.id, { status: 'PUBLISHED' });
    expect((await post(su, q)).status).toBe(200);
    expect((await post(su, draft(randomUUID()))).status).toBe(404);
  });
});

describe('input', () => {
  let product: Awaited<ReturnType<typeof buildProduct>>;
  let writer: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    product = await buildProduct(t.deps.db);
    writer = await member(product.id, { questionWriter: true });
  });

  it.each([
    [{ answerChoices: [{ uuid: A, text: 'Only one' }] }, 'answerChoices'],
    [
      {
        answerChoices: Array.from({ length: 11 }, () => ({ uuid: randomUUID(), text: 'x' })),
        correctAnswerChoice: null,
      },
      'answerChoices',
    ],
    [{ correctAnswerChoice: randomUUID() }, 'correctAnswerChoice'],
    [{ status: 'SUBMITTED', correctAnswerChoice: null }, 'correctAnswerChoice'],
    [{ questionStem: '<p> </p><p><br></p>' }, 'questionStem'],
    [{ questionStem: 'x'.repeat(100_001) }, 'questionStem'],
    [
      {
        answerChoices: [
          { uuid: A, text: '<p></p>' },
          { uuid: B, text: 'b' },
        ],
      },
      'answerChoices',
    ],
    [
      {
        answerChoices: [
          { uuid: A, text: 'a' },
          { uuid: B, text: 'b', explanation: 'x'.repeat(10_001) },
        ],
      },
      'answerChoices.1.explanation',
    ],
    [
      {
        answerChoices: [
          { uuid: A, text: 'a', explanation: 42 },
          { uuid: B, text: 'b' },
        ],
      },
      'answerChoices.0.explanation',
    ],
    [{ uuid: 'not-a-uuid' }, 'uuid'],
    [{ subcategoryUuid: randomUUID() }, 'subcategoryUuid'],
    [{ status: 'ARCHIVED' }, 'status'],
  ])('bad input %# is refused naming its field, and nothing is written', async (over, field) => {
    const body = draft(product.id, over);
    const res = await post(writer, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', field });
    const rows = await t.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM questions WHERE product_id = ${product.id}`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it.each([
    [
      { questionStem: '<p>Which rhythm?</p><p><img src="https://tracker.example/p.gif" alt=""></p>' },
      'questionStem',
    ],
    [{ explanation: '<p>See <img src="//cdn.example.org/ecg.png"></p>' }, 'explanation'],
    [
      {
        answerChoices: [
          { uuid: A, text: 'Mitral' },
          { uuid: B, text: '<p>Aortic <img src="HTTP://tracker.example/p.gif?who=me"></p>' },
        ],
      },
      'answerChoices.1.text',
    ],
    [
      {
        answerChoices: [
          { uuid: A, text: 'Mitral' },
          { uuid: B, text: 'Aortic', explanation: '<p>See <img src="https://cdn.example.org/x.png"></p>' },
        ],
      },
      'answerChoices.1.explanation',
    ],
  ])(
    'an image from another site (%#) is refused naming its field, and nothing is written',
    async (over, field) => {
      const body = draft(product.id, over);
      const res = await post(writer, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', field });
      expect(res.body.message).toMatch(
        new RegExp(`^${field.replaceAll('.', '\\.')} shows an image from another site \\(`),
      );
      expect(res.body.message).toContain('example');
      const rows = await t.deps.db.execute(
        sql`SELECT count(*)::int AS n FROM questions WHERE product_id = ${product.id}`,
      );
      expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
      expect((await get(writer, `/api/v2/questions/${body.uuid}`)).status).toBe(404);
    },
  );

  it('each choice may have its own explanation, sanitised; one that says nothing is stored as none', async () => {
    const q = draft(product.id, {
      answerChoices: [
        {
          uuid: A,
          text: 'Mitral',
          explanation: '<p onclick="x()">Rheumatic <em>fever</em><script>1</script></p>',
        },
        { uuid: B, text: 'Aortic', explanation: '<p> </p>' },
        { uuid: C, text: 'Tricuspid' },
      ],
    });
    expect((await post(writer, q)).status).toBe(200);
    const saved = (await get(writer, `/api/v2/questions/${q.uuid}`)).body;
    expect(saved.answerChoices).toEqual([
      { uuid: A, text: 'Mitral', explanation: '<p>Rheumatic <em>fever</em></p>' },
      { uuid: B, text: 'Aortic', explanation: '' },
      { uuid: C, text: 'Tricuspid', explanation: '' },
    ]);
    const [stored] = await t.deps.db
      .select({ choices: questionVersions.choices })
      .from(questionVersions)
      .where(eq(questionVersions.questionId, q.uuid));
    expect(stored!.choices.map((c) => 'explanation' in c)).toEqual([true, false, false]);
    // An edit keeps the choices' ids and changes an explanation in the same one save (one version).
    const edited = await put(writer, q.uuid, {
      ...q,
      baseVersion: 1,
      answerChoices: [
        { uuid: A, text: 'Mitral', explanation: '<p>Rheumatic fever.</p>' },
        { uuid: B, text: 'Aortic', explanation: 'Systolic ejection murmur.' },
        { uuid: C, text: 'Tricuspid' },
      ],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.version).toBe(2);
    const again = (await get(writer, `/api/v2/questions/${q.uuid}`)).body;
    expect(again.answerChoices.map((c: { explanation: string }) => c.explanation)).toEqual([
      '<p>Rheumatic fever.</p>',
      'Systolic ejection murmur.',
      '',
    ]);
  });

  it("an image from the product's own media path is kept", async () => {
    const src = `/api/v2/media/${'ab'.repeat(32)}`;
    const q = draft(product.id, { questionStem: `<p>Which rhythm?</p><p><img src="${src}" alt="ECG"></p>` });
    expect((await post(writer, q)).status).toBe(200);
    expect((await get(writer, `/api/v2/questions/${q.uuid}`)).body.questionStem).toBe(
      `<p>Which rhythm?</p><p><img src="${src}" alt="ECG" /></p>`,
    );
  });

  it("a subcategory of another product is refused; one of the question's own is kept", async () => {
    const elsewhere = await buildTree((await buildProduct(t.deps.db)).id);
    const refused = await post(writer, draft(product.id, { subcategoryUuid: elsewhere.subcategory.id }));
    expect(refused.body).toMatchObject({ field: 'subcategoryUuid' });
    const own = await buildTree(product.id);
    const q = draft(product.id, { subcategoryUuid: own.subcategory.id });
    expect((await post(writer, q)).status).toBe(200);
    expect((await get(writer, `/api/v2/questions/${q.uuid}`)).body.subcategoryUuid).toBe(own.subcategory.id);
  });

  it('rich text is sanitised: no script, event handler or javascript: URL is stored', async () => {
    const q = draft(product.id, {
      questionStem:
        '<p onclick="alert(1)">Stem<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      explanation: '<p style="color:red">Why</p><iframe src="https://evil.example"></iframe>',
      answerChoices: [
        { uuid: A, text: '<b>Bold</b><svg onload=alert(1)>' },
        { uuid: B, text: 'Plain' },
      ],
    });
    expect((await post(writer, q)).status).toBe(200);
    const saved = (await get(writer, `/api/v2/questions/${q.uuid}`)).body;
    const all = JSON.stringify(saved);
    expect(all).not.toMatch(/<script|onclick|onerror|onload|javascript:|<iframe|style=/i);
    expect(saved.questionStem).toContain('Stem');
    expect(saved.answerChoices[0].text).toContain('<b>Bold</b>');
  });
});

describe('My Questions: lists and counts', () => {
  let product: Awaited<ReturnType<typeof buildProduct>>;
  let writer: Awaited<ReturnType<typeof member>>;
  let auditor: Awaited<ReturnType<typeof member>>;
  let tree: Awaited<ReturnType<typeof buildTree>>;

  beforeAll(async () => {
    product = await buildProduct(t.deps.db);
    writer = await member(product.id, { questionWriter: true });
    const writer2 = await member(product.id, { questionWriter: true });
    auditor = await member(product.id, { questionAuditor: true });
    tree = await buildTree(product.id);
    for (let i = 0; i < 7; i++)
      expect(
        (
          await post(
            writer,
            draft(product.id, {
              name: `Q${i}`,
              status: i < 3 ? 'SUBMITTED' : 'DRAFT',
              questionStem:
                i === 0 ? '<p>Digoxin toxicity shows yellow vision</p>' : `<p>Question number ${i}</p>`,
              subcategoryUuid: i % 2 === 0 ? tree.subcategory.id : null,
            }),
          )
        ).status,
      ).toBe(200);
    expect(
      (await post(writer2, draft(product.id, { name: 'Other writer', status: 'SUBMITTED' }))).status,
    ).toBe(200);
  });

  const list = (c: TestClient, query = '') =>
    get(c, `/api/v2/questions/products/${product.id}/writerOrAuditor${query}`);

  it("a writer's view holds their own questions; an auditor's every writer's", async () => {
    expect((await list(writer)).body.totalElements).toBe(7);
    expect((await list(auditor)).body.totalElements).toBe(8);
    const refused = await list(writer, '?filterRole=AUDITOR');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ field: 'filterRole' });
  });

  it('filters by status, tree node and text; pages and sorts', async () => {
    const submitted = (await list(auditor, '?status=SUBMITTED&sortField=name&sortOrder=ASC')).body;
    expect(submitted.content.map((q: { name: string }) => q.name)).toEqual([
      'Other writer',
      'Q0',
      'Q1',
      'Q2',
    ]);
    const inNode = (await list(auditor, `?subcategoryUuid=${tree.subcategory.id}`)).body;
    expect(inNode.totalElements).toBe(4);
    const bySubject = (await list(auditor, `?subjectUuid=${tree.subject.id}`)).body;
    expect(bySubject.totalElements).toBe(4);
    const found = (await list(auditor, '?text=digox')).body;
    expect(found.content.map((q: { name: string }) => q.name)).toEqual(['Q0']);
    expect(found.content[0].preview).toBe('Digoxin toxicity shows yellow vision');
    const page = (await list(auditor, '?page=1&size=3&sortField=name&sortOrder=ASC')).body;
    expect(page).toMatchObject({ page: 1, size: 3, totalElements: 8, totalPages: 3 });
    expect(page.content.map((q: { name: string }) => q.name)).toEqual(['Q2', 'Q3', 'Q4']);
    const bad = await list(auditor, '?size=500');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'size' });
  });

  it('status counts hold every status, 0 by default, in the view of the role', async () => {
    const mine = await get(writer, `/api/v2/questions/products/${product.id}/statusCounts?filterRole=WRITER`);
    expect(mine.body).toEqual({ DRAFT: 4, SUBMITTED: 3, NEEDS_REVISION: 0, PUBLISHED: 0, DELETED: 0 });
    const all = await get(auditor, `/api/v2/questions/products/${product.id}/statusCounts`);
    expect(all.body).toEqual({ DRAFT: 4, SUBMITTED: 4, NEEDS_REVISION: 0, PUBLISHED: 0, DELETED: 0 });
  });

  it('totals follow a question moved to another node, and terms and pages that match nothing', async () => {
    const other = await buildTree(product.id, 'Aortic');
    const q = draft(product.id, { name: 'Mover', subcategoryUuid: tree.subcategory.id });
    expect((await post(writer, q)).status).toBe(200);
    const inOld = async () =>
      (await list(auditor, `?subcategoryUuid=${tree.subcategory.id}`)).body.totalElements as number;
    const before = await inOld();
    expect((await put(writer, q.uuid, { ...q, subcategoryUuid: other.subcategory.id })).status).toBe(200);
    expect(await inOld()).toBe(before - 1);
    const moved = (await list(auditor, `?subjectUuid=${other.subject.id}`)).body;
    expect(moved).toMatchObject({ totalElements: 1, content: [{ name: 'Mover' }] });
    expect((await list(auditor, '?text=zyxwvut')).body).toMatchObject({ totalElements: 0, content: [] });
    expect((await list(auditor, '?page=40')).body).toMatchObject({ content: [], totalElements: 9 });
    // A question in a node that is deleted counts as unfiled: the product's totals do not change.
    await writer.req({ method: 'DELETE', url: `/api/v2/questions/${q.uuid}` });
    const counts = (await get(auditor, `/api/v2/questions/products/${product.id}/statusCounts`)).body;
    await t.deps.db.delete(subcategories).where(eq(subcategories.id, other.subcategory.id));
    expect((await get(auditor, `/api/v2/questions/products/${product.id}/statusCounts`)).body).toEqual(
      counts,
    );
    expect(
      (await list(auditor, '?status=DELETED')).body.content.map((x: { name: string }) => x.name),
    ).toContain('Mover');
  });

  it('a text search follows every save: new words, a deletion, a deleted node', async () => {
    const node = await buildTree(product.id, 'Tricuspid');
    const q = draft(product.id, {
      name: 'Searchable',
      questionStem: '<p>Ebstein anomaly with a quokkalike murmur</p>',
      subcategoryUuid: node.subcategory.id,
    });
    expect((await post(writer, q)).status).toBe(200);
    const names = async (query: string) =>
      (await list(auditor, query)).body.content.map((x: { name: string }) => x.name);
    expect(await names('?text=quokkalike&status=DRAFT')).toEqual(['Searchable']);
    expect(await names(`?text=quokkalike&subcategoryUuid=${node.subcategory.id}`)).toEqual(['Searchable']);
    // A new version's words replace the old ones'.
    const edited = { ...q, questionStem: '<p>Ebstein anomaly with a wallabyish click</p>' };
    expect((await put(writer, q.uuid, edited)).status).toBe(200);
    expect(await names('?text=quokkalike')).toEqual([]);
    expect(await names('?text=wallabyish&status=DRAFT')).toEqual(['Searchable']);
    // A deleted node leaves its questions unfiled, and found by their words.
    await t.deps.db.delete(subcategories).where(eq(subcategories.id, node.subcategory.id));
    expect(await names(`?text=wallabyish&subjectUuid=${node.subject.id}`)).toEqual([]);
    const found = (await list(auditor, '?text=wallabyish')).body;
    expect(found.content).toMatchObject([{ name: 'Searchable', subcategoryUuid: null }]);
    // A deleted question is found in the DELETED tab only.
    expect((await writer.req({ method: 'DELETE', url: `/api/v2/questions/${q.uuid}` })).status).toBe(200);
    expect(await names('?text=wallabyish')).toEqual([]);
    expect(await names('?text=wallabyish&status=DELETED')).toEqual(['Searchable']);
  });

  it('a text search finds numbers, codes and punctuated terms in every status', async () => {
    const own = await buildProduct(t.deps.db);
    const admin = await member(own.id, { admin: true });
    const statuses = ['DRAFT', 'SUBMITTED', 'NEEDS_REVISION', 'PUBLISHED', 'DELETED'] as const;
    const names = async (query: string) =>
      (
        await get(
          admin,
          `/api/v2/questions/products/${own.id}/writerOrAuditor?${query}&sortField=name&sortOrder=ASC`,
        )
      ).body.content.map((x: { name: string }) => x.name);
    for (const status of statuses) {
      const q = draft(own.id, {
        name: `Token ${status} 3e10 0a1b`,
        questionStem: `<p>In 2024 a ff00aa x-ray showed 12e45 and 1.5 mg/kg ${status.toLowerCase()}</p>`,
        status: status === 'DELETED' ? 'DRAFT' : status,
      });
      expect((await post(admin, q)).status).toBe(200);
      if (status === 'DELETED')
        expect((await admin.req({ method: 'DELETE', url: `/api/v2/questions/${q.uuid}` })).status).toBe(200);
    }
    const listed = statuses.filter((s) => s !== 'DELETED').map((s) => `Token ${s} 3e10 0a1b`);
    for (const term of [
      '3e10',
      '3e1',
      '0a1b',
      '0a',
      '2024',
      'ff00aa',
      'ff00',
      '12e45',
      'x-ray',
      '1.5',
      'mg/kg',
    ]) {
      const text = `text=${encodeURIComponent(term)}`;
      expect(await names(text), term).toEqual([...listed].sort());
      for (const status of statuses)
        expect(await names(`${text}&status=${status}`), `${term} in ${status}`).toEqual([
          `Token ${status} 3e10 0a1b`,
        ]);
    }
    // A punctuated term is a term like any other: one that is nowhere finds nothing.
    expect(await names('text=zq-77')).toEqual([]);
    expect(await names('text=9.75')).toEqual([]);
    expect(await names(`text=${encodeURIComponent("o'b\\r:*|!(")}`)).toEqual([]);
  });

  it('a deleted question leaves the lists but not the DELETED tab', async () => {
    const q = draft(product.id, { name: 'To delete' });
    await post(writer, q);
    const del = await writer.req({ method: 'DELETE', url: `/api/v2/questions/${q.uuid}` });
    expect(del.status).toBe(200);
    expect((await list(writer)).body.totalElements).toBe(7);
    expect((await list(writer, '?status=DELETED')).body.content[0].name).toBe('To delete');
    const [row] = await t.deps.db.select().from(questions).where(eq(questions.id, q.uuid));
    expect(row).toBeDefined();
  });
});

describe('My Questions: a word in most of a large bank', () => {
  it('counts no further than 500, answers its pages by walking the bank, and counts a rare word exactly', async () => {
    const { generateQuestionBank, SPECIFIC_TERMS } = await import('../../../../../bench/questions');
    const admin = await member(null);
    const bank = await generateQuestionBank(t.deps.db, 3_000, [admin.user.id]);
    await buildSubscription(t.deps.db, admin.user.id, bank.productId, {
      type: 'PRIVILEGED',
      student: false,
      admin: true,
    });
    const list = (query: string) =>
      get(admin, `/api/v2/questions/products/${bank.productId}/writerOrAuditor${query}`);
    // "patient" is in every stem: 2,700 of the 3,000 are not deleted.
    const first = (await list('?text=patient')).body;
    expect(first).toMatchObject({ totalElements: 501, totalIsLowerBound: true, page: 0 });
    expect(first.content).toHaveLength(25);
    const times = first.content.map((q: { updatedAt: string }) => q.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    // Pages past the cap are still there.
    const last = (await list('?text=patient&page=26&size=100')).body;
    expect(last.content).toHaveLength(100);
    expect((await list('?text=patient&page=27&size=100')).body.content).toHaveLength(0);
    // A rarer word is counted exactly, and its page is the same as a plain filter's.
    const rare = (await list('?text=digoxin&status=PUBLISHED')).body;
    expect(rare.totalIsLowerBound).toBeUndefined();
    expect(rare.totalElements).toBeGreaterThan(0);
    expect(rare.totalElements).toBeLessThanOrEqual(500);

    // Each answer against the versions read directly: the current ones of the product that match, in order.
    const expected = async (status: string | null, query: string, order: string) =>
      z
        .object({ id: z.string() })
        .array()
        .parse(
          rowsOf(
            await t.deps.db.execute(sql`
              SELECT q.id FROM questions q JOIN question_versions v ON v.id = q.current_version_id
              WHERE q.product_id = ${bank.productId}
                AND ${status ? sql`v.status = ${status}` : sql`v.status <> 'DELETED'`}
                AND v.search @@ to_tsquery('english', ${query})
              ORDER BY ${sql.raw(order)}`),
          ),
        )
        .map((r) => r.id);
    const ids = (page: { content: Array<{ uuid: string }> }) => page.content.map((q) => q.uuid);
    // A common word with a status (1,800 published questions): the first page and its count stop at the cap.
    const common = await expected('PUBLISHED', 'patient:*', 'q.updated_at DESC, q.id DESC');
    expect(common.length).toBeGreaterThan(500);
    const page0 = (await list('?text=patient&status=PUBLISHED')).body;
    expect(page0).toMatchObject({ totalElements: 501, totalIsLowerBound: true, totalPages: 21 });
    expect(ids(page0)).toEqual(common.slice(0, 25));
    const page19 = (await list('?text=patient&status=PUBLISHED&page=19')).body;
    expect(ids(page19)).toEqual(common.slice(475, 500));
    // A page past the cap is read to its end and one more: the total says "more than" that end.
    const page25 = (await list('?text=patient&status=PUBLISHED&page=25')).body;
    expect(page25).toMatchObject({ totalElements: 651, totalIsLowerBound: true });
    expect(ids(page25)).toEqual(common.slice(625, 650));
    // The last page of all: the count is exact again.
    const lastPublished = (await list('?text=patient&status=PUBLISHED&page=17&size=100')).body;
    expect(lastPublished.totalIsLowerBound).toBeUndefined();
    expect(lastPublished.totalElements).toBe(common.length);
    expect(ids(lastPublished)).toEqual(common.slice(1700, 1800));
    // Other orders are the same order as without the search.
    const byName = await expected('PUBLISHED', 'patient:*', 'lower(v.name) ASC, q.id ASC');
    const named = (await list('?text=patient&status=PUBLISHED&sortField=name&sortOrder=ASC&page=2')).body;
    expect(ids(named)).toEqual(byName.slice(50, 75));
    const byCreation = await expected('PUBLISHED', 'patient:*', 'q.created_at ASC, q.id ASC');
    const created = (await list('?text=patient&status=PUBLISHED&sortField=createdAt&sortOrder=ASC')).body;
    expect(ids(created)).toEqual(byCreation.slice(0, 25));
    // Two words, both required, with a status that has few of them: every match, counted exactly.
    const few = await expected('SUBMITTED', 'ankle:* & swelling:*', 'q.updated_at DESC, q.id DESC');
    const both = (await list('?text=ankle%20swelling&status=SUBMITTED&size=100')).body;
    expect(both.totalIsLowerBound).toBeUndefined();
    expect(both.totalElements).toBe(few.length);
    expect(ids(both)).toEqual(few.slice(0, 100));
    // A word in one question in eight, no status: 375 of the 2,700 listed, more than the walk reads (five
    // times 501) with fewer matches than 501: counted by the text index, each page in order.
    const rarer = await expected(null, 'wheezing:*', 'q.updated_at DESC, q.id DESC');
    expect(rarer.length).toBeGreaterThan(25 * 14);
    expect(rarer.length).toBeLessThan(501);
    const rarerFirst = (await list('?text=wheezing')).body;
    expect(rarerFirst.totalIsLowerBound).toBeUndefined();
    expect(rarerFirst.totalElements).toBe(rarer.length);
    expect(ids(rarerFirst)).toEqual(rarer.slice(0, 25));
    // A specific word (one question in 400), none of it in the walk's first 100: from the text index alone.
    const drug = SPECIFIC_TERMS[0]!;
    const specific = await expected(null, `${drug}:*`, 'q.updated_at DESC, q.id DESC');
    expect(specific.length).toBeGreaterThan(0);
    const drugPage = (await list(`?text=${drug}`)).body;
    expect(drugPage.totalElements).toBe(specific.length);
    expect(ids(drugPage)).toEqual(specific.slice(0, 25));
    // A page past the matches the walk met comes from the text index, in the same order.
    const deep = (await list('?text=wheezing&page=13')).body;
    expect(deep.totalElements).toBe(rarer.length);
    expect(ids(deep)).toEqual(rarer.slice(325, 350));
  });
});

describe('the OpenAPI document names the upload field the server reads', () => {
  let product: Awaited<ReturnType<typeof buildProduct>>;
  let writer: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    product = await buildProduct(t.deps.db);
    writer = await member(product.id, { questionWriter: true });
  });

  /** The multipart body the document gives an upload endpoint: its one field and that field's schema. */
  async function documentedUpload(route: string) {
    const doc = (await t.client().get('/api/docs/json')).body;
    const content = doc.paths[route].post.requestBody.content;
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    const { required, properties } = content['multipart/form-data'].schema;
    expect(required).toHaveLength(1);
    expect(Object.keys(properties)).toEqual(required);
    const field: string = required[0];
    return { field, schema: properties[field] };
  }

  it('question media: `media` (SPEC §7), bounded by the largest kind, and a file sent in it is taken', async () => {
    const { field, schema } = await documentedUpload('/api/v2/questionMedia/{questionId}');
    expect(field).toBe('media');
    expect(field).toBe(mediaApi.upload.upload.field);
    expect(schema).toMatchObject({ type: 'string', format: 'binary', 'x-max-bytes': MEDIA_MAX_BYTES });
    expect(schema.description).toContain('200 MB');

    const q = draft(product.id);
    expect((await post(writer, q)).status).toBe(200);
    const png = new Uint8Array(fs.readFileSync(path.join(__dirname, '../../lib/__fixtures__', 'pixel.png')));
    const send = (name: string) =>
      writer.req({
        method: 'POST',
        url: `/api/v2/questionMedia/${q.uuid}?mediaType=STEM&async=false`,
        ...multipart('pixel.png', png, name, 'image/png'),
      });
    const taken = await send(field);
    expect(taken.status, taken.text).toBe(201);
    expect(taken.body).toMatchObject({ contentType: 'image/png' });
    const elsewhere = await send(field === 'file' ? 'media' : 'file');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ field });
  });

  it('question import: the field the server reads, bounded by the import limit', async () => {
    const { field, schema } = await documentedUpload('/api/v2/questionImports/products/{id}');
    expect(field).toBe(importsApi.upload.upload.field);
    expect(schema).toMatchObject({
      type: 'string',
      format: 'binary',
      'x-max-bytes': importsApi.upload.upload.maxBytes,
    });
    const send = (name: string) =>
      writer.req({
        method: 'POST',
        url: `/api/v2/questionImports/products/${product.id}`,
        ...multipart('bank.txt', 'Which one?\nA. Right\nB. Wrong\nANSWER: A\n', name),
      });
    const taken = await send(field);
    expect(taken.status, taken.text).toBe(202);
    const elsewhere = await send(field === 'media' ? 'file' : 'media');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ field });
  });
});
