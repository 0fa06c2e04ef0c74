import { ErrorCode } from '@qbank/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser, findUser, mailsTo, uniqueEmail } from '../factories';
import { resettableLimiter, startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

const limiter = resettableLimiter();
const h = appForFile(() => startHttpApp({ limiter }));
beforeEach(() => limiter.reset());

const unsupported = {
  statusCode: 415,
  error: 'Unsupported Media Type',
  message: expect.any(String),
  code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  field: 'Content-Type',
};

describe('each endpoint takes only the content type it documents', () => {
  it('a form-encoded POST to initiateRegistration (a plain cross-site form) answers 415 and creates nothing', async () => {
    const username = uniqueEmail('form');
    const res = await h.client().req({
      method: 'POST',
      url: '/api/v1/initiateRegistration',
      form: { firstName: 'Ada', lastName: 'Lovelace', username },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual(unsupported);
    expect(await findUser(h.deps.db, username)).toBeNull();
    expect(await mailsTo(h, username)).toHaveLength(0);
  });

  it('a text/plain body holding JSON (the other content type a form can send) answers 415', async () => {
    const username = uniqueEmail('plain');
    const res = await h
      .client()
      .post(
        '/api/v1/initiateRegistration',
        JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', username }),
        { headers: { 'content-type': 'text/plain' } },
      );
    expect(res.status).toBe(415);
    expect(res.body).toEqual(unsupported);
    expect(await findUser(h.deps.db, username)).toBeNull();
  });

  it('POST /login takes a form only: JSON answers 415; the form signs in', async () => {
    const u = await buildUser(h.deps.db);
    const json = await h.client().post('/login', { username: u.email, password: u.password });
    expect(json.status).toBe(415);
    expect(json.body).toEqual(unsupported);
    expect((await h.client().login(u.email, u.password)).status).toBe(200);
  });

  it('JSON with a charset is JSON; a POST without a body needs no content type', async () => {
    const res = await h
      .client()
      .post(
        '/api/v1/initiatePasswordReset',
        { emailAddress: uniqueEmail('charset') },
        { headers: { 'content-type': 'application/json; charset=utf-8' } },
      );
    expect(res.status).toBeLessThan(300);
    expect((await h.client().req({ method: 'POST', url: '/api/v1/initiateRegistration' })).status).toBe(400);
  });
});
