import { describe, expect, it } from 'vitest';
import type { AppError } from '../lib/app-error';
import { type Actor, authorize, can, makeActor, type ProductRoles } from '.';

const roles = (r: Partial<ProductRoles>): ProductRoles => ({
  active: true,
  held: false,
  type: 'PREMIUM',
  student: false,
  questionWriter: false,
  questionAuditor: false,
  instructor: false,
  admin: false,
  ...r,
});

/** An actor whose roles come from a map, counting how often they are read. */
const actorWith = (byProduct: Record<string, Partial<ProductRoles>>, superuser = false) => {
  let reads = 0;
  const actor = makeActor({ userId: 'u1', superuser, sessionIdHash: 'h', accessToken: 't' }, async () => {
    reads++;
    return new Map(Object.entries(byProduct).map(([p, r]) => [p, roles(r)]));
  });
  return { actor, reads: () => reads };
};

describe('policies', () => {
  it('reads the actor’s roles once, however many rules ask about however many products', async () => {
    const { actor, reads } = actorWith({ p1: { admin: true }, p2: { student: true } });
    expect(reads()).toBe(0);
    await Promise.all([
      can(actor, 'billing.manage', { productId: 'p1' }),
      can(actor, 'tests.take', { productId: 'p2' }),
      can(actor, 'catalogue.manage', { productId: 'p3' }),
    ]);
    expect(await can(actor, 'questions.list', { productId: 'p1', role: 'ADMIN' })).toBe(true);
    expect(reads()).toBe(1);
  });

  it('runs a product only with an active admin subscription, or as a superuser', async () => {
    const { actor } = actorWith({
      p1: { admin: true },
      p2: { admin: true, active: false },
      p3: { student: true },
    });
    expect(await can(actor, 'billing.manage', { productId: 'p1' })).toBe(true);
    expect(await can(actor, 'billing.manage', { productId: 'p2' })).toBe(false);
    expect(await can(actor, 'billing.manage', { productId: 'p3' })).toBe(false);
    expect(await can(null, 'billing.manage', { productId: 'p1' })).toBe(false);
    expect(await can(actorWith({}, true).actor, 'billing.manage', { productId: 'p9' })).toBe(true);
  });

  it('hides what the caller may not know exists (404) and refuses the rest (403)', async () => {
    const { actor } = actorWith({ p1: { student: true } });
    const refusal = (p: Promise<void>) =>
      p.then(
        () => null,
        (e: AppError) => [e.status, e.message],
      );
    expect(await refusal(authorize(actor, 'product.view', { productId: 'p2', published: false }))).toEqual([
      404,
      'No such product',
    ]);
    expect(await refusal(authorize(actor, 'product.view', { productId: 'p1', published: false }))).toBeNull();
    expect(await refusal(authorize(actor, 'billing.manage', { productId: 'p1' }))).toEqual([
      403,
      "Only the product's admins can manage its billing plans",
    ]);
  });

  it('lists unpublished products to superusers only, and makes active only a product subscribed to', async () => {
    const { actor } = actorWith({ p1: { student: true }, p2: { student: true, active: false } });
    expect(await can(actor, 'products.listUnpublished', {})).toBe(false);
    expect(await can(null, 'products.listUnpublished', {})).toBe(false);
    expect(await can(actorWith({}, true).actor, 'products.listUnpublished', {})).toBe(true);
    expect(await can(actor, 'product.makeActive', { productId: 'p1' })).toBe(true);
    expect(await can(actor, 'product.makeActive', { productId: 'p2' })).toBe(false);
  });

  it('lets a learner on a free plan read only published questions of the free sample', async () => {
    const basic: Actor = actorWith({ p1: { student: true, type: 'BASIC' } }).actor;
    const q = {
      productId: 'p1',
      authorId: 'u2',
      status: 'PUBLISHED' as const,
      freeSample: false,
      published: { freeSample: false },
    };
    expect(await can(basic, 'question.read', q)).toBe(false);
    const free = { ...q, freeSample: true, published: { freeSample: true } };
    expect(await can(basic, 'question.read', free)).toBe(true);
    expect(await can(basic, 'question.read', { ...free, status: 'DRAFT', published: null })).toBe(false);
    // A revision in the workflow: the learner reads the published version, whose flag counts.
    expect(await can(basic, 'question.read', { ...free, status: 'DRAFT' })).toBe(true);
    expect(await can(basic, 'question.read', { ...q, freeSample: true, status: 'DRAFT' })).toBe(false);
  });
});
