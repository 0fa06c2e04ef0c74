import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import {
  billingPlans,
  categories,
  mailOutbox,
  products,
  subcategories,
  subjects,
  subscriptions,
  tests,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { TestApp } from './test-app';

export const uniqueEmail = (label = 'user') => `${label}.${randomBytes(5).toString('hex')}@example.com`;

/** A registered, verified user. */
export async function buildUser(
  db: Db,
  over: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    superuser: boolean;
  }> = {},
) {
  const email = over.email ?? uniqueEmail();
  const password = over.password ?? 'correct-horse-battery';
  const [u] = await db
    .insert(users)
    .values({
      email,
      firstName: over.firstName ?? 'Test',
      lastName: over.lastName ?? 'User',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
      superuser: over.superuser ?? false,
    })
    .returning();
  return { ...u!, password };
}

export async function buildProduct(db: Db, over: Partial<typeof products.$inferInsert> = {}) {
  const [p] = await db
    .insert(products)
    .values({ name: over.name ?? `Product ${randomBytes(3).toString('hex')}`, ...over })
    .returning();
  return p!;
}

/** A subject of a product, a category of a subject, a subcategory of a category (the subject tree). */
export async function buildSubject(db: Db, productId: string, name: string, position = 0) {
  const [s] = await db.insert(subjects).values({ productId, name, position }).returning();
  return s!;
}
export async function buildCategory(db: Db, subjectId: string, name: string, position = 0) {
  const [c] = await db.insert(categories).values({ subjectId, name, position }).returning();
  return c!;
}
export async function buildSubcategory(db: Db, categoryId: string, name: string, position = 0) {
  const [s] = await db.insert(subcategories).values({ categoryId, name, position }).returning();
  return s!;
}

export async function buildPlan(
  db: Db,
  productId: string,
  over: Partial<typeof billingPlans.$inferInsert> = {},
) {
  const [p] = await db
    .insert(billingPlans)
    .values({
      productId,
      planName: 'Monthly',
      priceCents: 4900,
      frequencyType: 'MONTHLY',
      stripePriceId: `price_test_${randomBytes(6).toString('hex')}`,
      ...over,
    })
    .returning();
  return p!;
}

export async function buildSubscription(
  db: Db,
  userId: string,
  productId: string,
  over: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const [s] = await db
    .insert(subscriptions)
    .values({ userId, productId, type: 'PREMIUM', ...over })
    .returning();
  return s!;
}

export type MemberRoles = Partial<{
  student: boolean;
  questionWriter: boolean;
  questionAuditor: boolean;
  admin: boolean;
  type: 'BASIC' | 'PREMIUM' | 'PRIVILEGED';
}>;

/**
 * A signed-in client of a new user with an active subscription to the product with these roles (a staff role
 * makes it PRIVILEGED and not a student unless told; null: not subscribed), the user on it as `user`.
 */
export async function signedInMember(
  t: { app: FastifyInstance; deps: { db: Db } },
  productId: string | null,
  roles: MemberRoles = {},
  user: Parameters<typeof buildUser>[1] = {},
) {
  const u = await buildUser(t.deps.db, user);
  if (productId) {
    const staff = roles.questionWriter || roles.questionAuditor || roles.admin;
    await buildSubscription(t.deps.db, u.id, productId, {
      type: roles.type ?? (staff ? 'PRIVILEGED' : 'PREMIUM'),
      student: roles.student ?? !staff,
      questionWriter: roles.questionWriter ?? false,
      questionAuditor: roles.questionAuditor ?? false,
      admin: roles.admin ?? false,
    });
  }
  const c = new TestClient(t.app);
  const res = await c.login(u.email, u.password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return Object.assign(c, { user: u });
}

/** The body of a new question (POST questions): a stem and two choices, changed by `over`. */
export function questionBody(productUuid: string, over: Record<string, unknown> = {}) {
  return {
    uuid: randomUUID(),
    productUuid,
    questionStem: '<p>Which rhythm?</p>',
    answerChoices: [
      { uuid: randomUUID(), text: 'Sinus' },
      { uuid: randomUUID(), text: 'Atrial fibrillation' },
    ],
    ...over,
  };
}

/** A practice test of a user in a product; IN_PROGRESS (started and running) unless told otherwise. */
export async function buildTest(
  db: Db,
  userId: string,
  productId: string,
  over: Partial<typeof tests.$inferInsert> = {},
) {
  const status = over.status ?? 'IN_PROGRESS';
  const [t] = await db
    .insert(tests)
    .values({
      userId,
      productId,
      id: randomUUID(),
      name: 'Practice test',
      mode: 'TUTOR',
      numQuestions: 10,
      status,
      pools: ['ALL'],
      subcategoryIds: [],
      createdAt: new Date(),
      lastTickAt: status === 'IN_PROGRESS' ? new Date() : null,
      ...over,
    })
    .returning();
  return t!;
}

export async function findUser(db: Db, email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return u ?? null;
}

/** Runs due jobs, then returns the newest mail to the address (or null). */
export async function latestMail(t: TestApp, to: string, subjectIncludes?: string) {
  await t.runJobs();
  const rows = await t.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt));
  return rows.find((m) => !subjectIncludes || m.subject.includes(subjectIncludes)) ?? null;
}

export async function mailsTo(t: TestApp, to: string) {
  await t.runJobs();
  return t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** The session id in a redirect to the embedded provider's checkout page. */
export const localSessionIdOf = (redirectUrl: string) => redirectUrl.split('/checkout/local/')[1]!;

/** Opens a checkout for a provider price as the signed-in client; answers the embedded provider's session id. */
export async function openCheckout(c: TestClient, priceId: string): Promise<string> {
  const res = await c.req({ method: 'POST', url: '/api/v2/createCheckoutSession', json: { priceId } });
  if (res.statusCode !== 200)
    throw new Error(`createCheckoutSession answered ${res.statusCode}: ${res.body}`);
  return localSessionIdOf(res.json().redirectUrl);
}

/** Pays an embedded-provider checkout with the test card and delivers the provider's events. */
export async function payCheckout(t: TestApp, c: TestClient, sessionId: string) {
  const res = await c.req({
    method: 'POST',
    url: `/api/v2/localCheckout/${sessionId}/pay`,
    json: { outcome: 'success' },
  });
  await t.runJobs();
  return res;
}

/** The token query parameter of the first link to `path` in a mail's text. */
export function tokenFrom(text: string, path: string): string {
  const m = text.match(new RegExp(`https?://[^\\s]+${path}\\?token=([^\\s&]+)`));
  if (!m) throw new Error(`No ${path} link in mail:\n${text}`);
  return decodeURIComponent(m[1]!);
}

/** A multipart/form-data body holding one file, as a browser's FormData sends it. */
export function multipart(
  fileName: string,
  bytes: Uint8Array | string,
  field = 'file',
  contentType = 'application/octet-stream',
) {
  const boundary = `----qbank${randomBytes(8).toString('hex')}`;
  const raw = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Req {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A body sent as it is, with the Content-Type given in `headers` (multipart uploads). */
  raw?: Buffer;
  headers?: Record<string, string>;
  /** Leave out the X-CSRF-Token header even when signed in. */
  noCsrf?: boolean;
}

/** A browser-like client over app.inject: keeps the session cookie and sends the access token as X-CSRF-Token. */
export class TestClient {
  cookie: string | null = null;
  accessToken: string | null = null;
  constructor(readonly app: FastifyInstance) {}

  async req({
    method = 'GET',
    url,
    json,
    form,
    raw,
    headers = {},
    noCsrf,
  }: Req): Promise<LightMyRequestResponse> {
    const h: Record<string, string> = { ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (this.accessToken && !noCsrf) h['x-csrf-token'] = this.accessToken;
    let payload: string | Buffer | undefined = raw;
    if (json !== undefined) {
      payload = typeof json === 'string' ? json : JSON.stringify(json);
      h['content-type'] ??= 'application/json';
    } else if (form) {
      payload = new URLSearchParams(form).toString();
      h['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await this.app.inject({ method, url, payload, headers: h });
    const set = res.cookies.find((c) => c.name === 'qbank_session');
    if (set)
      this.cookie =
        set.value && set.maxAge !== 0 && !(set.expires && set.expires.getTime() < Date.now())
          ? `qbank_session=${set.value}`
          : null;
    return res;
  }

  async login(username: string, password: string) {
    const res = await this.req({ method: 'POST', url: '/login', form: { username, password } });
    if (res.statusCode === 200) this.accessToken = res.json().accessToken;
    return res;
  }
}
