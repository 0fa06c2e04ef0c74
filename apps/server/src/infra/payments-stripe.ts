import Stripe from 'stripe';
import {
  type CheckoutRequest,
  PaymentProviderError,
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

/**
 * Runs one API call and turns the SDK's error into a PaymentProviderError. The SDK's errors carry Stripe's
 * HTTP status as `statusCode`, which our error handler would otherwise answer to the browser as if it were
 * about their request (a 401 for our own bad key, Stripe's "No such price" as a 400).
 */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    const type = err.rawType ?? err.type;
    const status = err.statusCode;
    const about = [type, status, err.requestId].filter(Boolean).join(', ');
    throw new PaymentProviderError(
      `Stripe could not ${what}: ${err.message}${about ? ` (${about})` : ''}`,
      { type, code: err.code, param: err.param, providerStatus: status, requestId: err.requestId },
      { cause: err },
    );
  }
}

/** Stripe through the official SDK: customers, prices, Checkout Sessions, subscriptions, signed webhooks. */
export function stripePayments(opts: StripeOptions): Payments {
  // A secret pasted with its line end (an env file, a mounted secret) would make every API call fail as a
  // "connection error" (an invalid header) and every webhook's signature fail to match.
  const secretKey = opts.secretKey.trim();
  const webhookSecret = opts.webhookSecret.trim();
  const stripe = new Stripe(secretKey, {
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
      const c = await call('create the customer', () => stripe.customers.create({ email, name }));
      return c.id;
    },
    async createPrice(spec: PriceSpec) {
      const recurring = spec.recurring ? { recurring: recurringInterval(spec.frequencyType) } : {};
      const p = await call('create the price', () =>
        stripe.prices.create({
          currency: 'usd',
          unit_amount: spec.amountCents,
          product_data: { name: `${spec.productName}: ${spec.planName}` },
          ...recurring,
        }),
      );
      return p.id;
    },
    async createCheckoutSession(req: CheckoutRequest) {
      const s = await call('start the checkout', () =>
        stripe.checkout.sessions.create({
          mode: req.price.recurring ? 'subscription' : 'payment',
          customer: req.customerId,
          line_items: [{ price: req.priceId, quantity: 1 }],
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          client_reference_id: req.metadata.userId,
          metadata: req.metadata,
          ...(req.price.recurring
            ? {
                subscription_data: {
                  metadata: req.metadata,
                  ...(req.trialEnd ? { trial_end: Math.floor(req.trialEnd.getTime() / 1000) } : {}),
                },
              }
            : {}),
        }),
      );
      if (!s.url) throw new PaymentProviderError('Stripe answered a checkout session without a URL');
      return { id: s.id, url: s.url };
    },
    async expireCheckoutSession(id) {
      await call('close the checkout', () => stripe.checkout.sessions.expire(id)).catch((err) => {
        // Already complete or expired (400), or unknown (404): nothing is left to close.
        const status = err instanceof PaymentProviderError ? err.details.providerStatus : undefined;
        if (status === 400 || status === 404) return;
        throw err;
      });
    },
    async retrieveSubscription(id) {
      try {
        const s = await call('read the subscription', () => stripe.subscriptions.retrieve(id));
        return s as unknown as Record<string, unknown>;
      } catch (err) {
        if (err instanceof PaymentProviderError && err.details.providerStatus === 404) return null;
        throw err;
      }
    },
    async setAutoRenew(id, on) {
      await call(`turn auto-renew ${on ? 'on' : 'off'}`, () =>
        stripe.subscriptions.update(id, { cancel_at_period_end: !on }),
      );
    },
    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      try {
        const e = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
        return e as unknown as ProviderEvent;
      } catch (err) {
        // The SDK's messages go on for lines (advice, a docs link); the first says what is wrong.
        const first = err instanceof Error ? err.message.split('\n')[0]!.trim() : '';
        throw new WebhookSignatureError(first || 'Bad signature');
      }
    },
  };
}
