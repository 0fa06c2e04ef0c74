import { describe, expect, it } from 'vitest';
import { signedIn } from '../factories';
import { type HttpApp, startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

/** Issue 8: PATCH /api/v2/users/me changes the signed-in user's first and last name. */
const t = appForFile(() => startHttpApp());

const patch = (c: ReturnType<HttpApp['client']>, json: unknown, opts: { noCsrf?: boolean } = {}) =>
  c.req({ method: 'PATCH', url: '/api/v2/users/me', json, ...opts });

/** Who is signed in: a user named Old Name. */
const NAMED = { user: { firstName: 'Old', lastName: 'Name' } };

describe('PATCH /api/v2/users/me', () => {
  it('renames the user, trimmed, and answers the user; users/me shows the new name', async () => {
    const c = await signedIn(t, NAMED);
    const u = c.user;
    const res = await patch(c, { firstName: '  Zoë ', lastName: "O'Brien-Łukasz" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uuid: u.id, firstName: 'Zoë', lastName: "O'Brien-Łukasz" });
    const me = await c.get('/api/v2/users/me');
    expect(me.body).toMatchObject({ firstName: 'Zoë', lastName: "O'Brien-Łukasz", username: u.email });
  });

  it('refuses blank, invisible-only and over-long names with a 400 naming the field', async () => {
    const c = await signedIn(t, NAMED);
    const cases: [unknown, string][] = [
      [{ firstName: '', lastName: 'Ok' }, 'firstName'],
      [{ firstName: '   ', lastName: 'Ok' }, 'firstName'],
      [{ firstName: 'Ok', lastName: '\u200b\u200b' }, 'lastName'],
      [{ firstName: 'Ok', lastName: '\u3000\u00a0' }, 'lastName'],
      [{ firstName: 'x'.repeat(500), lastName: 'Ok' }, 'firstName'],
      [{ lastName: 'Ok' }, 'firstName'],
    ];
    for (const [json, field] of cases) {
      const res = await patch(c, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect((await c.get('/api/v2/users/me')).body).toMatchObject({ firstName: 'Old', lastName: 'Name' });
  });

  it('needs a session (401) and its CSRF token (403)', async () => {
    const anon = await patch(t.client(), { firstName: 'A', lastName: 'B' });
    expect(anon.status).toBe(401);
    const c = await signedIn(t, NAMED);
    const noToken = await patch(c, { firstName: 'A', lastName: 'B' }, { noCsrf: true });
    expect(noToken.status).toBe(403);
    expect(noToken.body.code).toBe('CSRF');
    expect((await c.get('/api/v2/users/me')).body).toMatchObject({ firstName: 'Old', lastName: 'Name' });
  });
});
