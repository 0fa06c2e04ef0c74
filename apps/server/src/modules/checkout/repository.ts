import { and, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { checkoutSessions, fulfilledCheckouts, products, users, webhookEvents } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewCheckout = typeof checkoutSessions.$inferInsert;
export type NewWebhookEvent = typeof webhookEvents.$inferInsert;

/** A buyer's checkouts for a product still open at a provider. */
export async function openCheckoutIds(
  db: DbOrTx,
  userId: string,
  productId: string,
  provider: NewCheckout['provider'],
) {
  const rows = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.productId, productId),
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.status, 'open'),
      ),
    );
  return rows.map((r) => r.id);
}

/** Marks a checkout expired if it is still open (a completed one stays complete). */
export async function expireIfOpen(db: DbOrTx, id: string) {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

export async function insertCheckout(db: DbOrTx, values: NewCheckout) {
  await db.insert(checkoutSessions).values(values);
}

export async function findCheckout(db: DbOrTx, id: string) {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row ?? null;
}

/** A buyer's own checkout, with the name of the product it sells. */
export async function findCheckoutOfUser(db: DbOrTx, id: string, userId: string) {
  const [row] = await db
    .select({ checkout: checkoutSessions, productName: products.name })
    .from(checkoutSessions)
    .innerJoin(products, eq(products.id, checkoutSessions.productId))
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function completeCheckout(db: DbOrTx, id: string, at: Date) {
  await db
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: at })
    .where(eq(checkoutSessions.id, id));
}

/**
 * Records that an event fulfilled a checkout; answers false when one already had (a concurrent second one
 * waits on the key until the first transaction ends).
 */
export async function recordFulfilment(tx: DbOrTx, sessionId: string, eventId: string) {
  const first = await tx
    .insert(fulfilledCheckouts)
    .values({ sessionId, eventId })
    .onConflictDoNothing()
    .returning({ sessionId: fulfilledCheckouts.sessionId });
  return first.length > 0;
}

/**
 * Records a provider event as processed; answers false when its id was processed before. An event whose earlier
 * processing failed (kept with its error, `recordWebhookFailure`) is taken over: a concurrent second delivery
 * waits on its row and then finds it processed.
 */
export async function recordWebhookEvent(tx: DbOrTx, values: NewWebhookEvent) {
  const inserted = await tx
    .insert(webhookEvents)
    .values(values)
    .onConflictDoUpdate({
      target: webhookEvents.id,
      set: {
        processedAt: values.processedAt,
        failedAt: null,
        lastError: null,
        attempts: sql`${webhookEvents.attempts} + 1`,
      },
      setWhere: sql`${webhookEvents.processedAt} IS NULL`,
    })
    .returning({ id: webhookEvents.id });
  return inserted.length > 0;
}

/**
 * Keeps a delivery whose processing failed (rolled back), with its error, for Platform health to show and
 * replay; the provider's own retry processes it too. An event processed meanwhile is left as it is.
 */
export async function recordWebhookFailure(
  db: DbOrTx,
  values: Omit<NewWebhookEvent, 'processedAt' | 'failedAt' | 'lastError'> & { failedAt: Date; error: string },
) {
  const { error, ...row } = values;
  const lastError = error.slice(0, 2000);
  await db
    .insert(webhookEvents)
    .values({ ...row, processedAt: null, lastError })
    .onConflictDoUpdate({
      target: webhookEvents.id,
      set: { failedAt: values.failedAt, lastError, attempts: sql`${webhookEvents.attempts} + 1` },
      setWhere: sql`${webhookEvents.processedAt} IS NULL`,
    });
}

/** Whether a deletion of this provider subscription has been recorded. */
export async function subscriptionDeletionRecorded(tx: DbOrTx, providerSubscriptionId: string) {
  const res = await tx.execute(sql`
    SELECT 1 FROM webhook_events WHERE type = 'customer.subscription.deleted'
    AND payload -> 'data' -> 'object' ->> 'id' = ${providerSubscriptionId} AND processed_at IS NOT NULL LIMIT 1`);
  return rowsOf(res).length > 0;
}

/** Keeps the user's customer at the provider if they have none yet; answers whether this one was kept. */
export async function saveCustomerIdIfNone(db: DbOrTx, userId: string, customerId: string) {
  const [saved] = await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  return !!saved;
}

export async function customerIdOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}
