import { auditPage } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../client';
import { buildProduct, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

// The audit log (docs/audit-log.md): every privileged action with who, when, from which address and what;
// superusers search the platform's, each admin their own product's; paging by cursor; refusals name the field.

const t = appForFile(() => createTestApp());

const instructorOf = (productId: string) =>
  signedIn(t, { product: productId, subscription: { type: 'PRIVILEGED', student: false, instructor: true } });
const adminOf = (productId: string) => signedIn(t, { product: productId, roles: { admin: true } });
const superuser = () => signedIn(t, { user: { superuser: true } });

const cohort = (c: TestClient, productId: string, name: string) =>
  c.req({ method: 'POST', url: `/api/v2/products/${productId}/cohorts`, json: { name } });
const log = async (c: TestClient, query: string) => {
  const res = await c.req({ url: `/api/v2/auditLog?${query}` });
  expect(res.status, res.text).toBe(200);
  return auditPage.parse(res.body);
};

describe('the audit log', () => {
  it('keeps who, when, from where and what; superusers page through everything, newest first', async () => {
    const a = await buildProduct(t.deps.db);
    const b = await buildProduct(t.deps.db);
    const inA = await instructorOf(a.id);
    const inB = await instructorOf(b.id);
    expect((await cohort(inA, a.id, 'First')).status).toBe(201);
    expect((await cohort(inB, b.id, 'Second')).status).toBe(201);
    expect((await cohort(inA, a.id, 'Third')).status).toBe(201);
    const su = await superuser();

    const mine = await log(su, `actorEmail=${encodeURIComponent(inA.user.email.toUpperCase())}`);
    expect(mine.content.map((e) => e.details.name)).toEqual(['Third', 'First']);
    expect(mine.content[0]).toMatchObject({
      action: 'cohort.create',
      actor: { uuid: inA.user.id, emailAddress: inA.user.email },
      product: { uuid: a.id, name: a.name },
      ip: '127.0.0.1',
    });

    // Pages of one: each names the next, to the end.
    const first = await log(su, `action=cohort.create&size=1&productUuid=${a.id}`);
    expect(first.content.map((e) => e.details.name)).toEqual(['Third']);
    const second = await log(su, `action=cohort.create&size=1&productUuid=${a.id}&before=${first.next}`);
    expect(second.content.map((e) => e.details.name)).toEqual(['First']);
    expect(second.next).toBeNull();

    // Nobody by that address did nothing; a window of time keeps what fell in it.
    expect((await log(su, 'actorEmail=nobody%40example.com')).content).toEqual([]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await log(su, `from=${encodeURIComponent(future)}`)).content).toEqual([]);

    const actions = await su.req({ url: `/api/v2/auditLog/actions?productUuid=${a.id}` });
    expect(actions.body.actions).toContain('cohort.create');
    const all = await su.req({ url: '/api/v2/auditLog/actions' });
    expect(all.body.actions).toContain('cohort.create');
  });

  it('an admin reads their own product’s entries only; nobody else reads any', async () => {
    const a = await buildProduct(t.deps.db);
    const b = await buildProduct(t.deps.db);
    expect((await cohort(await instructorOf(a.id), a.id, 'Ours')).status).toBe(201);
    const admin = await adminOf(a.id);
    const ours = await log(admin, `productUuid=${a.id}`);
    expect(ours.content.map((e) => e.product?.uuid)).toEqual([a.id]);
    for (const query of ['', `productUuid=${b.id}`]) {
      const res = await admin.req({ url: `/api/v2/auditLog?${query}` });
      expect(res.status).toBe(403);
      expect(res.body.field).toBe('productUuid');
    }
    const instructor = await instructorOf(a.id);
    expect((await instructor.req({ url: `/api/v2/auditLog?productUuid=${a.id}` })).status).toBe(403);
    expect((await instructor.req({ url: `/api/v2/auditLog/actions?productUuid=${a.id}` })).status).toBe(403);
    expect((await t.client().get(`/api/v2/auditLog?productUuid=${a.id}`)).status).toBe(401);
  });

  it('names the field of a bad filter', async () => {
    const su = await superuser();
    const cases: Array<[string, string]> = [
      ['size=0', 'size'],
      ['before=yesterday', 'before'],
      ['productUuid=nope', 'productUuid'],
      ['from=soon', 'from'],
      ['from=2026-10-02T00:00:00Z&to=2026-10-01T00:00:00Z', 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await su.req({ url: `/api/v2/auditLog?${query}` });
      expect(res.status, query).toBe(400);
      expect(res.body.field, query).toBe(field);
    }
  });
});
