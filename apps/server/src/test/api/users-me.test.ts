import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { buildProduct, buildSubscription, buildUser } from '../factories';
import { startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

/** users/me and the session answer from one joined query: the same user, subscriptions in product-name order. */
const t = appForFile(() => startHttpApp());

describe('users/me and session', () => {
  it('answer the user with every subscription by product name, the active ones apart', async () => {
    const user = await buildUser(t.deps.db, { firstName: 'Mia', lastName: 'Me' });
    const zeta = await buildProduct(t.deps.db, { name: 'Zeta QBank', domainName: 'zeta.example.com' });
    const alpha = await buildProduct(t.deps.db, {
      name: 'Alpha QBank',
      colorMap: { HEADER_BACKGROUND: '#102030' },
    });
    const mid = await buildProduct(t.deps.db, { name: 'Mid QBank' });
    await buildSubscription(t.deps.db, user.id, zeta.id, { type: 'BASIC' });
    await buildSubscription(t.deps.db, user.id, mid.id, { active: false });
    await buildSubscription(t.deps.db, user.id, alpha.id, {
      type: 'PRIVILEGED',
      admin: true,
      student: false,
      questionWriter: true,
    });
    const c = t.client();
    expect((await c.login(user.email, user.password)).status).toBe(200);
    const me = await c.get('/api/v2/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      uuid: user.id,
      firstName: 'Mia',
      lastName: 'Me',
      username: user.email,
      stripeCustomerId: null,
      lastUsedProductUuid: null,
      superuser: false,
    });
    expect(me.body.allSubscriptions.map((s: { product: { name: string } }) => s.product.name)).toEqual([
      'Alpha QBank',
      'Mid QBank',
      'Zeta QBank',
    ]);
    expect(me.body.subscriptions.map((s: { product: { name: string } }) => s.product.name)).toEqual([
      'Alpha QBank',
      'Zeta QBank',
    ]);
    expect(me.body.allSubscriptions[0]).toMatchObject({
      product: { uuid: alpha.id, colorMap: { HEADER_BACKGROUND: '#102030' }, domainName: null },
      active: true,
      type: 'PRIVILEGED',
      admin: true,
      student: false,
      questionWriter: true,
      questionAuditor: false,
      instructor: false,
      billingPlanUuid: null,
    });
    expect(me.body.allSubscriptions[2].product.domainName).toBe('zeta.example.com');

    const session = await c.get('/api/v1/session');
    expect(session.status).toBe(200);
    expect(session.body.user).toEqual(me.body);
    expect(session.body.accessToken).toBe(c.accessToken);

    // Nothing is kept between calls: a change shows on the next one.
    await t.deps.db.update(products).set({ name: 'Beta QBank' }).where(eq(products.id, zeta.id));
    const after = await c.get('/api/v2/users/me');
    expect(after.body.allSubscriptions.map((s: { product: { name: string } }) => s.product.name)).toEqual([
      'Alpha QBank',
      'Beta QBank',
      'Mid QBank',
    ]);
  });

  it('a user with no subscriptions gets empty lists; signed out gets 401', async () => {
    const user = await buildUser(t.deps.db);
    const c = t.client();
    await c.login(user.email, user.password);
    const me = await c.get('/api/v2/users/me');
    expect(me.body).toMatchObject({ uuid: user.id, subscriptions: [], allSubscriptions: [] });
    expect((await t.client().get('/api/v2/users/me')).status).toBe(401);
    expect((await t.client().get('/api/v1/session')).status).toBe(401);
  });
});
