import type { FrequencyType } from '@qbank/contract';
import { z } from 'zod';
import { defineJob } from './jobs';

/** What a price is: the provider needs the amount and, for renewing plans, the interval. */
export interface PriceSpec {
  productName: string;
  planName: string;
  amountCents: number;
  frequencyType: FrequencyType;
  /** Renews automatically (a provider subscription) rather than a one-time payment. */
  recurring: boolean;
}

export interface CheckoutRequest {
  customerId: string;
  customerEmail: string;
  priceId: string;
  price: PriceSpec;
  successUrl: string;
  cancelUrl: string;
  /** Copied onto the session (and the provider subscription) and returned in its events. */
  metadata: Record<string, string>;
  /**
   * A renewing purchase whose first charge waits until access already paid for ends (Stripe: a trial to
   * this time; it must be at least two days away). Nothing is charged at checkout then.
   */
  trialEnd?: Date;
}

/** A provider event in Stripe's shape (the local provider sends the same shape). */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: Record<string, unknown> };
}

/**
 * The card-payment provider (DESIGN.md §2): Stripe in production, the embedded test provider by default.
 * Subscriptions are granted only from verified events (`verifyWebhook`), never from a client's word.
 */
export interface Payments {
  kind: 'local' | 'stripe';
  createCustomer(input: { email: string; name: string }): Promise<string>;
  createPrice(spec: PriceSpec): Promise<string>;
  createCheckoutSession(req: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Closes an open checkout so it can no longer be paid; one already paid, expired or unknown is left as it is. */
  expireCheckoutSession(id: string): Promise<void>;
  /**
   * A provider subscription as it is now, in Stripe's shape (a canceled one too); null when the provider does
   * not know the id. Subscription events are applied from this, not from their own copy, since two changes in
   * the same second can arrive in either order.
   */
  retrieveSubscription(providerSubscriptionId: string): Promise<Record<string, unknown> | null>;
  /** Auto-renew on or off for a provider subscription (Stripe: cancel_at_period_end). */
  setAutoRenew(providerSubscriptionId: string, on: boolean): Promise<void>;
  /** Checks the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>;
}

export class WebhookSignatureError extends Error {}

/**
 * The job that turns auto-renew off for a provider subscription that another purchase of the same access
 * replaced, so that one buyer is never billed twice. Run after the grant commits, with the runner's retries;
 * a subscription the provider has already ended counts as done.
 */
export const stopRenewalJob = defineJob({
  kind: 'payments.stop-renewal',
  payload: z.object({ providerSubscriptionId: z.string() }),
  maxAttempts: 15,
  handler: async ({ providerSubscriptionId }, ctx) => {
    try {
      await ctx.deps.payments.setAutoRenew(providerSubscriptionId, false);
    } catch (err) {
      const ended =
        err instanceof NoSuchProviderSubscription ||
        (err instanceof PaymentProviderError &&
          (err.details.providerStatus === 404 || err.details.providerStatus === 400));
      if (!ended) throw err;
    }
  },
});
export const STOP_RENEWAL_JOB = stopRenewalJob.kind;

/** The provider has no live subscription with this id (ended, or never existed). */
export class NoSuchProviderSubscription extends Error {}

/**
 * The provider refused or failed a request (its 4xx or 5xx after retries, or no answer). It deliberately has
 * no `statusCode`: the provider's status (say 401 for our bad key) is not the status of our caller's request,
 * so unless a service maps it, the error handler answers 500 and logs it.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly details: {
      /** Stripe's error type: card_error, invalid_request_error, api_error, authentication_error ... */
      type?: string;
      code?: string;
      param?: string;
      /** The provider's HTTP status; absent when it never answered. */
      providerStatus?: number;
      requestId?: string;
    } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** Stripe's interval for a renewing frequency. */
export function recurringInterval(f: FrequencyType): { interval: 'month' | 'year'; interval_count: number } {
  switch (f) {
    case 'MONTHLY':
      return { interval: 'month', interval_count: 1 };
    case 'QUARTERLY':
      return { interval: 'month', interval_count: 3 };
    case 'HALF_YEARLY':
      return { interval: 'month', interval_count: 6 };
    case 'YEARLY':
      return { interval: 'year', interval_count: 1 };
    default:
      throw new Error(`${f} plans cannot renew`);
  }
}
