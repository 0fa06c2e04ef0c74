import { createHmac } from 'node:crypto';
import { type FrequencyType, periodEnd } from '@qbank/contract';
import { and, eq, lte } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { localPaymentSessions, localPaymentSubscriptions, settings } from '../db/schema';
import type { Clock } from '../lib/clock';
import { randomToken } from '../lib/crypto';
import { defineJob, type JobQueue } from './jobs';
import {
  NoSuchProviderSubscription,
  type Payments,
  type ProviderEvent,
  WebhookSignatureError,
} from './payments';

/** Delivers one of the embedded provider's events to our webhook endpoint, with the runner's retries. */
export const localWebhookJob = defineJob({
  kind: 'payments.local.webhook',
  payload: z.object({ event: z.custom<ProviderEvent>((v) => typeof v === 'object' && v !== null) }),
  maxAttempts: 15,
  handler: async ({ event }, ctx) => {
    const payments = ctx.deps.payments;
    if (payments.kind !== 'local') throw new Error('The embedded payment provider is not in use');
    await (payments as LocalPayments).deliverEvent(event);
  },
});
export const LOCAL_WEBHOOK_JOB = localWebhookJob.kind;
const SECRET_KEY = 'local_payments_webhook_secret';

/** Hands a signed event to our webhook endpoint and answers its HTTP status (the app wires this to itself). */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<number>;

export type LocalSession = typeof localPaymentSessions.$inferSelect;

export interface LocalPayments extends Payments {
  kind: 'local';
  getSession(id: string): Promise<LocalSession | null>;
  /** Pays (or declines) an open session; answers where the buyer goes next. */
  pay(id: string, outcome: 'success' | 'decline'): Promise<{ redirectUrl: string }>;
  cancel(id: string): Promise<{ redirectUrl: string }>;
  /** Renews or ends the provider subscriptions whose period is over, sending their events. */
  sweep(now?: Date): Promise<number>;
  /** Signs an event and hands it to the webhook endpoint; throws unless it answers 2xx (run as a job). */
  deliverEvent(event: ProviderEvent): Promise<void>;
  /** The signing secret, shared by every instance through the database. */
  webhookSecret(): Promise<string>;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The embedded test provider (DESIGN.md §2). It keeps its own records, shows a checkout page at
 * /checkout/local/:id, and, like Stripe, tells us what happened only through signed webhook events.
 */
export function localPayments(opts: {
  db: Db;
  publicUrl: string;
  jobs: JobQueue;
  deliver: WebhookDelivery;
  clock: Clock;
}): LocalPayments {
  const { db, clock } = opts;
  const verifier = new Stripe('sk_local_verify_only');
  let secret: string | null = null;

  async function webhookSecret() {
    if (secret) return secret;
    await db
      .insert(settings)
      .values({ key: SECRET_KEY, value: `whsec_local_${randomToken(24)}` })
      .onConflictDoNothing();
    const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
    secret = row!.value;
    return secret;
  }

  async function emit(tx: DbOrTx, type: string, object: Record<string, unknown>) {
    const event: ProviderEvent = {
      id: `evt_local_${randomToken(16)}`,
      type,
      created: unix(clock.now()),
      data: { object },
    };
    await opts.jobs.enqueue(tx, localWebhookJob, { event });
  }

  const subscriptionObject = (s: typeof localPaymentSubscriptions.$inferSelect) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    current_period_start: unix(s.currentPeriodStart),
    current_period_end: unix(s.currentPeriodEnd),
    metadata: s.metadata,
  });

  async function cancelSession(id: string) {
    const result = await db.transaction(async (tx) => {
      const [s] = await tx
        .update(localPaymentSessions)
        .set({ status: 'canceled' })
        .where(and(eq(localPaymentSessions.id, id), eq(localPaymentSessions.status, 'open')))
        .returning();
      if (!s) return null;
      await emit(tx, 'checkout.session.expired', {
        id: s.id,
        object: 'checkout.session',
        status: 'expired',
        payment_status: 'unpaid',
        customer: s.customerId,
        metadata: s.metadata,
      });
      return { redirectUrl: s.cancelUrl };
    });
    if (!result) throw new Error('This checkout is not open');
    opts.jobs.kick();
    return result;
  }

  return {
    kind: 'local',
    webhookSecret,
    async createCustomer() {
      return `cus_local_${randomToken(12)}`;
    },
    async createPrice() {
      return `price_local_${randomToken(12)}`;
    },
    async createCheckoutSession(req) {
      const id = `cs_local_${randomToken(18)}`;
      await db.insert(localPaymentSessions).values({
        id,
        customerId: req.customerId,
        customerEmail: req.customerEmail,
        priceId: req.priceId,
        productName: req.price.productName,
        planName: req.price.planName,
        amountCents: req.price.amountCents,
        frequencyType: req.price.frequencyType,
        recurring: req.price.recurring,
        successUrl: req.successUrl,
        cancelUrl: req.cancelUrl,
        metadata: req.metadata,
        trialEnd: req.price.recurring ? (req.trialEnd ?? null) : null,
      });
      return { id, url: `${opts.publicUrl}/checkout/local/${id}` };
    },
    async expireCheckoutSession(id) {
      await cancelSession(id).catch(() => {}); // not open any more: nothing to close
    },
    async retrieveSubscription(id) {
      const [s] = await db
        .select()
        .from(localPaymentSubscriptions)
        .where(eq(localPaymentSubscriptions.id, id))
        .limit(1);
      return s ? subscriptionObject(s) : null;
    },
    async setAutoRenew(id, on) {
      await db.transaction(async (tx) => {
        const [s] = await tx
          .update(localPaymentSubscriptions)
          .set({ cancelAtPeriodEnd: !on })
          .where(and(eq(localPaymentSubscriptions.id, id), eq(localPaymentSubscriptions.status, 'active')))
          .returning();
        if (!s) throw new NoSuchProviderSubscription(`No active provider subscription ${id}`);
        await emit(tx, 'customer.subscription.updated', subscriptionObject(s));
      });
      opts.jobs.kick();
    },
    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      try {
        const e = await verifier.webhooks.constructEventAsync(rawBody, signature, await webhookSecret());
        return e as unknown as ProviderEvent;
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Bad signature');
      }
    },

    async getSession(id) {
      const [s] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, id));
      return s ?? null;
    },
    async pay(id, outcome) {
      const result = await db.transaction(async (tx) => {
        const [s] = await tx
          .select()
          .from(localPaymentSessions)
          .where(eq(localPaymentSessions.id, id))
          .for('update');
        if (s?.status !== 'open') return null;
        if (outcome === 'decline') return { redirectUrl: `${opts.publicUrl}/error?msgId=paymentFailed` };
        const now = clock.now();
        let subscriptionId: string | null = null;
        if (s.recurring) {
          subscriptionId = `sub_local_${randomToken(14)}`;
          await tx.insert(localPaymentSubscriptions).values({
            id: subscriptionId,
            customerId: s.customerId,
            priceId: s.priceId,
            frequencyType: s.frequencyType,
            amountCents: s.amountCents,
            metadata: s.metadata,
            currentPeriodStart: now,
            // With a trial the first charge (the sweep's first renewal) is at its end.
            currentPeriodEnd: s.trialEnd ?? periodEnd(now, s.frequencyType as FrequencyType)!,
          });
        }
        await tx
          .update(localPaymentSessions)
          .set({ status: 'paid', subscriptionId })
          .where(eq(localPaymentSessions.id, id));
        await emit(tx, 'checkout.session.completed', {
          id: s.id,
          object: 'checkout.session',
          mode: s.recurring ? 'subscription' : 'payment',
          status: 'complete',
          payment_status: s.trialEnd ? 'no_payment_required' : 'paid',
          customer: s.customerId,
          subscription: subscriptionId,
          amount_total: s.trialEnd ? 0 : s.amountCents,
          currency: 'usd',
          client_reference_id: s.metadata.userId ?? null,
          metadata: s.metadata,
        });
        return { redirectUrl: s.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(s.id)) };
      });
      if (!result) throw new Error('This checkout is not open');
      opts.jobs.kick();
      return result;
    },
    cancel: cancelSession,
    async sweep(now = clock.now()) {
      let n = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const [s] = await tx
            .select()
            .from(localPaymentSubscriptions)
            .where(
              and(
                eq(localPaymentSubscriptions.status, 'active'),
                lte(localPaymentSubscriptions.currentPeriodEnd, now),
              ),
            )
            .limit(1)
            .for('update', { skipLocked: true });
          if (!s) return true;
          if (s.cancelAtPeriodEnd) {
            const [ended] = await tx
              .update(localPaymentSubscriptions)
              .set({ status: 'canceled' })
              .where(eq(localPaymentSubscriptions.id, s.id))
              .returning();
            await emit(tx, 'customer.subscription.deleted', subscriptionObject(ended!));
          } else {
            // The test card always pays: renew for another period.
            const start = s.currentPeriodEnd;
            const end = periodEnd(start, s.frequencyType as FrequencyType)!;
            await tx
              .update(localPaymentSubscriptions)
              .set({ currentPeriodStart: start, currentPeriodEnd: end })
              .where(eq(localPaymentSubscriptions.id, s.id));
            await emit(tx, 'invoice.paid', {
              id: `in_local_${randomToken(14)}`,
              object: 'invoice',
              billing_reason: 'subscription_cycle',
              customer: s.customerId,
              subscription: s.id,
              amount_paid: s.amountCents,
              lines: { data: [{ period: { start: unix(start), end: unix(end) } }] },
            });
          }
          return false;
        });
        if (done) break;
        n++;
      }
      if (n) opts.jobs.kick();
      return n;
    },
    async deliverEvent(event) {
      const raw = JSON.stringify(event);
      const t = unix(clock.now());
      const signature = `t=${t},v1=${signV1(await webhookSecret(), t, raw)}`;
      const status = await opts.deliver(raw, signature);
      if (status < 200 || status >= 300) throw new Error(`Webhook endpoint answered ${status}`);
    },
  };
}

/** The provider's signature: Stripe's v1 scheme, HMAC-SHA256 of `timestamp.body`. */
export const signV1 = (secret: string, timestamp: number, raw: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
