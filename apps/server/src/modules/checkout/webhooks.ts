import { ErrorCode, type FrequencyType } from '@qbank/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import type { Deps } from '../../deps';
import { type ProviderEvent, WebhookSignatureError } from '../../infra/payments';
import { AppError } from '../../lib/app-error';
import { findUserById } from '../accounts';
import { findPlan } from '../billing';
import { recordPayment } from '../sales';
import { findByProviderId, grantPaid, recountLearners, updateSubscription } from '../subscriptions';
import {
  completeCheckout,
  expireIfOpen,
  findCheckout,
  recordFulfilment,
  recordWebhookEvent,
  recordWebhookFailure,
  saveCustomerIdIfNone,
  subscriptionDeletionRecorded,
} from './repository';

type Obj = Record<string, unknown>;

/** A stored provider event as `webhook_events` keeps it. */
export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** What a replay did: the event's row after it, and the error when processing failed again. */
export interface ReplayOutcome {
  row: WebhookEventRow;
  outcome: 'processed' | 'failed';
  error: string | null;
}

/** Writes the replay's audit entry in the replay's own transaction (before and after: the event's row). */
export type ReplayAudit = (
  tx: Tx,
  e: {
    before: WebhookEventRow;
    after: WebhookEventRow;
    outcome: 'processed' | 'failed';
    error: string | null;
  },
) => Promise<void>;

/** What went wrong, for an operator: the innermost cause (a database error, not the query that met it). */
function messageOf(e: unknown): string {
  let err = e;
  while (err instanceof Error && err.cause instanceof Error && err.cause !== err) err = err.cause;
  return (err instanceof Error ? err.message : String(err)).slice(0, 2000);
}
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const fromUnix = (s: number | null) => (s === null ? null : new Date(s * 1000));

/** Newer Stripe API versions moved the period onto the subscription's items and the invoice's subscription onto `parent`. */
const subscriptionPeriodEnd = (o: Obj) =>
  num(o.current_period_end) ??
  num(
    (o.items as { data?: Array<{ current_period_end?: number }> } | undefined)?.data?.[0]?.current_period_end,
  );
const invoiceSubscription = (o: Obj) =>
  str(o.subscription) ??
  str(
    (o.parent as { subscription_details?: { subscription?: string } } | undefined)?.subscription_details
      ?.subscription,
  );
const invoicePeriodEnd = (o: Obj) =>
  num((o.lines as { data?: Array<{ period?: { end?: number } }> } | undefined)?.data?.[0]?.period?.end);

/**
 * Applies one verified provider event. Every event id is applied once (a replay or a concurrent second
 * delivery finds it recorded and changes nothing), every checkout session is fulfilled once, and an event older than the last one applied to a
 * subscription does not undo it. Everything happens in one transaction: a failure records nothing, so the
 * provider's retry applies it again.
 */
export function webhookService(deps: Deps) {
  const { db, payments, log } = deps;

  async function completed(tx: DbOrTx, e: ProviderEvent, o: Obj) {
    if (o.payment_status !== 'paid' && o.payment_status !== 'no_payment_required') return;
    const meta = (o.metadata ?? {}) as Record<string, string>;
    const sessionId = str(o.id);
    const checkout = sessionId ? await findCheckout(tx, sessionId) : null;
    const userId = checkout?.userId ?? str(meta.userId);
    const planId = checkout?.billingPlanId ?? str(meta.billingPlanId);
    if (!userId || !planId) {
      log.warn({ eventId: e.id }, 'checkout event without our metadata: ignored');
      return;
    }
    const plan = await findPlan(tx, planId);
    const user = await findUserById(tx, userId);
    if (!plan || !user) {
      log.warn({ eventId: e.id }, 'checkout event for an unknown user or plan: ignored');
      return;
    }
    // One grant per checkout session: another event reporting the same completed session (a second event id,
    // completed then async_payment_succeeded) finds it recorded and grants nothing more. A concurrent one waits
    // on the key until this transaction ends.
    if (sessionId && !(await recordFulfilment(tx, sessionId, e.id))) {
      log.info({ eventId: e.id, sessionId }, 'checkout session already fulfilled: nothing more granted');
      return;
    }
    const providerSubscriptionId = str(o.subscription);
    // A deletion of the provider subscription that overtook this event wins: the access has already ended.
    const ended = providerSubscriptionId
      ? await subscriptionDeletionRecorded(tx, providerSubscriptionId)
      : false;
    await grantPaid(
      tx,
      {
        userId,
        productId: plan.productId,
        billingPlanId: plan.id,
        frequencyType: plan.frequencyType as FrequencyType,
        providerSubscriptionId,
        eventAt: new Date(e.created * 1000),
        alreadyEnded: ended,
        firstChargeAt: fromUnix(Number(meta.firstChargeAt) || null),
      },
      deps,
    );
    // The money, for Sales (docs/sales.md): a renewing purchase that waits for running access charges nothing
    // now; its first charge comes as an invoice.
    const amount = num(o.amount_total);
    if (amount && amount > 0)
      await recordPayment(tx, {
        productId: plan.productId,
        billingPlanId: plan.id,
        userId,
        kind: 'PURCHASE',
        amountCents: amount,
        currency: str(o.currency) ?? 'usd',
        providerRef: sessionId ?? e.id,
        tokenId: checkout?.tokenId ?? str(meta.tokenId),
        paidAt: new Date(e.created * 1000),
      });
    const customer = str(o.customer);
    if (customer) await saveCustomerIdIfNone(tx, userId, customer);
    if (sessionId) await completeCheckout(tx, sessionId, deps.clock.now());
  }

  /**
   * A renewing subscription's invoice paid: the money, for Sales, whatever order its events come in (an older
   * event is still a charge). The first invoice of a subscription is its checkout's, already counted there.
   */
  async function renewalPaid(tx: DbOrTx, e: ProviderEvent, o: Obj) {
    const providerId = invoiceSubscription(o);
    const amount = num(o.amount_paid);
    if (!providerId || !amount || amount <= 0 || o.billing_reason === 'subscription_create') return;
    const s = await findByProviderId(tx, providerId);
    if (!s) return;
    const paidAt = num((o.status_transitions as Obj | undefined)?.paid_at);
    await recordPayment(tx, {
      productId: s.productId,
      billingPlanId: s.billingPlanId,
      userId: s.userId,
      kind: 'RENEWAL',
      amountCents: amount,
      currency: str(o.currency) ?? 'usd',
      providerRef: str(o.id) ?? e.id,
      paidAt: fromUnix(paidAt) ?? new Date(e.created * 1000),
    });
  }

  /** The newest event wins: an older one arriving late is skipped. */
  async function subscriptionFor(tx: DbOrTx, providerId: string | null, e: ProviderEvent) {
    if (!providerId) return null;
    const s = await findByProviderId(tx, providerId);
    if (!s) return null;
    const at = new Date(e.created * 1000);
    if (s.providerEventAt && at < s.providerEventAt) {
      log.info({ eventId: e.id }, 'older provider event after a newer one: skipped');
      return null;
    }
    return { s, at };
  }

  /**
   * What a subscription event says, read again from the provider: two changes in the same second (cancel,
   * then reactivate) carry the same `created` time and can arrive in either order, so the event's own copy
   * may be the older state. A subscription the provider does not know keeps the event's copy.
   */
  async function current(e: ProviderEvent): Promise<ProviderEvent> {
    if (e.type !== 'customer.subscription.updated') return e; // a deletion is final whatever came before
    const id = str(e.data.object.id);
    if (!id || !(await findByProviderId(db, id))) return e;
    const now = await payments.retrieveSubscription(id);
    return now ? { ...e, data: { object: now } } : e;
  }

  async function apply(tx: DbOrTx, e: ProviderEvent) {
    const o = e.data.object;
    switch (e.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return completed(tx, e, o);
      case 'checkout.session.expired': {
        const id = str(o.id);
        if (id) await expireIfOpen(tx, id);
        return;
      }
      case 'customer.subscription.updated': {
        const found = await subscriptionFor(tx, str(o.id), e);
        if (!found) return;
        const live = o.status === 'active' || o.status === 'trialing' || o.status === 'past_due';
        const end = fromUnix(subscriptionPeriodEnd(o));
        await updateSubscription(tx, found.s.id, {
          active: live,
          autoRenew: live && o.cancel_at_period_end !== true,
          ...(end ? { currentPeriodEnd: end } : {}),
          providerEventAt: found.at,
          updatedAt: deps.clock.now(),
        });
        return recountLearners(tx, found.s.productId);
      }
      case 'customer.subscription.deleted': {
        const found = await subscriptionFor(tx, str(o.id), e);
        if (!found) return;
        await updateSubscription(tx, found.s.id, {
          active: false,
          autoRenew: false,
          providerEventAt: found.at,
          updatedAt: deps.clock.now(),
        });
        return recountLearners(tx, found.s.productId);
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded': {
        await renewalPaid(tx, e, o);
        const found = await subscriptionFor(tx, invoiceSubscription(o), e);
        const end = fromUnix(invoicePeriodEnd(o));
        if (!found || !end) return;
        await updateSubscription(tx, found.s.id, {
          active: true,
          currentPeriodEnd: end,
          providerEventAt: found.at,
          updatedAt: deps.clock.now(),
        });
        return recountLearners(tx, found.s.productId);
      }
      default:
        return; // recorded, nothing to do
    }
  }

  return {
    /** Verifies and applies a delivery; answers whether it was new. */
    async receive(rawBody: Buffer, signature: string | undefined) {
      let event: ProviderEvent;
      try {
        event = await payments.verifyWebhook(rawBody, signature);
      } catch (err) {
        if (err instanceof WebhookSignatureError)
          throw new AppError(
            ErrorCode.VALIDATION,
            `Webhook signature check failed: ${err.message}`,
            'Stripe-Signature',
          );
        throw err;
      }
      if (!event?.id || !event.type || !event.data?.object)
        throw new AppError(ErrorCode.VALIDATION, 'Not a provider event', 'body');
      // Read before the transaction: no provider call while database rows are locked. A failure answers
      // 500, and the provider delivers the event again; meanwhile the event is kept with its error.
      let applied: boolean;
      try {
        const toApply = await current(event);
        applied = await db.transaction(async (tx) => {
          const recorded = await recordWebhookEvent(tx, {
            id: event.id,
            provider: payments.kind,
            type: event.type,
            payload: event as unknown as Record<string, unknown>,
            processedAt: deps.clock.now(),
          });
          if (!recorded) return false;
          await apply(tx, toApply);
          return true;
        });
      } catch (err) {
        await recordWebhookFailure(db, {
          id: event.id,
          provider: payments.kind,
          type: event.type,
          payload: event as unknown as Record<string, unknown>,
          failedAt: deps.clock.now(),
          error: messageOf(err),
        }).catch((e) => log.error({ err: e, eventId: event.id }, 'could not record a failed webhook event'));
        throw err;
      }
      if (applied) deps.jobs.kick(); // work the event queued (stopping a replaced renewal) starts now
      return { received: true as const, duplicate: !applied };
    },

    /**
     * Processes a stored event again through the same handler (Platform health's replay), whatever its state:
     * in one transaction with the event's row locked, so replays wait for each other, and with `audit`'s entry.
     * What it grants stays once per checkout session (`recordFulfilment`), and a subscription event older than
     * the last one applied is skipped, so a replay of a processed event changes nothing that is already so. A
     * failure rolls the work back and records the error (with its own audit entry). Null: no such event.
     */
    async replay(id: string, audit: ReplayAudit): Promise<ReplayOutcome | null> {
      const [stored] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
      if (!stored) return null;
      const event = stored.payload as unknown as ProviderEvent;
      const lock = (tx: Tx) =>
        tx
          .select()
          .from(webhookEvents)
          .where(eq(webhookEvents.id, id))
          .for('update')
          .then((r) => r[0]!);
      try {
        const toApply = await current(event);
        const row = await db.transaction(async (tx) => {
          const before = await lock(tx);
          await apply(tx, toApply);
          const [after] = await tx
            .update(webhookEvents)
            .set({
              processedAt: deps.clock.now(),
              failedAt: null,
              lastError: null,
              attempts: sql`${webhookEvents.attempts} + 1`,
            })
            .where(eq(webhookEvents.id, id))
            .returning();
          await audit(tx, { before, after: after!, outcome: 'processed', error: null });
          return after!;
        });
        deps.jobs.kick();
        return { row, outcome: 'processed', error: null };
      } catch (err) {
        const error = messageOf(err);
        log.warn({ err, eventId: id }, 'a replayed webhook event failed');
        const row = await db.transaction(async (tx) => {
          const before = await lock(tx);
          const [after] = await tx
            .update(webhookEvents)
            .set({
              // A processed event stays processed: its earlier processing stands; only this try failed.
              failedAt: sql`CASE WHEN ${webhookEvents.processedAt} IS NULL THEN ${deps.clock.now().toISOString()}::timestamptz ELSE ${webhookEvents.failedAt} END`,
              lastError: error,
              attempts: sql`${webhookEvents.attempts} + 1`,
            })
            .where(eq(webhookEvents.id, id))
            .returning();
          await audit(tx, { before, after: after!, outcome: 'failed', error });
          return after!;
        });
        return { row, outcome: 'failed', error };
      }
    },
  };
}
