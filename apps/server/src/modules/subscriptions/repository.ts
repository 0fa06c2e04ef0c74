import type { SubscriptionDetail } from '@qbank/contract';
import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingPlans, products, subscriptions } from '../../db/schema';
import type { ProductRoles } from '../../policies/actor';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
/** What changes on an existing subscription: never its user or product. */
export type SubscriptionFields = Partial<Omit<NewSubscription, 'id' | 'userId' | 'productId'>>;

/**
 * Learners are the product's active student subscriptions no instructor holds; counted again in every
 * transaction that changes one. The month's peak (the seats billed, product_seat_months) rises with it: the
 * month is the database's (UTC) unless `now` names it.
 */
export async function recountLearners(tx: DbOrTx, productId: string, now?: Date) {
  await tx.execute(sql`
    WITH counted AS (
      UPDATE products SET learners_count = (
        SELECT count(*) FROM subscriptions s
        WHERE s.product_id = ${productId} AND s.active AND s.student AND s.access_hold IS NULL)
      WHERE id = ${productId}
      RETURNING learners_count
    )
    INSERT INTO product_seat_months (product_id, month, peak)
    SELECT ${productId}, date_trunc('month', coalesce(${now ?? null}::timestamptz, now()) AT TIME ZONE 'UTC')::date,
      learners_count
    FROM counted
    ON CONFLICT (product_id, month) DO UPDATE SET peak = greatest(product_seat_months.peak, excluded.peak)`);
}

export async function findForUpdate(tx: DbOrTx, userId: string, productId: string) {
  const [s] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.productId, productId)))
    .for('update');
  return s ?? null;
}

/** The user's subscription to a product, read without a lock. */
export async function findOfUserAndProduct(db: DbOrTx, userId: string, productId: string) {
  const [s] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.productId, productId)))
    .limit(1);
  return s ?? null;
}

export async function findById(tx: DbOrTx, id: string) {
  const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return s ?? null;
}

export async function findByProviderId(tx: DbOrTx, providerSubscriptionId: string) {
  const [s] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .for('update');
  return s ?? null;
}

/** A user's subscriptions with their plan, for Account Settings. */
export async function listDetails(db: DbOrTx, userId: string, only?: string): Promise<SubscriptionDetail[]> {
  const rows = await db
    .select({
      s: subscriptions,
      p: {
        id: products.id,
        name: products.name,
        domainName: products.domainName,
        colorMap: products.colorMap,
        published: products.published,
      },
      plan: {
        planName: billingPlans.planName,
        priceCents: billingPlans.priceCents,
        frequencyType: billingPlans.frequencyType,
        autoRenew: billingPlans.autoRenewForSubscription,
        active: billingPlans.active,
      },
    })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .leftJoin(billingPlans, eq(billingPlans.id, subscriptions.billingPlanId))
    .where(and(eq(subscriptions.userId, userId), only ? eq(subscriptions.id, only) : undefined))
    .orderBy(asc(products.name));
  return rows.map(({ s, p, plan }) => ({
    subscriptionUuid: s.id,
    product: { uuid: p.id, name: p.name, domainName: p.domainName, colorMap: p.colorMap },
    active: s.active,
    type: s.type,
    student: s.student,
    questionWriter: s.questionWriter,
    questionAuditor: s.questionAuditor,
    instructor: s.instructor,
    admin: s.admin,
    planName: plan?.planName ?? null,
    price: plan ? plan.priceCents / 100 : null,
    frequencyType: plan?.frequencyType ?? null,
    autoRenew: s.autoRenew,
    canAutoRenew:
      s.active &&
      s.type === 'PREMIUM' &&
      (!!s.providerSubscriptionId ||
        (!!plan && plan.active && p.published && plan.priceCents > 0 && plan.frequencyType !== 'INDEFINITE')),
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
  }));
}

/** A learner's subscription (no staff role) to a product suspended with its learners on HOLD. */
const learnerHeldByProduct = sql`(${products.suspendedLearnerAccess} IS NOT DISTINCT FROM 'HOLD' AND NOT (${subscriptions.questionWriter} OR ${subscriptions.questionAuditor} OR ${subscriptions.instructor} OR ${subscriptions.admin}))`;

/** Every subscription's roles of a user, by product: what the policies ask about (once per request). */
export async function rolesByProduct(db: DbOrTx, userId: string): Promise<Map<string, ProductRoles>> {
  const rows = await db
    .select({
      productId: subscriptions.productId,
      // A hold (suspended, removed) ends access whatever the billing says; so does a suspension of the product
      // that holds its learners (docs/superuser-products.md), for a subscription without a staff role.
      active: sql<boolean>`${subscriptions.active} AND ${subscriptions.accessHold} IS NULL AND NOT ${learnerHeldByProduct}`,
      held: sql<boolean>`${subscriptions.accessHold} IS NOT NULL OR ${learnerHeldByProduct}`,
      productSuspended: sql<boolean>`${products.suspendedAt} IS NOT NULL`,
      type: subscriptions.type,
      student: subscriptions.student,
      questionWriter: subscriptions.questionWriter,
      questionAuditor: subscriptions.questionAuditor,
      instructor: subscriptions.instructor,
      admin: subscriptions.admin,
    })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(eq(subscriptions.userId, userId));
  return new Map(rows.map(({ productId, ...roles }) => [productId, roles]));
}

export async function insertSubscription(tx: DbOrTx, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  return row!;
}

/** Makes the user's subscription to the product if there is none; one already there is left as it is. */
export async function insertIfMissing(tx: DbOrTx, values: NewSubscription) {
  await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoNothing({ target: [subscriptions.userId, subscriptions.productId] });
}

export async function updateSubscription(
  tx: DbOrTx,
  id: string,
  fields: SubscriptionFields,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(fields).where(eq(subscriptions.id, id)).returning();
  return row!;
}

/** Changes a subscription only while it is inactive (of two reactivations at once, one changes it). */
export async function updateIfInactive(tx: DbOrTx, id: string, fields: SubscriptionFields) {
  await tx
    .update(subscriptions)
    .set(fields)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.active, false)));
}

/**
 * Ends the active access whose period ended before `now`: one-time access at once, renewing access once its
 * period ended before `renewalGraceStart` too. Staff access (PRIVILEGED) has no period. Answers the product
 * of each subscription ended.
 */
export async function endDue(tx: DbOrTx, now: Date, renewalGraceStart: Date): Promise<string[]> {
  const ended = await tx
    .update(subscriptions)
    .set({ active: false, autoRenew: false, updatedAt: now })
    .where(
      and(
        eq(subscriptions.active, true),
        ne(subscriptions.type, 'PRIVILEGED'),
        lt(subscriptions.currentPeriodEnd, now),
        or(
          isNull(subscriptions.providerSubscriptionId),
          eq(subscriptions.autoRenew, false),
          lt(subscriptions.currentPeriodEnd, renewalGraceStart),
        ),
      ),
    )
    .returning({ productId: subscriptions.productId });
  return ended.map((e) => e.productId);
}
