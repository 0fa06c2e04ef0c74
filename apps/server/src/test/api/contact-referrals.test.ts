import { createHash } from 'node:crypto';
import { Messages } from '@qbank/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, referralVisits } from '../../db/schema';
import { mailsTo, signedIn, uniqueEmail } from '../factories';
import { resettableLimiter, startHttpApp } from '../http-client';
import { appForFile } from '../test-app';

const limiter = resettableLimiter();
const h = appForFile(() => startHttpApp({ limiter }));
beforeEach(() => limiter.reset());

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const message = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailAddress: uniqueEmail('contact'),
  contactUsSubject: 'SALES',
  description: 'We would like a private QBank for 120 nursing students.',
  ...over,
});

/** Posts a contact message with the Body-Hash header computed from its description, as the client does. */
function sendContact(body: Record<string, unknown>, c = h.client(), hash?: string | null) {
  const description = typeof body.description === 'string' ? body.description : '';
  const headers: Record<string, string> = {};
  if (hash !== null) headers['body-hash'] = hash ?? sha256(description);
  return c.post('/api/v2/contact', body, { headers });
}

async function storedFrom(emailAddress: string) {
  return h.deps.db.select().from(contactMessages).where(eq(contactMessages.emailAddress, emailAddress));
}

describe('contact', () => {
  it('stores the message, mails it to support and acknowledges it to the sender', async () => {
    const body = message({ description: '  Pricing for 120 students?  ' });
    const res = await sendContact(body);
    expect(res.status).toBe(201);
    expect(res.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await storedFrom(body.emailAddress);
    expect(row).toMatchObject({
      id: res.body.uuid,
      firstName: 'Ada',
      subject: 'SALES',
      description: 'Pricing for 120 students?',
      userId: null,
    });
    const toSupport = await mailsTo(h, 'support@qbankcloud.com');
    const mine = toSupport.find((m) => m.text.includes(body.emailAddress));
    expect(mine!.subject).toBe('[SALES] Message from Ada Lovelace');
    expect(mine!.text).toContain('Pricing for 120 students?');
    const ack = await mailsTo(h, body.emailAddress);
    expect(ack).toHaveLength(1);
    expect(ack[0]!.subject).toBe('We received your message');
  });

  // Anyone can type any address into the form: the acknowledgement must not let a stranger mail their own
  // words (a link, an advert) to a third party, nor flood one inbox.
  it('the acknowledgement carries no text chosen by the sender', async () => {
    const body = message({
      firstName: 'Visit https://phish.example',
      lastName: 'Now',
      description: 'Claim your prize at https://phish.example/win',
    });
    expect((await sendContact(body)).status).toBe(201);
    const [ack] = await mailsTo(h, body.emailAddress);
    expect(ack!.subject).toBe('We received your message');
    expect(ack!.text).not.toContain('phish.example');
    expect(ack!.html).not.toContain('phish.example');
    // Support still gets the whole message.
    const toSupport = await mailsTo(h, 'support@qbankcloud.com');
    expect(toSupport.some((m) => m.text.includes('https://phish.example/win'))).toBe(true);
  });

  it('acknowledges at most 3 messages an hour to one address, and still takes the messages', async () => {
    const emailAddress = uniqueEmail('victim');
    for (let i = 0; i < 5; i++) {
      expect((await sendContact(message({ emailAddress, description: `note ${i}` }))).status).toBe(201);
    }
    expect(await storedFrom(emailAddress)).toHaveLength(5);
    expect(await mailsTo(h, emailAddress)).toHaveLength(3);
  });

  it('defaults the subject to OTHER and links a signed-in sender to the message', async () => {
    const c = await signedIn(h);
    const u = c.user;
    const body = message({ emailAddress: u.email, contactUsSubject: undefined });
    const res = await sendContact(JSON.parse(JSON.stringify(body)), c);
    expect(res.status).toBe(201);
    const [row] = await storedFrom(u.email);
    expect(row).toMatchObject({ subject: 'OTHER', userId: u.id });
  });

  it('a null subject is OTHER too', async () => {
    const body = message({ contactUsSubject: null });
    expect((await sendContact(body)).status).toBe(201);
    const [row] = await storedFrom(body.emailAddress);
    expect(row!.subject).toBe('OTHER');
  });

  it('a double submit creates one message and one mail, and answers the same uuid', async () => {
    const body = message({ description: 'Do you offer group discounts?' });
    const [a, b] = await Promise.all([sendContact(body), sendContact(body)]);
    const again = await sendContact(body);
    for (const r of [a, b, again]) expect(r.status).toBe(201);
    expect(new Set([a.body.uuid, b.body.uuid, again.body.uuid]).size).toBe(1);
    expect(await storedFrom(body.emailAddress)).toHaveLength(1);
    const toSupport = (await mailsTo(h, 'support@qbankcloud.com')).filter((m) =>
      m.text.includes(body.emailAddress),
    );
    expect(toSupport).toHaveLength(1);
    expect(await mailsTo(h, body.emailAddress)).toHaveLength(1);
    // A different message from the same sender is a new one.
    expect((await sendContact({ ...body, description: 'And for 200 students?' })).body.uuid).not.toBe(
      a.body.uuid,
    );
    expect(await storedFrom(body.emailAddress)).toHaveLength(2);
  });

  it('accepts every SPEC subject', async () => {
    for (const contactUsSubject of ['SALES', 'FEEDBACK', 'SUPPORT', 'OTHER']) {
      const body = message({ contactUsSubject });
      expect((await sendContact(body)).status, contactUsSubject).toBe(201);
      expect((await storedFrom(body.emailAddress))[0]!.subject).toBe(contactUsSubject);
    }
  });

  it('needs the Body-Hash header to be the SHA-256 hex of the description as sent', async () => {
    const body = message({ description: 'Exactly these words. ' });
    const missing = await sendContact(body, h.client(), null);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION', field: 'Body-Hash' });
    const wrong = await sendContact(body, h.client(), sha256('Other words.'));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'Body-Hash', message: Messages.bodyHashMismatch });
    // The hash of the trimmed text is not the hash of what was sent.
    const trimmed = await sendContact(body, h.client(), sha256('Exactly these words.'));
    expect(trimmed.status).toBe(400);
    expect(await storedFrom(body.emailAddress)).toHaveLength(0);
    expect(await mailsTo(h, body.emailAddress)).toHaveLength(0);
    const upper = await sendContact(body, h.client(), sha256(body.description).toUpperCase());
    expect(upper.status).toBe(201);
  });

  it('hashes the description as UTF-8', async () => {
    const body = message({ description: 'Schöne Grüße — 日本語 🎓' });
    expect((await sendContact(body)).status).toBe(201);
    expect((await storedFrom(body.emailAddress))[0]!.description).toBe(body.description);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['missing first name', { firstName: undefined }, 'firstName'],
    ['missing last name', { lastName: undefined }, 'lastName'],
    ['missing e-mail', { emailAddress: undefined }, 'emailAddress'],
    ['missing description', { description: undefined }, 'description'],
    ['blank description', { description: '   ' }, 'description'],
    ['malformed e-mail', { emailAddress: 'ada at example.com' }, 'emailAddress'],
    ['unknown subject', { contactUsSubject: 'BILLING' }, 'contactUsSubject'],
    ['first name a number', { firstName: 1 }, 'firstName'],
    ['description too long', { description: 'd'.repeat(5001) }, 'description'],
    ['last name too long', { lastName: 'l'.repeat(101) }, 'lastName'],
  ];
  it.each(bad)('%s: 400 naming the field, nothing stored or mailed', async (_name, over, field) => {
    const emailAddress = uniqueEmail('bad');
    const body = JSON.parse(JSON.stringify(message({ emailAddress, ...over })));
    const res = await sendContact(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION', field });
    const [count] = await h.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(eq(contactMessages.emailAddress, emailAddress));
    expect(count!.n).toBe(0);
    expect(await mailsTo(h, emailAddress)).toHaveLength(0);
  });

  it('accepts a description of exactly the maximum length', async () => {
    const body = message({ description: 'd'.repeat(5000) });
    expect((await sendContact(body)).status).toBe(201);
  });

  it('refuses a cross-site post by its Origin', async () => {
    const body = message();
    const res = await h.client().post('/api/v2/contact', body, {
      origin: 'https://evil.example',
      headers: { 'body-hash': sha256(body.description) },
    });
    expect(res.status).toBe(403);
    expect(await storedFrom(body.emailAddress)).toHaveLength(0);
  });

  it('limits one address to 10 messages an hour: then 429 with Retry-After, and nothing more stored', async () => {
    // A new sender each time, so only the per-address limit is in play.
    const senders = Array.from({ length: 11 }, () => uniqueEmail('flood'));
    const statuses: number[] = [];
    let last = await sendContact(message({ emailAddress: senders[0] }));
    statuses.push(last.status);
    for (let i = 1; i < senders.length; i++) {
      last = await sendContact(message({ emailAddress: senders[i], description: `message ${i}` }));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect(last.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(last.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const stored = await h.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(inArray(contactMessages.emailAddress, senders));
    expect(stored[0]!.n).toBe(10);
    expect(await storedFrom(senders[10]!)).toHaveLength(0);
  });

  it('a typed e-mail address is not a limit (a stranger could lock its owner out); its inbox gets 3 acknowledgements an hour', async () => {
    const emailAddress = uniqueEmail('sender');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const typed = i % 2 ? emailAddress.toUpperCase() : emailAddress;
      statuses.push((await sendContact(message({ emailAddress: typed, description: `note ${i}` }))).status);
    }
    expect(statuses).toEqual(Array(7).fill(201));
    expect(await storedFrom(emailAddress)).toHaveLength(7);
    const acks = (await mailsTo(h, emailAddress)).filter((m) => m.subject === 'We received your message');
    expect(acks).toHaveLength(3);
  });

  it('limits a signed-in user to 5 messages an hour, whatever address they type', async () => {
    const c = await signedIn(h);
    const u = c.user;
    const typed = Array.from({ length: 6 }, () => uniqueEmail('typed'));
    const statuses: number[] = [];
    for (const emailAddress of typed) statuses.push((await sendContact(message({ emailAddress }), c)).status);
    expect(statuses).toEqual([...Array(5).fill(201), 429]);
    const stored = await h.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(eq(contactMessages.userId, u.id));
    expect(stored[0]!.n).toBe(5);
    expect(await storedFrom(typed[5]!)).toHaveLength(0);
    // Signed out, the same browser's next message with a new address is not this user's.
    expect((await sendContact(message())).status).toBe(201);
  });
});

describe('referral tokens', () => {
  const visits = (tokenId: string) =>
    h.deps.db.select().from(referralVisits).where(eq(referralVisits.tokenId, tokenId));

  it('records a token seen on the landing page, with the browser', async () => {
    const tokenId = `partner-${Date.now()}`;
    const res = await h.client().post(
      '/api/v1/referralTokens',
      { tokenId: ` ${tokenId} ` },
      {
        headers: { 'user-agent': 'Mozilla/5.0 test' },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });
    const [row] = await visits(tokenId);
    expect(row).toMatchObject({ tokenId, userAgent: 'Mozilla/5.0 test' });
  });

  it('names the field of a missing, blank, non-string or too-long token, and stores nothing', async () => {
    const before = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(referralVisits);
    for (const body of [{}, { tokenId: '  ' }, { tokenId: 7 }, { tokenId: 't'.repeat(101) }]) {
      const res = await h.client().post('/api/v1/referralTokens', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe('tokenId');
      expect(res.body.message, JSON.stringify(body)).toMatch(/^tokenId /);
    }
    const after = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(referralVisits);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a cross-site post by its Origin', async () => {
    const res = await h.client().post(
      '/api/v1/referralTokens',
      { tokenId: 'evil-token' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(res.status).toBe(403);
    expect(await visits('evil-token')).toHaveLength(0);
  });

  it('limits one address: 429 with Retry-After after 120 an hour', async () => {
    const c = h.client();
    const prefix = `flood-${Date.now()}`;
    let last = await c.post('/api/v1/referralTokens', { tokenId: `${prefix}-0` });
    for (let i = 1; i <= 120; i++)
      last = await c.post('/api/v1/referralTokens', { tokenId: `${prefix}-${i}` });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    const [stored] = await h.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(referralVisits)
      .where(sql`${referralVisits.tokenId} like ${`${prefix}-%`}`);
    expect(stored!.n).toBe(120);
    expect(await visits(`${prefix}-120`)).toHaveLength(0);
  });

  it('records a token once per visitor: a reload with the same token stores nothing more', async () => {
    const tokenId = `reload-${Date.now()}`;
    const c = h.client();
    const ua = { headers: { 'user-agent': 'Mozilla/5.0 first browser' } };
    for (let i = 0; i < 3; i++) {
      const res = await c.post('/api/v1/referralTokens', { tokenId }, ua);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ ok: true });
    }
    expect(await visits(tokenId)).toHaveLength(1);
    // Another browser is another visitor; another token from the first browser is another referral.
    const other = await h
      .client()
      .post(
        '/api/v1/referralTokens',
        { tokenId },
        { headers: { 'user-agent': 'Mozilla/5.0 other browser' } },
      );
    expect(other.status).toBe(201);
    expect(await visits(tokenId)).toHaveLength(2);
    expect((await c.post('/api/v1/referralTokens', { tokenId: `${tokenId}-b` }, ua)).status).toBe(201);
    expect(await visits(`${tokenId}-b`)).toHaveLength(1);
  });
});
