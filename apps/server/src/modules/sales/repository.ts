import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { payments } from '../../db/schema';

export type NewPayment = typeof payments.$inferInsert;

/**
 * Records a charge once: a second delivery of the same checkout session or invoice (another event id, or
 * invoice.paid then invoice.payment_succeeded) finds its `provider_ref` and writes nothing.
 */
export async function recordPayment(tx: DbOrTx, values: NewPayment) {
  await tx.insert(payments).values(values).onConflictDoNothing({ target: payments.providerRef });
}

/** A period: from its first instant to the instant after its last day (UTC). */
export interface Period {
  start: Date;
  end: Date;
}

const num = (v: unknown) => Number(v ?? 0);

export async function revenueByMonthAndPlan(db: DbOrTx, productId: string, p: Period) {
  // Added up first over the index's range, then named: the plans are joined to the few sums, not to each row.
  const rows = rowsOf(
    await db.execute(sql`
      SELECT to_char(s.m, 'YYYY-MM') AS month, s.billing_plan_id AS plan_id, bp.plan_name, s.currency,
        s.purchases, s.renewals, s.amount_cents
      FROM (
        SELECT date_trunc('month', paid_at AT TIME ZONE 'UTC') AS m, billing_plan_id, currency,
          count(*) FILTER (WHERE kind = 'PURCHASE')::int AS purchases,
          count(*) FILTER (WHERE kind = 'RENEWAL')::int AS renewals,
          sum(amount_cents)::bigint AS amount_cents
        FROM payments
        WHERE product_id = ${productId} AND paid_at >= ${p.start} AND paid_at < ${p.end}
        GROUP BY 1, 2, 3) s
      LEFT JOIN billing_plans bp ON bp.id = s.billing_plan_id
      ORDER BY s.m, bp.plan_name, s.currency`),
  );
  return rows.map((r) => ({
    month: String(r.month),
    planUuid: (r.plan_id as string | null) ?? null,
    planName: (r.plan_name as string | null) ?? 'No plan',
    currency: String(r.currency),
    purchases: num(r.purchases),
    renewals: num(r.renewals),
    amountCents: num(r.amount_cents),
  }));
}

/** The product's paid plans, cheapest first (the chart's order); a free plan takes no money. */
export async function plansOf(db: DbOrTx, productId: string) {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT id, plan_name FROM billing_plans WHERE product_id = ${productId} AND price_cents > 0
      ORDER BY price_cents, plan_name, id`),
  );
  return rows.map((r) => ({ planUuid: String(r.id), planName: String(r.plan_name) }));
}

/** Paid subscriptions (type PREMIUM) now: active, of which renewing, and ended. */
export async function subscriptionCounts(db: DbOrTx, productId: string) {
  const [r] = rowsOf(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE active)::int AS active,
        count(*) FILTER (WHERE active AND auto_renew)::int AS renewing,
        count(*) FILTER (WHERE NOT active)::int AS cancelled
      FROM subscriptions WHERE product_id = ${productId} AND type = 'PREMIUM'`),
  );
  return { active: num(r?.active), renewing: num(r?.renewing), cancelled: num(r?.cancelled) };
}

/**
 * Churn by month over one scan of the product's paid subscriptions: each one's start (`created_at`) and, when
 * it has ended, its end (the earlier of its access end and its last change: a cancellation before the period
 * ran out ends it then). Starts and ends are counted by month, and the active count at each month's start is
 * the starts before it less the ends before it.
 */
export async function churnByMonth(db: DbOrTx, productId: string, firstMonth: string, lastMonth: string) {
  const rows = rowsOf(
    await db.execute(sql`
      WITH s AS (
        SELECT date_trunc('month', created_at AT TIME ZONE 'UTC') AS started,
          CASE WHEN active THEN NULL
            ELSE date_trunc('month', least(current_period_end, updated_at) AT TIME ZONE 'UTC') END AS ended
        FROM subscriptions WHERE product_id = ${productId} AND type = 'PREMIUM'),
      starts AS (SELECT started AS m, count(*) AS n FROM s GROUP BY 1),
      ends AS (
        SELECT ended AS m, count(*) AS n, count(*) FILTER (WHERE started < ended) AS churned
        FROM s WHERE ended IS NOT NULL GROUP BY 1),
      months AS (
        SELECT generate_series(${`${firstMonth}-01`}::timestamp, ${`${lastMonth}-01`}::timestamp, interval '1 month') AS m)
      SELECT to_char(months.m, 'YYYY-MM') AS month,
        (coalesce((SELECT sum(n) FROM starts WHERE starts.m < months.m), 0)
          - coalesce((SELECT sum(n) FROM ends WHERE ends.m < months.m), 0))::int AS active_at_start,
        coalesce((SELECT churned FROM ends WHERE ends.m = months.m), 0)::int AS ended,
        coalesce((SELECT n FROM starts WHERE starts.m = months.m), 0)::int AS started
      FROM months ORDER BY months.m`),
  );
  return rows.map((r) => ({
    month: String(r.month),
    activeAtStart: num(r.active_at_start),
    ended: num(r.ended),
    started: num(r.started),
  }));
}

/**
 * The referral tokens that have brought this product a purchase (at any time), with their figures in the
 * period: visits (of the landing page, platform-wide: a link leads there, not to a bank), sign-ups (verified
 * accounts made with the token, platform-wide) and this product's purchases bought with it.
 */
export async function referralFigures(db: DbOrTx, productId: string, p: Period) {
  const rows = rowsOf(
    await db.execute(sql`
      WITH t AS (
        SELECT DISTINCT token_id FROM payments
        WHERE product_id = ${productId} AND token_id IS NOT NULL AND kind = 'PURCHASE'),
      v AS (
        SELECT token_id, count(*)::int AS n FROM referral_visits
        WHERE token_id IN (SELECT token_id FROM t) AND created_at >= ${p.start} AND created_at < ${p.end}
        GROUP BY 1),
      su AS (
        SELECT referral_token_id AS token_id, count(*)::int AS n FROM users
        WHERE referral_token_id IN (SELECT token_id FROM t) AND email_verified_at IS NOT NULL
          AND created_at >= ${p.start} AND created_at < ${p.end} GROUP BY 1),
      pu AS (
        SELECT token_id, currency, count(*)::int AS n, sum(amount_cents)::bigint AS amount FROM payments
        WHERE product_id = ${productId} AND token_id IS NOT NULL AND kind = 'PURCHASE'
          AND paid_at >= ${p.start} AND paid_at < ${p.end} GROUP BY 1, 2)
      SELECT t.token_id, coalesce(v.n, 0) AS visits, coalesce(su.n, 0) AS sign_ups,
        pu.currency, coalesce(pu.n, 0) AS purchases, coalesce(pu.amount, 0) AS amount
      FROM t LEFT JOIN v ON v.token_id = t.token_id LEFT JOIN su ON su.token_id = t.token_id
        LEFT JOIN pu ON pu.token_id = t.token_id
      ORDER BY t.token_id, pu.currency`),
  );
  const byToken = new Map<
    string,
    {
      tokenId: string;
      visits: number;
      signUps: number;
      purchases: number;
      revenue: { currency: string; amountCents: number }[];
    }
  >();
  for (const r of rows) {
    const tokenId = String(r.token_id);
    let row = byToken.get(tokenId);
    if (!row) {
      row = { tokenId, visits: num(r.visits), signUps: num(r.sign_ups), purchases: 0, revenue: [] };
      byToken.set(tokenId, row);
    }
    if (r.currency) {
      row.purchases += num(r.purchases);
      row.revenue.push({ currency: String(r.currency), amountCents: num(r.amount) });
    }
  }
  const amount = (t: { revenue: { amountCents: number }[] }) =>
    t.revenue.reduce((s, x) => s + x.amountCents, 0);
  return [...byToken.values()].sort(
    (a, b) =>
      amount(b) - amount(a) ||
      b.purchases - a.purchases ||
      b.signUps - a.signUps ||
      b.visits - a.visits ||
      a.tokenId.localeCompare(b.tokenId),
  );
}
