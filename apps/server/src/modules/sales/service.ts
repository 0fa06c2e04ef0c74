import { ErrorCode, SALES_MAX_MONTHS, type SalesReport } from '@qbank/contract';
import type { Deps } from '../../deps';
import type { FileAnswer } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { toSafeCsv } from '../../lib/cell-safety';
import { type Actor, authorize } from '../../policies';
import { findProduct } from '../store';
import {
  churnByMonth,
  plansOf,
  referralFigures,
  revenueByMonthAndPlan,
  subscriptionCounts,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthOf = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;

/**
 * The report's period from the query: both days included, in UTC. By default it ends today and starts on the
 * first day of the month eleven months before (twelve whole or running months); `to` must not be before
 * `from`, and a period spans at most SALES_MAX_MONTHS months.
 */
export function periodOf(q: { from?: string; to?: string }, now: Date) {
  const to = q.to ?? (q.from && q.from > dayOf(now) ? q.from : dayOf(now));
  const from = q.from ?? `${monthOf(monthIndex(to) - 11)}-01`;
  if (from > to) throw new AppError(ErrorCode.VALIDATION, 'to must not be before from', 'to');
  const first = monthIndex(from);
  const last = monthIndex(to);
  if (last - first + 1 > SALES_MAX_MONTHS)
    throw new AppError(
      ErrorCode.VALIDATION,
      `to must be at most ${SALES_MAX_MONTHS} months after from`,
      'to',
    );
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS);
  const months = Array.from({ length: last - first + 1 }, (_, i) => monthOf(first + i));
  return { from, to, start, end, months };
}

const ratio = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10_000) / 10_000 : null);

export function salesService(deps: Deps) {
  const { db, clock } = deps;

  /** The caller runs the product (or is a superuser), and it exists. */
  async function reading(actor: Actor, productId: string) {
    await authorize(actor, 'sales.read', { productId });
    if (actor.superuser && !(await findProduct(db, productId)))
      throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
  }

  async function report(
    actor: Actor,
    productId: string,
    q: { from?: string; to?: string },
  ): Promise<SalesReport> {
    await reading(actor, productId);
    const p = periodOf(q, clock.now());
    const [productPlans, revenue, subscriptions, churnRows, referrals] = [
      await plansOf(db, productId),
      await revenueByMonthAndPlan(db, productId, p),
      await subscriptionCounts(db, productId),
      await churnByMonth(db, productId, p.months[0]!, p.months.at(-1)!),
      await referralFigures(db, productId, p),
    ];
    const plans: SalesReport['plans'] = productPlans;
    // Money from a plan since removed (or none) still shows, after the product's own plans.
    for (const r of revenue)
      if (!plans.some((x) => x.planUuid === r.planUuid))
        plans.push({ planUuid: r.planUuid, planName: r.planName });
    const totals = new Map<
      string,
      { currency: string; amountCents: number; purchases: number; renewals: number }
    >();
    for (const r of revenue) {
      const t = totals.get(r.currency) ?? { currency: r.currency, amountCents: 0, purchases: 0, renewals: 0 };
      t.amountCents += r.amountCents;
      t.purchases += r.purchases;
      t.renewals += r.renewals;
      totals.set(r.currency, t);
    }
    const churn = churnRows.map((c) => ({ ...c, rate: ratio(c.ended, c.activeAtStart) }));
    const endedInPeriod = churn.reduce((s, c) => s + c.ended, 0);
    return {
      productUuid: productId,
      from: p.from,
      to: p.to,
      months: p.months,
      plans,
      revenue,
      totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
      subscriptions,
      churn,
      periodChurn: ratio(endedInPeriod, churn[0]?.activeAtStart ?? 0),
      referrals,
    };
  }

  return {
    report,

    /** GET products/{id}/sales.csv: the report as one table, every cell made safe for spreadsheets. */
    async exportCsv(actor: Actor, productId: string, q: { from?: string; to?: string }): Promise<FileAnswer> {
      const r = await report(actor, productId, q);
      const cols = [
        'Section',
        'Month',
        'Name',
        'Currency',
        'Amount (cents)',
        'Purchases',
        'Renewals',
        'Visits',
        'Sign-ups',
        'Count',
        'Active at start',
        'Ended',
        'Churn',
      ] as const;
      type Cells = Partial<Record<(typeof cols)[number], string | number>>;
      const rows = [] as (string | number)[][];
      const add = (c: Cells) => rows.push(cols.map((k) => c[k] ?? ''));
      for (const x of r.revenue)
        add({
          Section: 'Revenue',
          Month: x.month,
          Name: x.planName,
          Currency: x.currency,
          'Amount (cents)': x.amountCents,
          Purchases: x.purchases,
          Renewals: x.renewals,
        });
      for (const t of r.totals)
        add({
          Section: 'Total revenue',
          Month: `${r.from} to ${r.to}`,
          Currency: t.currency,
          'Amount (cents)': t.amountCents,
          Purchases: t.purchases,
          Renewals: t.renewals,
        });
      const s = r.subscriptions;
      add({ Section: 'Subscriptions', Name: 'Active', Count: s.active });
      add({ Section: 'Subscriptions', Name: 'Renewing', Count: s.renewing });
      add({ Section: 'Subscriptions', Name: 'Cancelled', Count: s.cancelled });
      for (const c of r.churn)
        add({
          Section: 'Churn',
          Month: c.month,
          'Active at start': c.activeAtStart,
          Ended: c.ended,
          Churn: c.rate ?? '',
        });
      for (const t of r.referrals) {
        const money = t.revenue.length ? t.revenue : [{ currency: '', amountCents: 0 }];
        for (const m of money)
          add({
            Section: 'Referral',
            Name: t.tokenId,
            Currency: m.currency,
            'Amount (cents)': m.amountCents,
            Purchases: t.purchases,
            Visits: t.visits,
            'Sign-ups': t.signUps,
          });
      }
      return {
        bytes: toSafeCsv(cols, rows),
        contentType: 'text/csv; charset=utf-8',
        fileName: `sales-${r.from}-to-${r.to}.csv`,
      };
    },
  };
}
