import { ErrorCode, type FrequencyType, periodEnd, type SubscriptionDetail } from '@qbank/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingPlans, subscriptions, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../../plugins/session';
import { findById, findForUpdate, listDetails, recountLearners, type SubscriptionRow } from './repository';

/** Paid access whose provider subscription should have renewed is kept this long before it lapses. */
const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

export interface PaidGrant {
  userId: string;
  productId: string;
  billingPlanId: string;
  frequencyType: FrequencyType;
  providerSubscriptionId: string | null;
  eventAt: Date;
  /** The provider says this purchase has already ended (its subscription was deleted before we heard of the payment). */
  alreadyEnded?: boolean;
}

/**
 * Grants (or extends) paid access from a verified provider event: one subscription per user and product, so a
 * new purchase reactivates or extends the existing one instead of adding a second. A one-time purchase made
 * while access is still running starts when the current period ends.
 */
export async function grantPaid(tx: DbOrTx, g: PaidGrant): Promise<SubscriptionRow> {
  const now = g.eventAt > new Date() ? g.eventAt : new Date();
  const recurring = !!g.providerSubscriptionId;
  const existing = await findForUpdate(tx, g.userId, g.productId);
  const running =
    existing?.active &&
    existing.type === 'PREMIUM' &&
    existing.currentPeriodEnd &&
    existing.currentPeriodEnd > now;
  const from = running && !recurring ? existing.currentPeriodEnd! : now;
  const fields = {
    active: !g.alreadyEnded,
    type: 'PREMIUM' as const,
    billingPlanId: g.billingPlanId,
    autoRenew: recurring && !g.alreadyEnded,
    currentPeriodEnd: periodEnd(from, g.frequencyType),
    providerSubscriptionId: g.providerSubscriptionId,
    providerEventAt: g.eventAt,
    updatedAt: new Date(),
  };
  let row: SubscriptionRow;
  if (existing?.type === 'PRIVILEGED') {
    row = existing; // staff already have every question; a purchase changes nothing for them
  } else if (existing) {
    [row] = (await tx
      .update(subscriptions)
      .set(fields)
      .where(eq(subscriptions.id, existing.id))
      .returning()) as [SubscriptionRow];
  } else {
    [row] = (await tx
      .insert(subscriptions)
      .values({ userId: g.userId, productId: g.productId, student: true, ...fields })
      .returning()) as [SubscriptionRow];
  }
  if (row.active)
    await tx
      .update(users)
      .set({ lastUsedProductId: g.productId, updatedAt: new Date() })
      .where(eq(users.id, g.userId));
  await recountLearners(tx, g.productId);
  return row;
}

/** Ends access whose period is over (one-time plans after their period; renewing ones after a grace period). */
export async function expireDue(db: DbOrTx, now = new Date()): Promise<number> {
  const ended = await db
    .update(subscriptions)
    .set({ active: false, autoRenew: false, updatedAt: now })
    .where(
      and(
        eq(subscriptions.active, true),
        lt(subscriptions.currentPeriodEnd, now),
        or(
          isNull(subscriptions.providerSubscriptionId),
          eq(subscriptions.autoRenew, false),
          lt(subscriptions.currentPeriodEnd, new Date(now.getTime() - RENEWAL_GRACE_MS)),
        ),
      ),
    )
    .returning({ productId: subscriptions.productId });
  for (const productId of new Set(ended.map((e) => e.productId))) await recountLearners(db, productId);
  return ended.length;
}

export function subscriptionsService(deps: Deps) {
  const { db, payments } = deps;

  const ownOnly = (auth: Auth, userId: string) => {
    if (userId !== auth.userId && !auth.superuser)
      throw new AppError(ErrorCode.FORBIDDEN, 'You can manage only your own subscriptions', 'userId');
  };
  const detail = async (userId: string, subId: string): Promise<SubscriptionDetail> => {
    const [d] = await listDetails(db, userId, subId);
    return d!;
  };
  const mine = async (userId: string, subId: string) => {
    const s = await findById(db, subId);
    if (!s || s.userId !== userId) throw new AppError(ErrorCode.NOT_FOUND, 'No such subscription', 'subId');
    return s;
  };

  return {
    async list(auth: Auth, userId: string) {
      ownOnly(auth, userId);
      return listDetails(db, userId);
    },

    /**
     * SPEC §4: a free plan subscribes directly; an inactive subscription to the product is reactivated
     * instead of adding another. Paid plans go through checkout. Asking twice answers the same subscription.
     */
    async subscribe(auth: Auth, userId: string, productUuid: string, billingPlanUuid: string) {
      ownOnly(auth, userId);
      const [plan] = await db
        .select()
        .from(billingPlans)
        .where(and(eq(billingPlans.id, billingPlanUuid), eq(billingPlans.productId, productUuid)))
        .limit(1);
      if (!plan || !plan.active || plan.billingPlanType !== 'PUBLIC')
        throw new AppError(ErrorCode.VALIDATION, 'This plan is not available', 'billingPlanUuid');
      if (plan.priceCents > 0)
        throw new AppError(
          ErrorCode.VALIDATION,
          'This plan is paid: buy it through checkout',
          'billingPlanUuid',
        );
      const id = await db.transaction(async (tx) => {
        const existing = await findForUpdate(tx, userId, productUuid);
        if (existing?.active) return existing.id;
        const fields = {
          active: true,
          type: 'BASIC' as const,
          billingPlanId: plan.id,
          autoRenew: false,
          currentPeriodEnd: periodEnd(new Date(), plan.frequencyType),
          updatedAt: new Date(),
        };
        let subId: string;
        if (existing) {
          await tx.update(subscriptions).set(fields).where(eq(subscriptions.id, existing.id));
          subId = existing.id;
        } else {
          const [row] = await tx
            .insert(subscriptions)
            .values({ userId, productId: productUuid, student: true, ...fields })
            .returning({ id: subscriptions.id });
          subId = row!.id;
        }
        await tx
          .update(users)
          .set({ lastUsedProductId: productUuid, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await recountLearners(tx, productUuid);
        return subId;
      });
      return detail(userId, id);
    },

    /** Cancel: a renewing paid subscription stops renewing (access runs to the period end); a free one ends now. */
    async cancel(auth: Auth, userId: string, subId: string) {
      ownOnly(auth, userId);
      const s = await mine(userId, subId);
      if (!s.active) throw new AppError(ErrorCode.CONFLICT, 'This subscription is not active', 'subId');
      if (s.type === 'PRIVILEGED')
        throw new AppError(ErrorCode.VALIDATION, 'Staff access is managed by the QBank admin', 'subId');
      if (s.type === 'BASIC') {
        await db.transaction(async (tx) => {
          await tx
            .update(subscriptions)
            .set({ active: false, updatedAt: new Date() })
            .where(eq(subscriptions.id, s.id));
          await recountLearners(tx, s.productId);
        });
      } else {
        if (!s.providerSubscriptionId || !s.autoRenew)
          throw new AppError(ErrorCode.VALIDATION, 'This subscription does not renew', 'subId');
        await payments.setAutoRenew(s.providerSubscriptionId, false);
        // The provider confirms with an event; until it arrives the change is already shown.
        await db
          .update(subscriptions)
          .set({ autoRenew: false, updatedAt: new Date() })
          .where(eq(subscriptions.id, s.id));
      }
      return detail(userId, s.id);
    },

    /** Reactivate: a free subscription becomes active again; a renewing paid one renews again. */
    async reactivate(auth: Auth, userId: string, subId: string) {
      ownOnly(auth, userId);
      const s = await mine(userId, subId);
      if (s.type === 'BASIC') {
        if (s.active) return detail(userId, s.id);
        await db.transaction(async (tx) => {
          await tx
            .update(subscriptions)
            .set({ active: true, updatedAt: new Date() })
            .where(eq(subscriptions.id, s.id));
          await recountLearners(tx, s.productId);
        });
        return detail(userId, s.id);
      }
      if (s.type === 'PREMIUM' && s.active && s.providerSubscriptionId) {
        if (!s.autoRenew) {
          await payments.setAutoRenew(s.providerSubscriptionId, true);
          await db
            .update(subscriptions)
            .set({ autoRenew: true, updatedAt: new Date() })
            .where(eq(subscriptions.id, s.id));
        }
        return detail(userId, s.id);
      }
      throw new AppError(
        ErrorCode.VALIDATION,
        s.active
          ? 'This subscription cannot renew automatically'
          : 'This subscription has ended: buy it again in the store',
        'subId',
      );
    },

    expireDue: (now?: Date) => expireDue(db, now),
  };
}
