import type { SubscriptionSummary, UserMe } from '@qbank/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, subscriptions, users } from '../../db/schema';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

export async function listSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionSummary[]> {
  const rows = await db
    .select({
      s: subscriptions,
      p: {
        id: products.id,
        name: products.name,
        domainName: products.domainName,
        colorMap: products.colorMap,
      },
    })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(products.name), asc(subscriptions.createdAt));
  return rows.map(({ s, p }) => ({
    subscriptionUuid: s.id,
    product: { uuid: p.id, name: p.name, domainName: p.domainName, colorMap: p.colorMap },
    active: s.active,
    type: s.type,
    billingPlanUuid: s.billingPlanId,
    student: s.student,
    questionWriter: s.questionWriter,
    questionAuditor: s.questionAuditor,
    instructor: s.instructor,
    admin: s.admin,
  }));
}

/** The signed-in user's view of themselves (SPEC §3 "User (me)"). */
export async function loadUserMe(db: DbOrTx, userId: string): Promise<UserMe | null> {
  const u = await findUserById(db, userId);
  if (!u) return null;
  const all = await listSubscriptions(db, userId);
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
