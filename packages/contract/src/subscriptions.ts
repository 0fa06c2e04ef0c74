import { z } from 'zod';
import { subscriptionSummary } from './accounts';
import { FREQUENCY_TYPES, type FrequencyType, periodMonths } from './billing';
import { textField } from './text';

export const subscriptionDetail = subscriptionSummary.extend({
  planName: z.string().nullable(),
  price: z.number().nullable(),
  frequencyType: z.enum(FREQUENCY_TYPES).nullable(),
  autoRenew: z.boolean(),
  /**
   * Whether auto-renew can be turned on: a renewing purchase whose renewal was cancelled, or a running one-time
   * purchase of a plan with a period (turning it on then goes through checkout, first charge when it ends).
   */
  canAutoRenew: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  /** Set when turning auto-renew on needs the buyer at the provider's checkout first. */
  redirectUrl: z.string().optional(),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetail>;

export const userIdParams = z.object({ userId: z.uuid({ error: 'userId must be a UUID' }) });
export const subscriptionParams = z.object({
  userId: z.uuid({ error: 'userId must be a UUID' }),
  subId: z.uuid({ error: 'subId must be a UUID' }),
});
export const subscribeBody = z.object({
  productUuid: z.uuid({ error: 'productUuid must be a UUID' }),
  billingPlanUuid: z.uuid({ error: 'billingPlanUuid must be a UUID' }),
});

export const checkoutSessionBody = z.object({
  priceId: textField('priceId')
    .trim()
    .min(1, { error: 'priceId is required' })
    .max(200, { error: 'priceId must be at most 200 characters' }),
  customerId: textField('customerId')
    .trim()
    .max(200, { error: 'customerId must be at most 200 characters' })
    .optional(),
  tokenId: textField('tokenId')
    .trim()
    .max(100, { error: 'tokenId must be at most 100 characters' })
    .optional(),
});
export const redirectResponse = z.object({ redirectUrl: z.string() });

export const checkoutStatus = z.object({
  status: z.enum(['open', 'complete', 'expired']),
  productUuid: z.string(),
  productName: z.string(),
  subscriptionActive: z.boolean(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatus>;

export const localCheckout = z.object({
  sessionId: z.string(),
  productUuid: z.string(),
  productName: z.string(),
  planName: z.string(),
  price: z.number(),
  frequencyType: z.enum(FREQUENCY_TYPES),
  autoRenew: z.boolean(),
  customerEmail: z.string(),
  status: z.enum(['open', 'paid', 'canceled']),
  /** ISO time of the first charge when it waits for access already paid for to end; null when it is now. */
  firstChargeAt: z.string().nullable(),
});
export type LocalCheckout = z.infer<typeof localCheckout>;
export const localPayBody = z.object({
  outcome: z.enum(['success', 'decline'], { error: 'outcome must be success or decline' }),
});

/**
 * When a purchase made at `from` ends: the period of the frequency added in calendar months (clamped to the
 * month's last day, so Jan 31 + 1 month is Feb 28/29); null for INDEFINITE, which never ends.
 */
export function periodEnd(from: Date, frequency: FrequencyType): Date | null {
  const months = periodMonths(frequency);
  if (months === null) return null;
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
