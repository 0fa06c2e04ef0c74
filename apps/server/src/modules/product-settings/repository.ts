import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingPlans, products } from '../../db/schema';

/** What the settings screen reads of a product row, its row locked when `lock` (a change reads it first). */
export async function readSettingsRow(db: DbOrTx, productId: string, lock = false) {
  const q = db
    .select({
      id: products.id,
      name: products.name,
      productCategory: products.productCategory,
      content: products.content,
      targetAudience: products.targetAudience,
      questionFormat: products.questionFormat,
      authors: products.authors,
      additionalContent: products.additionalContent,
      published: products.published,
    })
    .from(products)
    .where(eq(products.id, productId));
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}
export type SettingsRow = NonNullable<Awaited<ReturnType<typeof readSettingsRow>>>;

/** Whether the product has an active public plan: the store lists only products with one (store repository). */
export async function hasActivePublicPlan(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({ id: billingPlans.id })
    .from(billingPlans)
    .where(
      and(
        eq(billingPlans.productId, productId),
        eq(billingPlans.active, true),
        eq(billingPlans.billingPlanType, 'PUBLIC'),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Whether another product has the name, in any case. Takes a transaction-long advisory lock on the lower-cased
 * name first, so two renames to one name at once are checked one after the other: the second sees the first.
 */
export async function nameTakenByAnother(tx: DbOrTx, productId: string, name: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('product-name:' || lower(${name}), 0))`);
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(sql`lower(${products.name}) = lower(${name})`, ne(products.id, productId)))
    .limit(1);
  return !!row;
}

/** Writes the settings' columns. A write to `products` raises the store's version (migration 0007). */
export async function writeSettings(
  tx: DbOrTx,
  productId: string,
  values: Pick<
    SettingsRow,
    | 'name'
    | 'productCategory'
    | 'content'
    | 'targetAudience'
    | 'questionFormat'
    | 'authors'
    | 'additionalContent'
  >,
) {
  await tx
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

export async function writePublished(tx: DbOrTx, productId: string, published: boolean) {
  await tx.update(products).set({ published, updatedAt: sql`now()` }).where(eq(products.id, productId));
}
