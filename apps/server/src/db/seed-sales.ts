import { sql } from 'drizzle-orm';
import { appendAudit } from '../infra/audit';
import type { DbOrTx } from './client';
import { payments, referralVisits } from './schema';

// Demo sales and history (docs/sales.md): twelve months of purchases, renewals and cancellations of the first
// demo bank's plans by its class, two referral links with their visits, sign-ups and purchases, and an audit
// trail of plan, role, publish, branding and account changes, so Admin → Sales and the superuser's audit log
// have something to show from the start. Every date counts back from `now` and nothing is random: the same
// seed gives the same figures.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The referral links the demo's marketing used, and how often each was visited over the year. */
export const DEMO_REFERRAL_TOKENS = [
  { tokenId: 'med-school-newsletter', visitsPerMonth: [9, 14, 11, 16, 21, 18, 12, 10, 15, 19, 24, 13] },
  { tokenId: 'partner-study-blog', visitsPerMonth: [0, 0, 3, 5, 8, 6, 4, 7, 9, 6, 5, 4] },
] as const;

interface Plan {
  id: string;
  planName: string;
  priceCents: number;
  frequencyType: string;
  autoRenew: boolean;
}

interface Buyer {
  userId: string;
  /** The subscription is active now (an inactive one was cancelled). */
  active: boolean;
}

/** `months` calendar months before `from`, on the same day (the end of a shorter month when it has none). */
function monthsBefore(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The first bank's sales: each paid student of the class bought a plan some time in the last twelve months (the
 * monthly one, which renews every month, or the six-month one, bought again when it runs out); a few monthly
 * buyers turned auto-renew off, and the cancelled ones stopped paying two months ago. Some came through a
 * referral link: their accounts and first purchases carry its token.
 */
export async function seedSalesHistory(
  tx: DbOrTx,
  o: { productId: string; plans: Plan[]; buyers: Buyer[]; now: Date },
): Promise<void> {
  const monthly = o.plans.find((p) => p.autoRenew && p.frequencyType === 'MONTHLY' && p.priceCents > 0);
  const halfYear = o.plans.find((p) => !p.autoRenew && p.frequencyType === 'HALF_YEARLY' && p.priceCents > 0);
  if (!monthly || !halfYear) return;
  const rows: Array<typeof payments.$inferInsert> = [];
  const referred: Array<{ userId: string; tokenId: string }> = [];
  for (const [k, b] of o.buyers.entries()) {
    const plan = k % 3 === 0 ? halfYear : monthly;
    const tokenId =
      k % 5 === 2 ? DEMO_REFERRAL_TOKENS[0].tokenId : k % 7 === 3 ? DEMO_REFERRAL_TOKENS[1].tokenId : null;
    if (tokenId) referred.push({ userId: b.userId, tokenId });
    // Bought between eleven months and a week ago, at a time of day of its own.
    const first = new Date(
      monthsBefore(o.now, 11 - (k % 12)).getTime() -
        (7 + ((k * 5) % 20)) * DAY_MS +
        ((k * 37) % 600) * 60_000,
    );
    const stopAt = b.active ? o.now : monthsBefore(o.now, 2);
    const step = plan === monthly ? 1 : 6;
    for (let i = 0; ; i++) {
      const paidAt = i === 0 ? first : monthsBefore(first, -step * i);
      if (paidAt > stopAt || (i > 0 && paidAt > o.now)) break;
      const renewal = plan === monthly && i > 0;
      rows.push({
        productId: o.productId,
        billingPlanId: plan.id,
        userId: b.userId,
        kind: renewal ? 'RENEWAL' : 'PURCHASE',
        amountCents: plan.priceCents,
        currency: 'usd',
        providerRef: `seed_${o.productId.slice(0, 8)}_${k}_${i}`,
        tokenId: i === 0 ? tokenId : null,
        paidAt,
      });
    }
    // The subscription as the last purchase left it: the monthly one renews unless its buyer turned it off.
    await tx.execute(sql`
      UPDATE subscriptions SET billing_plan_id = ${plan.id},
        auto_renew = ${plan === monthly && b.active && k % 4 !== 1}
      WHERE user_id = ${b.userId} AND product_id = ${o.productId}`);
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(payments).values(rows.slice(i, i + 500));
  for (const r of referred)
    await tx.execute(sql`UPDATE users SET referral_token_id = ${r.tokenId} WHERE id = ${r.userId}`);
  const visits: Array<typeof referralVisits.$inferInsert> = [];
  for (const t of DEMO_REFERRAL_TOKENS)
    for (const [m, n] of t.visitsPerMonth.entries())
      for (let v = 0; v < n; v++) {
        const at = new Date(monthsBefore(o.now, 11 - m).getTime() - ((v * 29) % 27) * DAY_MS - v * 3_600_000);
        visits.push({ tokenId: t.tokenId, userAgent: 'Mozilla/5.0 (demo visitor)', createdAt: at });
      }
  await tx.insert(referralVisits).values(visits);
}

/**
 * The platform's history as the audit log keeps it: staff roles granted, a plan's price changed, a bank
 * published and branded, an account disabled. Each entry matches what the seed left (the writer is a writer,
 * the practice learner is disabled).
 */
export async function seedAuditTrail(
  tx: DbOrTx,
  o: {
    now: Date;
    superuserId: string;
    adminId: string;
    writer: { id: string; email: string };
    instructor: { id: string; email: string };
    banks: Array<{ id: string; name: string }>;
    plan: { id: string; planName: string; priceCents: number };
    disabled: { id: string; email: string };
  },
): Promise<void> {
  const ago = (days: number, hour = 10) =>
    new Date(Date.UTC(o.now.getUTCFullYear(), o.now.getUTCMonth(), o.now.getUTCDate() - days, hour, 12));
  const [first, second] = o.banks;
  const entries: Array<Parameters<typeof appendAudit>[1]> = [
    {
      actorId: o.superuserId,
      productId: first!.id,
      action: 'product.publish',
      details: {
        productId: first!.id,
        name: first!.name,
        before: { published: false },
        after: { published: true },
      },
      at: ago(360, 9),
    },
    {
      actorId: o.adminId,
      productId: first!.id,
      action: 'staff.roles',
      details: { userId: o.writer.id, email: o.writer.email, before: [], after: ['WRITER'] },
      at: ago(352),
    },
    {
      actorId: o.adminId,
      productId: first!.id,
      action: 'staff.roles',
      details: { userId: o.instructor.id, email: o.instructor.email, before: [], after: ['INSTRUCTOR'] },
      at: ago(300, 14),
    },
    {
      actorId: o.adminId,
      productId: first!.id,
      action: 'billingPlan.update',
      details: {
        planId: o.plan.id,
        planName: o.plan.planName,
        before: { priceCents: o.plan.priceCents - 1000 },
        after: { priceCents: o.plan.priceCents },
      },
      at: ago(190, 11),
    },
    {
      actorId: o.adminId,
      productId: second!.id,
      action: 'staff.roles',
      details: { userId: o.writer.id, email: o.writer.email, before: [], after: ['WRITER'] },
      at: ago(150, 16),
    },
    {
      actorId: o.adminId,
      productId: second!.id,
      action: 'branding.colors.set',
      details: { before: {}, after: { HEADER_BACKGROUND: '#0b4f6c', HEADER_TEXT: '#ffffff' } },
      at: ago(120, 15),
    },
    {
      actorId: o.superuserId,
      productId: null,
      action: 'user.disable',
      details: {
        userId: o.disabled.id,
        email: o.disabled.email,
        before: { disabledAt: null },
        after: { disabledAt: ago(21, 8).toISOString() },
      },
      at: ago(21, 8),
    },
  ];
  for (const e of entries) await appendAudit(tx, e);
  await tx.execute(sql`UPDATE users SET disabled_at = ${ago(21, 8)} WHERE id = ${o.disabled.id}`);
}
