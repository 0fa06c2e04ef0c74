import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HttpApp, resettableLimiter, startHttpApp } from '../http-client';

const limiter = resettableLimiter();
let h: HttpApp;
beforeAll(async () => {
  h = await startHttpApp({ limiter });
});
beforeEach(() => limiter.reset());
afterAll(() => h.close());

/** Percent-encodes a string's UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
const pct = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

describe('NUL characters and lone surrogates are refused by the contract schemas', () => {
  it('a NUL in initiatePasswordReset emailAddress answers 400 naming the field', async () => {
    const res = await h
      .client()
      .post('/api/v1/initiatePasswordReset', { emailAddress: 'a@example.com\u0000' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION', field: 'emailAddress' });
  });

  it('a NUL in the priceId path parameter answers 400 naming the field', async () => {
    const res = await h.client().get('/api/v2/prices/%00');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'priceId' });
  });

  it('a NUL in the login username (form-encoded) answers 400 naming the field', async () => {
    const res = await h.client().login('a%00@example.com\u0000', 'whatever-password');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'username' });
  });

  it('a lone surrogate in a first name answers 400 naming the field', async () => {
    const res = await h.client().post('/api/v1/initiateRegistration', {
      firstName: 'Ada\ud800',
      lastName: 'Lovelace',
      username: 'ada.surrogate@example.com',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'firstName' });
  });

  it('a NUL in a query parameter (fetchRegistration token) answers 400 naming the field', async () => {
    const res = await h.client().get('/api/v1/fetchRegistration?token=abc%00def');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'token' });
  });

  it('a NUL in a referral tokenId and in a store search term answers 400', async () => {
    const a = await h.client().post('/api/v1/referralTokens', { tokenId: 'x\u0000y' });
    expect(a.status, a.text).toBe(400);
    const b = await h.client().post('/api/v2/products/productSearchContent', { searchTerm: 'a\u0000' });
    expect(b.status).toBe(400);
    expect(b.body).toMatchObject({ field: 'searchTerm' });
  });
});

describe('raw values read without a schema', () => {
  it('a session or registration cookie holding a NUL or a broken escape is no session, not a 500', async () => {
    for (const cookie of [
      'qbank_session=%00',
      'qbank_session=%ED%A0%80',
      'qbank_registration=%00; qbank_session=%E0',
    ]) {
      const res = await h.client().get('/api/v1/session', { headers: { cookie } });
      expect(res.status, cookie).toBeLessThan(500);
      expect(res.body).toHaveProperty('code');
    }
  });

  it('a Body-Hash header that is not hex answers 400 naming it', async () => {
    const res = await h
      .client()
      .post(
        '/api/v2/contact',
        { firstName: 'A', lastName: 'B', emailAddress: 'a@example.com', description: 'Hello' },
        { headers: { 'body-hash': '\u00ff\u00fe'.repeat(40) } },
      );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'Body-Hash' });
  });
});

/** Any string, with a bias for the characters that broke the database: NUL, lone surrogates, LIKE wildcards, huge. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc
    .array(fc.constantFrom('\u0000', '\ud800', '\udfff', '\ufffe', '%', '_', '\\', "'", 'a', '@', '.', ' '), {
      maxLength: 20,
    })
    .map((a) => a.join('')),
  fc.constantFrom('x'.repeat(100_000), '\u0000'.repeat(5_000), '\ud83d'.repeat(5_000)),
);

describe('no input answers 5xx (property)', () => {
  const property = (run: (s: string) => Promise<{ status: number; text: string }>) =>
    fc.assert(
      fc.asyncProperty(hostile, async (s) => {
        await limiter.reset();
        const res = await run(s);
        expect(res.status, res.text).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );

  it('JSON bodies: password reset, registration, contact, referral, store search', async () => {
    await property((s) => h.client().post('/api/v1/initiatePasswordReset', { emailAddress: s }));
    await property((s) =>
      h
        .client()
        .post('/api/v1/initiateRegistration', { firstName: s, lastName: s, username: `${s}@example.com` }),
    );
    await property((s) =>
      h
        .client()
        .post(
          '/api/v2/contact',
          { firstName: s, lastName: 'B', emailAddress: 'a@example.com', description: s },
          { headers: { 'body-hash': 'a'.repeat(64) } },
        ),
    );
    await property((s) => h.client().post('/api/v1/referralTokens', { tokenId: s }));
    await property((s) => h.client().post('/api/v2/products/productSearchContent', { searchTerm: s }));
  });

  it('form login, path parameters and query strings', async () => {
    await property((s) => h.client().login(s, s));
    await property((s) => h.client().get(`/api/v2/prices/${pct(s) || '%20'}`));
    await property((s) => h.client().get(`/api/v1/fetchRegistration?token=${pct(s)}`));
    await property((s) => h.client().get(`/api/v2/products/${pct(s) || 'x'}/fetchContent`));
  });
});
