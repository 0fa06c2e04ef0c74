import type { SubscriptionSummary, UserMe } from '@qbank/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { products, settings, subscriptions, users } from '../../../db/schema';
import { randomToken } from '../../../lib/crypto';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u ?? null;
}

/** A platform-wide secret kept in settings: made by whichever instance asks first, then shared by all. */
export async function sharedSecret(db: DbOrTx, key: string): Promise<string> {
  await db
    .insert(settings)
    .values({ key, value: randomToken(32) })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

interface SubscriptionJson {
  id: string;
  product_id: string;
  product_name: string;
  domain_name: string | null;
  color_map: Record<string, string>;
  active: boolean;
  type: SubscriptionSummary['type'];
  billing_plan_id: string | null;
  student: boolean;
  question_writer: boolean;
  question_auditor: boolean;
  instructor: boolean;
  admin: boolean;
}

/**
 * The user and their subscriptions (by product name, then age) in one query: the database gathers the
 * subscriptions as JSON. Prepared once per connection (a named statement), so neither Drizzle nor PostgreSQL
 * plans it again per request (users/me and the session are asked on every page load).
 */
function prepareUserMe(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      stripeCustomerId: users.stripeCustomerId,
      lastUsedProductId: users.lastUsedProductId,
      superuser: users.superuser,
      subscriptions: sql<SubscriptionJson[]>`coalesce((
        SELECT json_agg(json_build_object(
            'id', s.id, 'product_id', p.id, 'product_name', p.name, 'domain_name', p.domain_name,
            'color_map', p.color_map, 'active', s.active AND s.access_hold IS NULL
              AND (p.suspended_learner_access IS DISTINCT FROM 'HOLD'
                OR s.question_writer OR s.question_auditor OR s.instructor OR s.admin), 'type', s.type, 'billing_plan_id', s.billing_plan_id,
            'student', s.student, 'question_writer', s.question_writer, 'question_auditor', s.question_auditor,
            'instructor', s.instructor, 'admin', s.admin)
          ORDER BY p.name, s.created_at)
        FROM ${subscriptions} s JOIN ${products} p ON p.id = s.product_id
        WHERE s.user_id = "users"."id"), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_me');
}
const userMeStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareUserMe>>();

/** The signed-in user's view of themselves (SPEC §3 "User (me)"), in one round trip. */
export async function loadUserMe(db: DbOrTx, userId: string): Promise<UserMe | null> {
  let q = userMeStatements.get(db);
  if (!q) {
    q = prepareUserMe(db);
    userMeStatements.set(db, q);
  }
  const [u] = await q.execute({ userId });
  if (!u) return null;
  const all = u.subscriptions.map(
    (s): SubscriptionSummary => ({
      subscriptionUuid: s.id,
      product: { uuid: s.product_id, name: s.product_name, domainName: s.domain_name, colorMap: s.color_map },
      active: s.active,
      type: s.type,
      billingPlanUuid: s.billing_plan_id,
      student: s.student,
      questionWriter: s.question_writer,
      questionAuditor: s.question_auditor,
      instructor: s.instructor,
      admin: s.admin,
    }),
  );
  return {
    uuid: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.email,
    stripeCustomerId: u.stripeCustomerId,
    lastUsedProductUuid: u.lastUsedProductId,
    superuser: u.superuser,
    subscriptions: all.filter((s) => s.active),
    allSubscriptions: all,
  };
}

export async function setLastUsedProduct(db: DbOrTx, userId: string, productId: string, now: Date) {
  await db.update(users).set({ lastUsedProductId: productId, updatedAt: now }).where(eq(users.id, userId));
}

export async function setUserName(
  db: DbOrTx,
  userId: string,
  name: { firstName: string; lastName: string },
  now: Date,
) {
  await db
    .update(users)
    .set({ firstName: name.firstName, lastName: name.lastName, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}
