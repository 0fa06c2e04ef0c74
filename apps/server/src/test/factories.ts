import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
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
import type { TestClient, TestResponse } from './client';
import type { TestApp } from './test-app';

export const uniqueEmail = (label = 'user') => `${label}.${randomBytes(5).toString('hex')}@example.com`;

/** A registered, verified user. */
export async function buildUser(
  db: DbOrTx,
  over: Partial<{
    email: string;
    password: string;
    /** The password's hash, made once by the caller for many users (hashing takes a while on purpose). */
    passwordHash: string;
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
      passwordHash: over.passwordHash ?? (await hashPassword(password)),
      emailVerifiedAt: new Date(),
      superuser: over.superuser ?? false,
    })
    .returning();
  return { ...u!, password };
}

export async function buildProduct(db: DbOrTx, over: Partial<typeof products.$inferInsert> = {}) {
  const [p] = await db
    .insert(products)
    .values({ name: over.name ?? `Product ${randomBytes(3).toString('hex')}`, ...over })
    .returning();
  return p!;
}

/** A subject of a product, a category of a subject, a subcategory of a category (the subject tree). */
export async function buildSubject(db: DbOrTx, productId: string, name: string, position = 0) {
  const [s] = await db.insert(subjects).values({ productId, name, position }).returning();
  return s!;
}
export async function buildCategory(db: DbOrTx, subjectId: string, name: string, position = 0) {
  const [c] = await db.insert(categories).values({ subjectId, name, position }).returning();
  return c!;
}
export async function buildSubcategory(db: DbOrTx, categoryId: string, name: string, position = 0) {
  const [s] = await db.insert(subcategories).values({ categoryId, name, position }).returning();
  return s!;
}

export async function buildPlan(
  db: DbOrTx,
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
  db: DbOrTx,
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
  active: boolean;
}>;

/** Who `signedIn` signs in, and what the user holds. */
export interface SignInSpec {
  /** This existing user (by e-mail and password); otherwise a new verified user made with `user`. */
  as?: Awaited<ReturnType<typeof buildUser>>;
  /** Columns of the new user (buildUser). */
  user?: Parameters<typeof buildUser>[1];
  /** A product the user subscribes to: with `roles`, or with exactly the columns of `subscription`. */
  product?: string | null;
  /**
   * Roles on the product's subscription, active: a staff role makes it PRIVILEGED and not a student unless
   * told; none makes a PREMIUM student.
   */
  roles?: MemberRoles;
  /** The subscription's columns as they are (buildSubscription), instead of `roles`. */
  subscription?: Partial<typeof subscriptions.$inferInsert>;
}

/**
 * A client of the test app (`t.client()`: app.inject or a real socket) signed in as a user made or named by
 * `spec`, with the user on it as `user` and the sign-in's response as `signIn`. Throws unless the sign-in
 * answered 200.
 */
export async function signedIn(
  t: { client(): TestClient; deps: { db: Db } },
  spec: SignInSpec = {},
): Promise<TestClient & { user: Awaited<ReturnType<typeof buildUser>>; signIn: TestResponse }> {
  const u = spec.as ?? (await buildUser(t.deps.db, spec.user));
  if (spec.product && spec.subscription)
    await buildSubscription(t.deps.db, u.id, spec.product, spec.subscription);
  else if (spec.product) {
    const roles = spec.roles ?? {};
    const staff = roles.questionWriter || roles.questionAuditor || roles.admin;
    await buildSubscription(t.deps.db, u.id, spec.product, {
      type: roles.type ?? (staff ? 'PRIVILEGED' : 'PREMIUM'),
      student: roles.student ?? !staff,
      questionWriter: roles.questionWriter ?? false,
      questionAuditor: roles.questionAuditor ?? false,
      admin: roles.admin ?? false,
      active: roles.active ?? true,
    });
  }
  const c = t.client();
  const res = await c.login(u.email, u.password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return Object.assign(c, { user: u, signIn: res });
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
  if (res.status !== 200) throw new Error(`createCheckoutSession answered ${res.status}: ${res.text}`);
  return localSessionIdOf(res.body.redirectUrl);
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
