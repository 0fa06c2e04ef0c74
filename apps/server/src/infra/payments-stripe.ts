import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type Payments,
  type PriceSpec,
  type ProviderEvent,
  recurringInterval,
  WebhookSignatureError,
} from './payments';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (tests point the SDK at a local server that speaks Stripe's API). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Stripe through the official SDK: customers, prices, Checkout Sessions, subscriptions, signed webhooks. */
export function stripePayments(opts: StripeOptions): Payments {
  const stripe = new Stripe(opts.secretKey, {
    host: opts.host,
    port: opts.port,
    protocol: opts.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'QBank Cloud' },
  });
  return {
    kind: 'stripe',
    async createCustomer({ email, name }) {
      const c = await stripe.customers.create({ email, name });
      return c.id;
    },
    async createPrice(spec: PriceSpec) {
      const p = await stripe.prices.create({
        currency: 'usd',
        unit_amount: spec.amountCents,
        product_data: { name: `${spec.productName}: ${spec.planName}` },
        ...(spec.recurring ? { recurring: recurringInterval(spec.frequencyType) } : {}),
      });
      return p.id;
    },
    async createCheckoutSession(req: CheckoutRequest) {
      const s = await stripe.checkout.sessions.create({
        mode: req.price.recurring ? 'subscription' : 'payment',
        customer: req.customerId,
        line_items: [{ price: req.priceId, quantity: 1 }],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        client_reference_id: req.metadata.userId,
        metadata: req.metadata,
        ...(req.price.recurring ? { subscription_data: { metadata: req.metadata } } : {}),
      });
      if (!s.url) throw new Error('Stripe answered a checkout session without a URL');
      return { id: s.id, url: s.url };
    },
    async setAutoRenew(id, on) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: !on });
    },
    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      try {
        const e = await stripe.webhooks.constructEventAsync(rawBody, signature, opts.webhookSecret);
        return e as unknown as ProviderEvent;
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Bad signature');
      }
    },
  };
}
