import { z } from 'zod';

// Admin → Sales (docs/sales.md): what a QBank sells: revenue by month and plan, its paid subscriptions and
// their churn, and the referral tokens that brought visits, sign-ups and purchases.

/**
 * How long a browser keeps the referral token it brought from the landing page: a sign-up or a purchase made
 * within this many days of the visit is attributed to the token.
 */
export const REFERRAL_DAYS = 30;

/** A calendar day, `YYYY-MM-DD`. */
const day = (field: 'from' | 'to') =>
  z.iso.date({ error: `${field} must be a date (YYYY-MM-DD)` }).optional();

/** GET products/{id}/sales and sales.csv: the period, both days included; by default the last twelve months. */
export const salesQuery = z.object({ from: day('from'), to: day('to') });
export type SalesQuery = z.input<typeof salesQuery>;

/** The longest period one report covers. */
export const SALES_MAX_MONTHS = 60;

export const salesRevenueRow = z.object({
  /** `YYYY-MM` (UTC). */
  month: z.string(),
  /** null for money not tied to a plan. */
  planUuid: z.string().nullable(),
  planName: z.string(),
  /** As the payment provider reported it (`usd`). */
  currency: z.string(),
  purchases: z.number().int(),
  renewals: z.number().int(),
  amountCents: z.number().int(),
});
export type SalesRevenueRow = z.infer<typeof salesRevenueRow>;

export const salesChurnRow = z.object({
  month: z.string(),
  /** Paid subscriptions with access at the month's first instant. */
  activeAtStart: z.number().int(),
  /** Of those, the ones whose access ended (cancelled or lapsed) during the month. */
  ended: z.number().int(),
  /** Paid subscriptions started in the month. */
  started: z.number().int(),
  /** ended ÷ activeAtStart; null when none were active at the start. */
  rate: z.number().nullable(),
});
export type SalesChurnRow = z.infer<typeof salesChurnRow>;

export const salesReferralRow = z.object({
  tokenId: z.string(),
  visits: z.number().int(),
  signUps: z.number().int(),
  purchases: z.number().int(),
  /** What its purchases brought, per currency. */
  revenue: z.array(z.object({ currency: z.string(), amountCents: z.number().int() })),
});
export type SalesReferralRow = z.infer<typeof salesReferralRow>;

export const salesReport = z.object({
  productUuid: z.string(),
  from: z.string(),
  to: z.string(),
  /** Every month of the period, `YYYY-MM`, oldest first. */
  months: z.array(z.string()),
  /** The product's plans, in the order the chart shows them. */
  plans: z.array(z.object({ planUuid: z.string().nullable(), planName: z.string() })),
  revenue: z.array(salesRevenueRow),
  totals: z.array(
    z.object({
      currency: z.string(),
      amountCents: z.number().int(),
      purchases: z.number().int(),
      renewals: z.number().int(),
    }),
  ),
  /** The product's paid subscriptions now. */
  subscriptions: z.object({
    active: z.number().int(),
    /** Active with auto-renew on. */
    renewing: z.number().int(),
    /** Ended: cancelled or lapsed. */
    cancelled: z.number().int(),
  }),
  churn: z.array(salesChurnRow),
  /** Ended during the period ÷ active at its start; null when none were. */
  periodChurn: z.number().nullable(),
  referrals: z.array(salesReferralRow),
});
export type SalesReport = z.infer<typeof salesReport>;
