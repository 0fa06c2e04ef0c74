import { randomUUID } from 'node:crypto';
import { template, templatePage } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { buildProduct, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

// The Test Bank and the Test Builder (docs/test-bank.md): who may build, what a template may hold, its
// versions, the list, duplicates, archives and the preview.

const t = appForFile(() => createTestApp());

const instructorOf = (productId: string) =>
  signedIn(t, { product: productId, subscription: { type: 'PRIVILEGED', student: false, instructor: true } });

const base = {
  order: 'AS_LISTED',
  mode: 'TIMED',
  timeLimitMinutes: 30,
  passingScore: 70,
} as const;

const create = (c: TestClient, productId: string, json: Record<string, unknown>) =>
  c.req({ method: 'POST', url: `/api/v2/products/${productId}/testTemplates`, json });

describe('templates', () => {
  it('saves chosen questions and rules, versions every save, and refuses a stale one', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 4 });
    const c = await instructorOf(bank.product.id);
    const chosen = [bank.questions[2]!.id, bank.questions[0]!.id];
    const made = await create(c, bank.product.id, {
      name: '  Cardio quiz ',
      selection: { kind: 'QUESTIONS', questionUuids: chosen },
      ...base,
    });
    expect(made.status, made.text).toBe(201);
    const tpl = template.parse(made.body);
    expect(tpl).toMatchObject({ name: 'Cardio quiz', version: 1, questionCount: 2, archived: false });
    expect(tpl.questions.map((q) => q.uuid)).toEqual(chosen);
    expect(tpl.questions[0]).toMatchObject({
      stemText: 'Question 3: which is right?',
      path: ['Subject 1', 'Category 1', 'Subcategory 1'],
      timesAnswered: 0,
      facility: null,
      discrimination: null,
      flags: [],
    });

    // A new version from rules; the first stays as it was.
    const put = (json: Record<string, unknown>) =>
      c.req({ method: 'PUT', url: `/api/v2/testTemplates/${tpl.uuid}`, json });
    const v2 = await put({
      name: 'Cardio quiz',
      selection: {
        kind: 'RULES',
        draw: 'PER_STUDENT',
        rules: [
          { nodeType: 'SUBJECT', nodeUuid: bank.subjectIds[0], count: 5 },
          { nodeType: 'SUBCATEGORY', nodeUuid: bank.subcategoryIds[1], count: 2 },
        ],
      },
      ...base,
      mode: 'TUTOR',
      timeLimitMinutes: null,
      baseVersion: 1,
    });
    expect(v2.status, v2.text).toBe(200);
    expect(v2.body).toMatchObject({ version: 2, questionCount: 7, mode: 'TUTOR' });
    expect(v2.body.rules).toEqual([
      { nodeType: 'SUBJECT', nodeUuid: bank.subjectIds[0], count: 5, path: ['Subject 1'], available: 8 },
      {
        nodeType: 'SUBCATEGORY',
        nodeUuid: bank.subcategoryIds[1],
        count: 2,
        path: ['Subject 1', 'Category 1', 'Subcategory 2'],
        available: 4,
      },
    ]);
    const stale = await put({
      name: 'Late',
      selection: { kind: 'QUESTIONS', questionUuids: chosen },
      ...base,
      baseVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.field).toBe('baseVersion');
    const versions = rowsOf(
      await t.deps.db.execute(
        sql`SELECT number, spec->'selection'->>'kind' AS kind FROM test_template_versions
        WHERE template_id = ${tpl.uuid} ORDER BY number`,
      ),
    );
    expect(versions).toEqual([
      { number: 1, kind: 'QUESTIONS' },
      { number: 2, kind: 'RULES' },
    ]);

    // The preview draws the rules afresh, without answers.
    const preview = await c.req({ url: `/api/v2/testTemplates/${tpl.uuid}/preview` });
    expect(preview.status).toBe(200);
    expect(preview.body.questions).toHaveLength(7);
    expect(new Set(preview.body.questions.map((q: { uuid: string }) => q.uuid)).size).toBe(7);
    expect(JSON.stringify(preview.body)).not.toMatch(/correct|explanation/i);
  });

  it('names what is wrong: an unpublished or foreign question, a node not in the tree, too few questions', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    const other = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 1 });
    const c = await instructorOf(bank.product.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { kind: 'QUESTIONS', questionUuids: [bank.questions[0]!.id, other.questions[0]!.id] },
        'selection.questionUuids.1',
      ],
      [{ kind: 'QUESTIONS', questionUuids: [] }, 'selection.questionUuids'],
      [
        {
          kind: 'RULES',
          draw: 'ONCE',
          rules: [{ nodeType: 'SUBJECT', nodeUuid: other.subjectIds[0], count: 1 }],
        },
        'selection.rules.0.nodeUuid',
      ],
      [
        {
          kind: 'RULES',
          draw: 'ONCE',
          rules: [{ nodeType: 'SUBCATEGORY', nodeUuid: bank.subcategoryIds[0], count: 3 }],
        },
        'selection.rules.0.count',
      ],
      [
        {
          kind: 'RULES',
          draw: 'SOMETIMES',
          rules: [{ nodeType: 'SUBJECT', nodeUuid: bank.subjectIds[0], count: 1 }],
        },
        'selection.draw',
      ],
      [{ kind: 'RANDOM' }, 'selection.kind'],
    ];
    for (const [selection, field] of cases) {
      const res = await create(c, bank.product.id, { name: 'X', selection, ...base });
      expect([res.status, res.body.field], JSON.stringify(selection)).toEqual([400, field]);
    }
    const tooFew = await create(c, bank.product.id, {
      name: 'X',
      selection: {
        kind: 'RULES',
        draw: 'ONCE',
        rules: [{ nodeType: 'SUBCATEGORY', nodeUuid: bank.subcategoryIds[0], count: 3 }],
      },
      ...base,
    });
    expect(tooFew.body.message).toBe(
      'Subject 1 › Category 1 › Subcategory 1 has 2 published questions, fewer than 3',
    );
    // Each rule fits alone, not together: the subject's 4 questions cannot give 2 to its subcategory and 3 more.
    const overlap = await create(c, bank.product.id, {
      name: 'X',
      selection: {
        kind: 'RULES',
        draw: 'PER_STUDENT',
        rules: [
          { nodeType: 'SUBJECT', nodeUuid: bank.subjectIds[0], count: 3 },
          { nodeType: 'SUBCATEGORY', nodeUuid: bank.subcategoryIds[0], count: 2 },
        ],
      },
      ...base,
    });
    expect([overlap.status, overlap.body.field]).toEqual([400, 'selection.rules.0.count']);
    for (const [over, field] of [
      [{ name: '' }, 'name'],
      [{ mode: 'EXAM' }, 'mode'],
      [{ timeLimitMinutes: 0 }, 'timeLimitMinutes'],
      [{ passingScore: 101 }, 'passingScore'],
    ] as const) {
      const res = await create(c, bank.product.id, {
        name: 'Y',
        selection: { kind: 'QUESTIONS', questionUuids: [bank.questions[0]!.id] },
        ...base,
        ...over,
      });
      expect([res.status, res.body.field]).toEqual([400, field]);
    }
    const n = rowsOf(
      await t.deps.db.execute(
        sql`SELECT count(*)::int AS n FROM test_templates WHERE product_id = ${bank.product.id}`,
      ),
    );
    expect(n).toEqual([{ n: 0 }]);
  });

  it('lists, searches, duplicates and archives; only instructors and admins of the product build', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 2 });
    const c = await instructorOf(bank.product.id);
    const one = { kind: 'QUESTIONS', questionUuids: [bank.questions[0]!.id] };
    const a = (await create(c, bank.product.id, { name: 'Renal basics', selection: one, ...base })).body.uuid;
    await create(c, bank.product.id, { name: 'Cardiac mix', selection: one, ...base });
    const list = async (q = '') =>
      templatePage.parse(
        (await c.req({ url: `/api/v2/products/${bank.product.id}/testTemplates${q}` })).body,
      );
    expect((await list()).content.map((x) => x.name)).toEqual(['Cardiac mix', 'Renal basics']);
    expect((await list('?search=renal')).content.map((x) => x.name)).toEqual(['Renal basics']);

    const copy = await c.req({ method: 'POST', url: `/api/v2/testTemplates/${a}/duplicate` });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Copy of Renal basics', version: 1, questionCount: 1 });
    const archived = await c.req({
      method: 'PATCH',
      url: `/api/v2/testTemplates/${a}`,
      json: { archived: true },
    });
    expect(archived.body.archived).toBe(true);
    expect((await list()).content.map((x) => x.name)).toEqual(['Copy of Renal basics', 'Cardiac mix']);
    expect((await list('?status=ARCHIVED')).content.map((x) => x.name)).toEqual(['Renal basics']);

    const learner = await signedIn(t, { product: bank.product.id });
    expect((await learner.req({ url: `/api/v2/products/${bank.product.id}/testTemplates` })).status).toBe(
      403,
    );
    expect((await create(learner, bank.product.id, { name: 'Mine', selection: one, ...base })).status).toBe(
      403,
    );
    expect((await learner.req({ url: `/api/v2/testTemplates/${a}` })).status).toBe(404);
    const stranger = await instructorOf((await buildProduct(t.deps.db)).id);
    expect((await stranger.req({ url: `/api/v2/testTemplates/${a}/preview` })).status).toBe(404);
    expect((await c.req({ url: `/api/v2/testTemplates/${randomUUID()}` })).status).toBe(404);
    const admin = await signedIn(t, { product: bank.product.id, roles: { admin: true } });
    expect((await admin.req({ url: `/api/v2/testTemplates/${a}` })).status).toBe(200);
    const log = rowsOf(
      await t.deps.db.execute(
        sql`SELECT action FROM audit_log WHERE product_id = ${bank.product.id} AND action LIKE 'template.%' ORDER BY id`,
      ),
    ).map((r) => r.action);
    expect(log).toEqual(['template.create', 'template.create', 'template.duplicate', 'template.archive']);
  });
});

describe('the builder’s questions', () => {
  it('lists published questions by the tree, searches their text, and shows how they were answered', async () => {
    const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 3 });
    const c = await instructorOf(bank.product.id);
    const page = await c.req({ url: `/api/v2/products/${bank.product.id}/builderQuestions?size=4` });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalElements: 6, totalPages: 2 });
    const bySub = await c.req({
      url: `/api/v2/products/${bank.product.id}/builderQuestions?subcategoryUuid=${bank.subcategoryIds[1]}`,
    });
    expect(bySub.body.content.map((q: { path: string[] }) => q.path.at(-1))).toEqual([
      'Subcategory 2',
      'Subcategory 2',
      'Subcategory 2',
    ]);
    const q = bank.questions[4]!;
    await t.deps.db.execute(sql`
      INSERT INTO question_shares (question_id, counts)
      VALUES (${q.id}, jsonb_build_object(${q.correct}::text, 3, ${q.choices[1]}::text, 1))`);
    const searched = await c.req({
      url: `/api/v2/products/${bank.product.id}/builderQuestions?search=${encodeURIComponent('"Question 5"')}`,
    });
    expect(searched.body.content).toEqual([
      expect.objectContaining({
        uuid: q.id,
        timesAnswered: 4,
        facility: 0.75,
        discrimination: null,
        flags: [],
      }),
    ]);
    // The kept item statistics join them: discrimination and flags.
    await t.deps.db.execute(sql`
      INSERT INTO question_item_stats (question_id, product_id, n, facility, discrimination, group_size, top_shares,
        bottom_shares, flags, needs_check, computed_at)
      VALUES (${q.id}, ${bank.product.id}, 40, 0.95, 0.05, 13, '{}', '{}', ARRAY['TOO_EASY', 'WEAK_DISCRIMINATION'],
        true, now())`);
    const withStats = await c.req({
      url: `/api/v2/products/${bank.product.id}/builderQuestions?search=${encodeURIComponent('"Question 5"')}`,
    });
    expect(withStats.body.content[0]).toMatchObject({
      discrimination: 0.05,
      flags: ['TOO_EASY', 'WEAK_DISCRIMINATION'],
    });
    const learner = await signedIn(t, { product: bank.product.id });
    expect((await learner.req({ url: `/api/v2/products/${bank.product.id}/builderQuestions` })).status).toBe(
      403,
    );
  });
});
