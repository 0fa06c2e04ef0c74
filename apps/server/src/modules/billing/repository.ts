import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingPlans, products, subscriptions } from '../../db/schema';
import type { PlanRow } from '../store';

export type { PlanRow };
export type NewPlan = typeof billingPlans.$inferInsert;
/** What a plan's owner may change: everything but its product and its renewing price. */
export type PlanFields = Omit<NewPlan, 'id' | 'productId' | 'renewalPriceId'> & { renewalPriceId?: null };

export async function findPlan(db: DbOrTx, id: string): Promise<PlanRow | null> {
  const [p] = await db.select().from(billingPlans).where(eq(billingPlans.id, id)).limit(1);
  return p ?? null;
}

export async function findPlanOfProduct(db: DbOrTx, productId: string, id: string): Promise<PlanRow | null> {
  const [p] = await db
    .select()
    .from(billingPlans)
    .where(and(eq(billingPlans.id, id), eq(billingPlans.productId, productId)))
    .limit(1);
  return p ?? null;
}

/**
 * Locks a product's row for a change to its plans (FOR NO KEY UPDATE: rows that merely reference the product,
 * such as a new subscription, are not held up). Every plan change takes this lock first and the plan's row
 * second, so two changes of one product's plans run one after the other and never wait on each other in a
 * circle.
 */
export async function lockProduct(tx: DbOrTx, id: string) {
  const [p] = await tx
    .select({ id: products.id, name: products.name, published: products.published })
    .from(products)
    .where(eq(products.id, id))
    .for('no key update');
  return p ?? null;
}

/** A product's plan, its row locked until the transaction ends. */
export async function lockPlanOfProduct(tx: DbOrTx, productId: string, id: string): Promise<PlanRow | null> {
  const [p] = await tx
    .select()
    .from(billingPlans)
    .where(and(eq(billingPlans.id, id), eq(billingPlans.productId, productId)))
    .for('update');
  return p ?? null;
}

/** Whether another plan of the product (than `exceptId`) has this name, whatever its case. */
export async function planNameTaken(db: DbOrTx, productId: string, name: string, exceptId: string | null) {
  const [other] = await db
    .select({ id: billingPlans.id })
    .from(billingPlans)
    .where(
      and(
        eq(billingPlans.productId, productId),
        sql`lower(${billingPlans.planName}) = lower(${name})`,
        exceptId ? ne(billingPlans.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!other;
}

/** How many active public plans the product has besides `exceptId`. */
export async function otherActivePublicPlans(db: DbOrTx, productId: string, exceptId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(billingPlans)
    .where(
      and(
        eq(billingPlans.productId, productId),
        eq(billingPlans.active, true),
        eq(billingPlans.billingPlanType, 'PUBLIC'),
        ne(billingPlans.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

export async function setPlanActive(db: DbOrTx, id: string, active: boolean): Promise<PlanRow> {
  const [row] = await db.update(billingPlans).set({ active }).where(eq(billingPlans.id, id)).returning();
  return row!;
}

/** Active subscriptions per plan of a product (one grouped read over the product's subscriptions). */
export async function subscribersPerPlan(db: DbOrTx, productId: string) {
  return db
    .select({ uuid: sql<string>`${subscriptions.billingPlanId}`, activeSubscribers: count() })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.productId, productId),
        eq(subscriptions.active, true),
        isNotNull(subscriptions.billingPlanId),
      ),
    )
    .groupBy(subscriptions.billingPlanId);
}

/** A plan with the product it sells. */
export async function findPlanWithProduct(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      plan: billingPlans,
      product: { id: products.id, name: products.name, published: products.published },
    })
    .from(billingPlans)
    .innerJoin(products, eq(products.id, billingPlans.productId))
    .where(eq(billingPlans.id, id))
    .limit(1);
  return row ?? null;
}

/** Whether a plan other than `planId` (any plan when null) sells this provider price. */
export async function priceUsedElsewhere(db: DbOrTx, priceId: string, planId: string | null) {
  const [other] = await db
    .select({ id: billingPlans.id })
    .from(billingPlans)
    .where(and(eq(billingPlans.stripePriceId, priceId), planId ? ne(billingPlans.id, planId) : undefined))
    .limit(1);
  return !!other;
}

export async function insertPlan(db: DbOrTx, values: NewPlan): Promise<PlanRow> {
  const [row] = await db.insert(billingPlans).values(values).returning();
  return row!;
}

export async function updatePlan(db: DbOrTx, id: string, fields: PlanFields): Promise<PlanRow> {
  const [row] = await db.update(billingPlans).set(fields).where(eq(billingPlans.id, id)).returning();
  return row!;
}

/** Keeps a renewing price on a plan that has none yet; answers whether this one was kept. */
export async function saveRenewalPriceIfNone(db: DbOrTx, planId: string, priceId: string) {
  const [saved] = await db
    .update(billingPlans)
    .set({ renewalPriceId: priceId })
    .where(and(eq(billingPlans.id, planId), isNull(billingPlans.renewalPriceId)))
    .returning({ id: billingPlans.renewalPriceId });
  return !!saved;
}

export async function renewalPriceOf(db: DbOrTx, planId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingPlans.renewalPriceId })
    .from(billingPlans)
    .where(eq(billingPlans.id, planId));
  return row?.id ?? null;
}

/**
 * A new QBank (the operator's create-product). The store module, which owns products, has no writes yet; this
 * one lives with the plans it is created with.
 */
export async function insertProduct(db: DbOrTx, values: { name: string; productCategory: string }) {
  const [p] = await db
    .insert(products)
    .values({ name: values.name, productCategory: values.productCategory })
    .returning({ id: products.id });
  return p!.id;
}
