import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { products, questions } from '../../db/schema';
import type { TestClient } from '../client';
import {
  buildCategory,
  buildProduct,
  buildSubcategory,
  buildSubject,
  type MemberRoles,
  signedIn,
} from '../factories';
import { appForFile, createTestApp } from '../test-app';

// Revisions of published questions (decision 0028): a revision goes through the workflow while learners keep
// the published version, which it replaces when it is published.

const t = appForFile(() => createTestApp());

const member = (productId: string, roles: MemberRoles = {}) =>
  signedIn(t, { product: productId, roles, user: { firstName: 'Pat', lastName: 'Lee' } });

const A = randomUUID();
const B = randomUUID();
const OLD = '<p>Which valve does rheumatic fever damage first?</p>';
const NEW = '<p>A 34-year-old has an opening snap. Which valve is narrowed?</p>';

function body(productUuid: string, subcategoryUuid: string, over: Record<string, unknown> = {}) {
  return {
    uuid: randomUUID(),
    productUuid,
    subcategoryUuid,
    name: 'Mitral valve',
    questionStem: OLD,
    explanation: '<p>The mitral valve.</p>',
    answerChoices: [
      { uuid: A, text: 'Mitral' },
      { uuid: B, text: 'Aortic' },
    ],
    correctAnswerChoice: A,
    ...over,
  };
}

const put = (c: TestClient, id: string, json: unknown) =>
  c.req({ method: 'PUT', url: `/api/v2/questions/${id}`, json });
const get = (c: TestClient, url: string) => c.req({ url });

describe('a revision of a published question', () => {
  let productId: string;
  let subcategoryId: string;
  let writer: Awaited<ReturnType<typeof member>>;
  let auditor: Awaited<ReturnType<typeof member>>;
  let admin: Awaited<ReturnType<typeof member>>;
  let learner: Awaited<ReturnType<typeof member>>;
  let q: ReturnType<typeof body>;

  /** What learners get of the question: GET as a learner, browsing, and the counts they see. */
  async function learnersSee() {
    const one = await get(learner, `/api/v2/questions/${q.uuid}`);
    const page = await get(learner, `/api/v1/questions/products/${productId}`);
    const tree = await get(learner, `/api/v2/products/${productId}/tree`);
    const available = await get(learner, `/api/v2/tests/products/${productId}/available`);
    const [p] = await t.deps.db.select().from(products).where(eq(products.id, productId));
    return {
      status: one.status,
      version: one.body.version as number | undefined,
      stem: one.body.questionStem as string | undefined,
      browsed: page.body.content.map((x: { questionStem: string }) => x.questionStem),
      treeCount: tree.body.productTree.children[0].questionCount as number,
      available: available.body.total as number,
      storeCount: p!.questionCount,
    };
  }

  /** A new test of one question, as the learner starts it; the stem it shows. */
  async function drawnStem() {
    const created = await learner.req({
      method: 'POST',
      url: '/api/v2/tests',
      json: {
        uuid: randomUUID(),
        productUuid: productId,
        mode: 'TUTOR',
        pools: ['ALL'],
        subcategoryUuids: [subcategoryId],
        numQuestions: 1,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.uuid as string;
    const run = await get(learner, `/api/v2/tests/${id}/questions`);
    return { id, stem: run.body.questions[0].questionStem as string };
  }

  const endTest = async (id: string) =>
    expect(
      (await learner.req({ method: 'PATCH', url: `/api/v2/tests/${id}/finalize`, json: {} })).status,
    ).toBe(200);

  beforeAll(async () => {
    const product = await buildProduct(t.deps.db);
    productId = product.id;
    const subject = await buildSubject(t.deps.db, productId, 'Cardiology');
    const category = await buildCategory(t.deps.db, subject.id, 'Valves');
    subcategoryId = (await buildSubcategory(t.deps.db, category.id, 'Mitral')).id;
    writer = await member(productId, { questionWriter: true });
    auditor = await member(productId, { questionAuditor: true });
    admin = await member(productId, { admin: true });
    learner = await member(productId, { student: true, type: 'PREMIUM' });
    q = body(productId, subcategoryId);
    expect(
      (await writer.req({ method: 'POST', url: '/api/v2/questions', json: { ...q, status: 'SUBMITTED' } }))
        .status,
    ).toBe(200);
    expect((await put(auditor, q.uuid, { ...q, status: 'PUBLISHED' })).body).toEqual({
      uuid: q.uuid,
      version: 2,
    });
  });

  it('the writer starts a revision; learners, browsing, counts and new tests keep the published version', async () => {
    expect(await learnersSee()).toEqual({
      status: 200,
      version: 2,
      stem: OLD,
      browsed: [OLD],
      treeCount: 1,
      available: 1,
      storeCount: 1,
    });
    expect((await get(writer, `/api/v2/questions/${q.uuid}/allowedStatuses`)).body).toEqual([
      'DRAFT',
      'SUBMITTED',
    ]);
    expect((await get(auditor, `/api/v2/questions/${q.uuid}/allowedStatuses`)).body).toEqual([
      'DRAFT',
      'SUBMITTED',
    ]);
    // Saving it as published is still the auditor's.
    expect((await put(writer, q.uuid, { ...q, questionStem: NEW, status: 'PUBLISHED' })).status).toBe(403);

    const started = await put(writer, q.uuid, { ...q, questionStem: NEW, status: 'DRAFT', baseVersion: 2 });
    expect(started.body).toEqual({ uuid: q.uuid, version: 3 });
    const staff = (await get(writer, `/api/v2/questions/${q.uuid}`)).body;
    expect(staff).toMatchObject({
      view: 'STAFF',
      status: 'DRAFT',
      version: 3,
      publishedVersion: 2,
      questionStem: NEW,
    });
    const history = (await get(writer, `/api/v2/questions/${q.uuid}/versions`)).body;
    expect(history[0]).toMatchObject({ version: 3, status: 'DRAFT', note: 'Revision started (Draft)' });

    expect(await learnersSee()).toEqual({
      status: 200,
      version: 2,
      stem: OLD,
      browsed: [OLD],
      treeCount: 1,
      available: 1,
      storeCount: 1,
    });
    const drawn = await drawnStem();
    expect(drawn.stem).toBe(OLD);
    await endTest(drawn.id);

    // The staff's tabs count it where the revision is.
    const counts = (await get(admin, `/api/v2/questions/products/${productId}/statusCounts`)).body;
    expect(counts).toMatchObject({ DRAFT: 1, PUBLISHED: 0 });
    // My Questions lists it under the revision's status, saying which version learners see.
    const list = await get(writer, `/api/v2/questions/products/${productId}/writerOrAuditor?status=DRAFT`);
    expect(list.body.content).toEqual([
      expect.objectContaining({ uuid: q.uuid, status: 'DRAFT', version: 3, publishedVersion: 2 }),
    ]);
    const found = await get(writer, `/api/v2/questions/products/${productId}/writerOrAuditor?text=opening`);
    expect(found.body.content).toEqual([expect.objectContaining({ uuid: q.uuid, publishedVersion: 2 })]);
    // Deleting would take it from learners: a writer discards the revision instead.
    expect((await get(writer, `/api/v2/questions/${q.uuid}/allowedStatuses`)).body).toEqual([
      'DRAFT',
      'SUBMITTED',
    ]);
    expect((await writer.req({ method: 'DELETE', url: `/api/v2/questions/${q.uuid}` })).status).toBe(403);
  });

  it('goes round NEEDS_REVISION; the auditor publishes it and learners then get the new content', async () => {
    expect((await put(writer, q.uuid, { ...q, questionStem: NEW, status: 'SUBMITTED' })).body.version).toBe(
      4,
    );
    expect((await get(writer, `/api/v2/questions/${q.uuid}/allowedStatuses`)).body).toEqual([]);
    expect((await get(auditor, `/api/v2/questions/${q.uuid}/allowedStatuses`)).body).toEqual([
      'SUBMITTED',
      'NEEDS_REVISION',
      'PUBLISHED',
    ]);
    expect((await put(auditor, q.uuid, { ...q, questionStem: NEW, status: 'NEEDS_REVISION' })).status).toBe(
      200,
    );
    expect((await get(learner, `/api/v2/questions/${q.uuid}`)).body).toMatchObject({
      version: 2,
      questionStem: OLD,
    });
    expect((await get(writer, `/api/v2/questions/${q.uuid}/allowedStatuses`)).body).toEqual([
      'SUBMITTED',
      'NEEDS_REVISION',
    ]);
    expect((await put(writer, q.uuid, { ...q, questionStem: NEW, status: 'SUBMITTED' })).body.version).toBe(
      6,
    );
    const before = await drawnStem();
    expect(before.stem).toBe(OLD);

    expect((await put(auditor, q.uuid, { ...q, questionStem: NEW, status: 'PUBLISHED' })).body.version).toBe(
      7,
    );
    expect(await learnersSee()).toEqual({
      status: 200,
      version: 7,
      stem: NEW,
      browsed: [NEW],
      treeCount: 1,
      available: 1,
      storeCount: 1,
    });
    // A test started before keeps the version it drew; a new one draws the new version.
    expect((await get(learner, `/api/v2/tests/${before.id}/questions`)).body.questions[0].questionStem).toBe(
      OLD,
    );
    await endTest(before.id);
    const after = await drawnStem();
    expect(after.stem).toBe(NEW);
    await endTest(after.id);
    const staff = (await get(auditor, `/api/v2/questions/${q.uuid}`)).body;
    expect(staff).toMatchObject({ status: 'PUBLISHED', version: 7, publishedVersion: 7 });
  });

  it('discarding a revision goes back to the published content, by whoever may act on it', async () => {
    const edit = { ...q, questionStem: '<p>A wrong turn.</p>', status: 'DRAFT', freeSample: true };
    expect((await put(writer, q.uuid, edit)).body.version).toBe(8);
    const discard = (c: TestClient) =>
      c.req({ method: 'POST', url: `/api/v2/questions/${q.uuid}/discardRevision` });
    // A draft is its writer's: the auditor cannot act on it, a learner cannot see it as staff.
    expect((await discard(auditor)).status).toBe(403);
    expect((await discard(learner)).status).toBe(403);
    const done = await discard(writer);
    expect(done.body).toEqual({ uuid: q.uuid, version: 9 });
    const now = (await get(writer, `/api/v2/questions/${q.uuid}`)).body;
    expect(now).toMatchObject({
      status: 'PUBLISHED',
      version: 9,
      publishedVersion: 9,
      questionStem: NEW,
      freeSample: false,
    });
    const history = (await get(writer, `/api/v2/questions/${q.uuid}/versions`)).body;
    expect(history[0].note).toBe('Revision discarded (back to version 7)');
    expect((await discard(writer)).status).toBe(409);
    expect((await get(learner, `/api/v2/questions/${q.uuid}`)).body).toMatchObject({
      version: 9,
      questionStem: NEW,
    });
    expect((await learnersSee()).storeCount).toBe(1);
  });

  it("an auditor starts a revision of a product's question; an admin's deletion takes it from learners", async () => {
    expect((await put(auditor, q.uuid, { ...q, questionStem: OLD, status: 'SUBMITTED' })).body.version).toBe(
      10,
    );
    expect((await get(learner, `/api/v2/questions/${q.uuid}`)).body).toMatchObject({
      version: 9,
      questionStem: NEW,
    });
    // Another product's auditor does not see it.
    const elsewhere = await buildProduct(t.deps.db);
    const stranger = await member(elsewhere.id, { questionAuditor: true });
    expect((await put(stranger, q.uuid, { ...q, status: 'SUBMITTED' })).status).toBe(404);
    // The auditor may discard a submitted revision.
    expect((await get(auditor, `/api/v2/questions/${q.uuid}/allowedStatuses`)).body).toEqual([
      'SUBMITTED',
      'NEEDS_REVISION',
      'PUBLISHED',
    ]);

    expect((await admin.req({ method: 'DELETE', url: `/api/v2/questions/${q.uuid}` })).status).toBe(200);
    expect(await learnersSee()).toEqual({
      status: 404,
      version: undefined,
      stem: undefined,
      browsed: [],
      treeCount: 0,
      available: 0,
      storeCount: 0,
    });
    const [row] = await t.deps.db.select().from(questions).where(eq(questions.id, q.uuid));
    expect(row!.publishedVersionId).toBeNull();
  });

  it('a free-plan learner follows the published version’s free-sample flag, not the revision’s', async () => {
    const basic = await member(productId, { student: true, type: 'BASIC' });
    const p = body(productId, subcategoryId, { status: 'PUBLISHED', freeSample: true });
    expect((await admin.req({ method: 'POST', url: '/api/v2/questions', json: p })).status).toBe(200);
    expect((await get(basic, `/api/v2/questions/${p.uuid}`)).status).toBe(200);
    expect((await put(admin, p.uuid, { ...p, freeSample: false, status: 'SUBMITTED' })).status).toBe(200);
    expect((await get(basic, `/api/v2/questions/${p.uuid}`)).status).toBe(200);
    expect((await put(admin, p.uuid, { ...p, freeSample: false, status: 'PUBLISHED' })).status).toBe(200);
    expect((await get(basic, `/api/v2/questions/${p.uuid}`)).status).toBe(404);
  });
});

describe('20 saves of a revision at once', () => {
  it('one wins per base version; the pointers and counts stay whole', async () => {
    const product = await buildProduct(t.deps.db);
    const subject = await buildSubject(t.deps.db, product.id, 'Cardiology');
    const category = await buildCategory(t.deps.db, subject.id, 'Valves');
    const sub = (await buildSubcategory(t.deps.db, category.id, 'Mitral')).id;
    const writer = await member(product.id, { questionWriter: true });
    const admin = await member(product.id, { admin: true });
    const q = body(product.id, sub, { status: 'SUBMITTED' });
    expect((await writer.req({ method: 'POST', url: '/api/v2/questions', json: q })).status).toBe(200);
    expect((await put(admin, q.uuid, { ...q, status: 'PUBLISHED' })).status).toBe(200);

    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        put(writer, q.uuid, {
          ...q,
          name: `Revision ${i}`,
          status: i % 2 ? 'DRAFT' : 'SUBMITTED',
          baseVersion: 2,
        }),
      ),
    );
    const codes = saves.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    // The winner's revision, on version 2 still published.
    const [state] = rowsOf(
      await t.deps.db.execute(sql`
        SELECT cv.number AS current, pv.number AS published, q.published_version_id AS published_id,
          (SELECT count(*)::int FROM question_pool p WHERE p.question_id = q.id) AS pool,
          (SELECT p.version_id FROM question_pool p WHERE p.question_id = q.id) AS pool_version,
          (SELECT n FROM question_pool_counts c WHERE c.product_id = q.product_id AND c.subcategory_id = ${sub}) AS n,
          (SELECT sum(n)::int FROM question_counts c WHERE c.product_id = q.product_id) AS counted
        FROM questions q JOIN question_versions cv ON cv.id = q.current_version_id
        JOIN question_versions pv ON pv.id = q.published_version_id
        WHERE q.id = ${q.uuid}`),
    );
    expect(state).toMatchObject({ current: 3, published: 2, pool: 1, n: 1, counted: 1 });
    expect(state!.pool_version).toBe(state!.published_id);
    const [p] = await t.deps.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.questionCount).toBe(1);

    // And 20 at once with no base version: each is its own version, the published one stays.
    const more = await Promise.all(
      Array.from({ length: 20 }, (_, i) => put(admin, q.uuid, { ...q, name: `Again ${i}`, status: 'DRAFT' })),
    );
    expect(more.every((r) => r.status === 200)).toBe(true);
    expect(more.map((r) => r.body.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 4),
    );
    const again = rowsOf(
      await t.deps.db.execute(sql`
        SELECT pv.number AS published,
          (SELECT n FROM question_pool_counts c WHERE c.product_id = q.product_id AND c.subcategory_id = ${sub}) AS n
        FROM questions q JOIN question_versions pv ON pv.id = q.published_version_id WHERE q.id = ${q.uuid}`),
    );
    expect(again).toEqual([{ published: 2, n: 1 }]);
  });
});

describe('the audit log of what learners see', () => {
  it('keeps each publish, restore and deletion of a question, with who and the versions; drafts are not logged', async () => {
    const product = await buildProduct(t.deps.db);
    const subject = await buildSubject(t.deps.db, product.id, 'Cardiology');
    const category = await buildCategory(t.deps.db, subject.id, 'Valves');
    const sub = (await buildSubcategory(t.deps.db, category.id, 'Mitral')).id;
    const writer = await member(product.id, { questionWriter: true });
    const auditor = await member(product.id, { questionAuditor: true });
    const admin = await member(product.id, { admin: true });
    const q = body(product.id, sub);
    const entries = async () =>
      rowsOf(
        await t.deps.db.execute(sql`SELECT actor_id, action, details FROM audit_log
          WHERE details->>'questionId' = ${q.uuid} ORDER BY id`),
      ) as { actor_id: string; action: string; details: Record<string, unknown> }[];

    expect(
      (await writer.req({ method: 'POST', url: '/api/v2/questions', json: { ...q, status: 'DRAFT' } }))
        .status,
    ).toBe(200);
    expect((await put(writer, q.uuid, { ...q, status: 'SUBMITTED' })).status).toBe(200);
    expect(await entries()).toEqual([]);
    expect((await put(auditor, q.uuid, { ...q, status: 'PUBLISHED' })).body.version).toBe(3);
    expect((await put(writer, q.uuid, { ...q, questionStem: NEW, status: 'DRAFT' })).body.version).toBe(4);
    const restored = await admin.req({
      method: 'POST',
      url: `/api/v2/questions/${q.uuid}/versions/1/restore`,
    });
    expect(restored.status, restored.text).toBe(200);
    expect((await admin.req({ method: 'DELETE', url: `/api/v2/questions/${q.uuid}` })).status).toBe(200);

    expect(await entries()).toEqual([
      {
        actor_id: auditor.user.id,
        action: 'question.publish',
        details: {
          questionId: q.uuid,
          note: 'Submitted → Published',
          before: { version: 2, status: 'SUBMITTED' },
          after: { version: 3, status: 'PUBLISHED' },
        },
      },
      {
        actor_id: admin.user.id,
        action: 'question.restore',
        details: {
          questionId: q.uuid,
          note: 'Restored version 1',
          before: { version: 4, status: 'DRAFT' },
          after: { version: 5, status: 'DRAFT' },
        },
      },
      {
        actor_id: admin.user.id,
        action: 'question.delete',
        details: {
          questionId: q.uuid,
          note: 'Deleted',
          before: { version: 5, status: 'DRAFT' },
          after: { version: 6, status: 'DELETED' },
        },
      },
    ]);
  });
});
