import { z } from 'zod';

export const FREQUENCY_TYPES = ['MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY', 'INDEFINITE'] as const;
export type FrequencyType = (typeof FREQUENCY_TYPES)[number];
export const BILLING_PLAN_TYPES = ['PUBLIC', 'PRIVATE', 'INSTITUTIONAL'] as const;

export const billingPlan = z.object({
  uuid: z.string(),
  productUuid: z.string(),
  planName: z.string(),
  /** Dollars (USD), e.g. 49 or 79.99. */
  price: z.number(),
  frequencyType: z.enum(FREQUENCY_TYPES),
  autoRenewForSubscription: z.boolean(),
  billingPlanType: z.enum(BILLING_PLAN_TYPES),
  active: z.boolean(),
  stripePriceId: z.string().nullable(),
});
export type BillingPlan = z.infer<typeof billingPlan>;

const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const usdCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** SPEC §5: 0 is 'Free'; whole dollars show without cents, otherwise with cents (USD, en-US). */
export function priceText(price: number): string {
  if (price === 0) return 'Free';
  return Number.isInteger(price) ? usdWhole.format(price) : usdCents.format(price);
}

const oneTime: Record<FrequencyType, string> = {
  MONTHLY: 'for 1 month',
  QUARTERLY: 'for 3 months',
  HALF_YEARLY: 'for 6 months',
  YEARLY: 'for 1 year',
  INDEFINITE: 'for unlimited access',
};
const renewing: Record<Exclude<FrequencyType, 'INDEFINITE'>, string> = {
  MONTHLY: 'every month',
  QUARTERLY: 'every 3 months',
  HALF_YEARLY: 'every 6 months',
  YEARLY: 'every year',
};

/** SPEC §5 frequency texts: 'every …' when auto-renew is on, 'for …' otherwise; INDEFINITE never renews. */
export function frequencyText(frequency: FrequencyType, autoRenew: boolean): string {
  return autoRenew && frequency !== 'INDEFINITE' ? renewing[frequency] : oneTime[frequency];
}

/** SPEC §5 notes under a plan; null when there is none (free or unlimited plans). */
export function planNote(
  plan: Pick<BillingPlan, 'price' | 'frequencyType' | 'autoRenewForSubscription'>,
): string | null {
  if (plan.frequencyType === 'INDEFINITE') return null;
  if (plan.autoRenewForSubscription)
    return `Auto-renews ${frequencyText(plan.frequencyType, true)}. Manage or cancel anytime in Account Settings.`;
  if (plan.price > 0) return 'One-time purchase. Option to enable auto-renew in Account Settings.';
  return null;
}

/** SPEC §5: active plans only unless inactive ones are asked for, in frequency order MONTHLY … INDEFINITE. */
export function listPlans<T extends Pick<BillingPlan, 'active' | 'frequencyType'>>(
  plans: T[],
  includeInactive = false,
): T[] {
  return plans
    .filter((p) => includeInactive || p.active)
    .map((p, i) => ({ p, i }))
    .sort(
      (a, b) =>
        FREQUENCY_TYPES.indexOf(a.p.frequencyType) - FREQUENCY_TYPES.indexOf(b.p.frequencyType) || a.i - b.i,
    )
    .map(({ p }) => p);
}

/** How long a purchase lasts, in months; null for INDEFINITE (never ends). */
export function periodMonths(frequency: FrequencyType): number | null {
  return { MONTHLY: 1, QUARTERLY: 3, HALF_YEARLY: 6, YEARLY: 12, INDEFINITE: null }[frequency];
}

/**
 * The optional query of a plan update or toggle (docs/billing-plans.md): `confirmLeaveStore=true` lets a change
 * take away a published QBank's last active public plan, which takes the QBank out of the store.
 */
export const planChangeQuery = z.object({
  confirmLeaveStore: z
    .enum(['true', 'false'], { error: 'confirmLeaveStore must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** The refusal's message when a change would leave a published QBank with no active public plan. */
export const LEAVE_STORE_MESSAGE =
  'This is the last active public plan of a published QBank: without it the QBank leaves the store. Confirm to go ahead.';

/** How many active subscriptions each plan of a product holds (plans with none are left out). */
export const planSubscribers = z.object({ uuid: z.string(), activeSubscribers: z.number().int() });
export type PlanSubscribers = z.infer<typeof planSubscribers>;
