import { createHmac } from 'node:crypto';
import { type FrequencyType, periodEnd } from '@qbank/contract';
import { and, eq, lte } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db, DbOrTx } from '../db/client';
import { localPaymentSessions, localPaymentSubscriptions, settings } from '../db/schema';
import { randomToken } from '../lib/crypto';
import type { JobHandler, JobRunner } from './jobs';
import {
  NoSuchProviderSubscription,
  type Payments,
  type ProviderEvent,
  WebhookSignatureError,
} from './payments';

export const LOCAL_WEBHOOK_JOB = 'payments.local.webhook';
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
  /** The job that delivers events to the webhook endpoint, with the job runner's retries. */
  webhookJob: JobHandler;
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
  jobs: () => JobRunner;
  deliver: () => WebhookDelivery;
}): LocalPayments {
  const { db } = opts;
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
      created: unix(new Date()),
      data: { object },
    };
    await opts.jobs().enqueue(tx, LOCAL_WEBHOOK_JOB, { event }, { maxAttempts: 15 });
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
    opts.jobs().kick();
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
      opts.jobs().kick();
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
        const now = new Date();
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
      opts.jobs().kick();
      return result;
    },
    cancel: cancelSession,
    async sweep(now = new Date()) {
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
      if (n) opts.jobs().kick();
      return n;
    },
    webhookJob: async (payload) => {
      const raw = JSON.stringify(payload.event);
      const t = unix(new Date());
      const signature = `t=${t},v1=${signV1(await webhookSecret(), t, raw)}`;
      const status = await opts.deliver()(raw, signature);
      if (status < 200 || status >= 300) throw new Error(`Webhook endpoint answered ${status}`);
    },
  };
}

/** The provider's signature: Stripe's v1 scheme, HMAC-SHA256 of `timestamp.body`. */
export const signV1 = (secret: string, timestamp: number, raw: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
