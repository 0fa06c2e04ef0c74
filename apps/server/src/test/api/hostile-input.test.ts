import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../client';
import { buildProduct, questionBody, signedIn } from '../factories';
import { resettableLimiter, startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

const limiter = resettableLimiter();
const h = appForFile(() => startHttpApp({ limiter }));
beforeEach(() => limiter.reset());

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

describe('a multipart body cut off inside the file part', () => {
  let writer: TestClient;
  let productId: string;
  let questionId: string;

  beforeAll(async () => {
    const product = await buildProduct(h.deps.db);
    productId = product.id;
    writer = await signedIn(h, {
      product: product.id,
      subscription: { type: 'PRIVILEGED', student: false, questionWriter: true },
    });
    const question = questionBody(product.id);
    questionId = question.uuid;
    const created = await writer.post('/api/v2/questions', question);
    expect(created.status, created.text).toBe(200);
  });

  const boundary = '----qbank-cut-off';
  /** A whole multipart body with one file part, and where its file's bytes start. */
  function form(field: string, fileName: string, bytes: Buffer) {
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    return {
      whole: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      fileStart: head.length,
    };
  }

  /**
   * POSTs these bytes as they are, on a connection of their own, as the writer (cookies, CSRF token, Origin),
   * with a Content-Length that matches them: the HTTP request is whole, the multipart body in it is not.
   */
  function post(path: string, body: Buffer): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const { port } = new URL(h.baseUrl);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent: false,
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(body.length),
            origin: writer.origin ?? '',
            cookie: [...writer.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
            'x-csrf-token': writer.accessToken ?? '',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) : text });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  const png = fs.readFileSync(path.join(import.meta.dirname, '../../lib/__fixtures__/pixel.png'));
  const csv = Buffer.from('stem,choice_a,choice_b,correct\nWhich?,a,b,A\n'.repeat(200));
  const uploads = [
    {
      name: 'media upload',
      path: () => `/api/v2/questionMedia/${questionId}?mediaType=STEM`,
      field: 'media',
      fileName: 'pixel.png',
      bytes: png,
    },
    {
      name: 'import upload',
      path: () => `/api/v2/questionImports/products/${productId}`,
      field: 'file',
      fileName: 'bank.csv',
      bytes: csv,
    },
  ];

  it.each(uploads.map((u) => [u.name, u] as const))(
    'the %s answers 400 naming the field, and the server answers on',
    async (_, u) => {
      const { whole, fileStart } = form(u.field, u.fileName, u.bytes);
      for (const cut of [fileStart + Math.floor(u.bytes.length / 2), fileStart, fileStart - 10, 20]) {
        const res = await post(u.path(), whole.subarray(0, cut));
        expect(res.status, `cut at ${cut}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: `${u.field} could not be read: the upload is malformed`,
          code: 'VALIDATION',
          field: u.field,
        });
      }
      // The whole body still goes through, and other requests are answered.
      expect((await post(u.path(), whole)).status).toBeLessThan(300);
      expect((await writer.get('/api/v1/session')).status).toBe(200);
    },
  );

  /** Sends the request head and these bytes of the body on a raw socket, then closes its side. */
  function sendAndHangUp(path: string, contentLength: number, bytes: Buffer): Promise<string> {
    const { port } = new URL(h.baseUrl);
    const cookie = [...writer.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${contentLength}\r\n` +
            `Origin: ${writer.origin}\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${writer.accessToken}\r\n\r\n`,
        );
        socket.end(bytes);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
      socket.on('error', reject);
    });
  }

  it.each(uploads.map((u) => [u.name, u] as const))(
    'the %s sent short of its Content-Length, then hung up, answers 400 and the server answers on',
    async (_, u) => {
      const { whole, fileStart } = form(u.field, u.fileName, u.bytes);
      const answer = await sendAndHangUp(u.path(), whole.length, whole.subarray(0, fileStart + 10));
      // The HTTP parser sees the request end early and answers for it (plugins/error-handler.ts).
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
      });
      expect((await post(u.path(), whole)).status).toBeLessThan(300);
      expect((await writer.get('/api/v1/session')).status).toBe(200);
    },
  );
});
