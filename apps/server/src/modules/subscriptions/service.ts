import { ErrorCode, type FrequencyType, periodEnd, type SubscriptionDetail } from '@qbank/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { ACCESS_HELD_MESSAGE, type Actor, authorize } from '../../policies';
import { findUserById, setLastUsedProduct } from '../accounts';
import {
  findPlan,
  findPlanWithProduct,
  type PlanRow,
  renewalPriceOf,
  saveRenewalPriceIfNone,
} from '../billing';
import { expireDue, LEARNER_ROLES } from './access';
import {
  findById,
  findForUpdate,
  insertIfMissing,
  listDetails,
  recountLearners,
  type SubscriptionRow,
  updateIfInactive,
  updateSubscription,
} from './repository';

/**
 * The provider's checkout, which turning on auto-renew for a one-time purchase goes through: the checkout
 * module's, handed in by modules/index.ts (checkout depends on subscriptions, not the other way round).
 */
export interface RenewalCheckout {
  start(c: {
    user: NonNullable<Awaited<ReturnType<typeof findUserById>>>;
    product: { id: string; name: string };
    plan: PlanRow;
    priceId: string;
    recurring: boolean;
    trialEnd?: Date;
    cancelUrl: string;
  }): Promise<{ redirectUrl: string }>;
  trialEndFor(s: SubscriptionRow, field: string): Date | undefined;
}

export function subscriptionsService(deps: Deps, checkoutOf: (deps: Deps) => RenewalCheckout) {
  const { db, payments, clock } = deps;

  const ownOnly = (actor: Actor, userId: string) => authorize(actor, 'subscriptions.manage', { userId });
  const detail = async (userId: string, subId: string): Promise<SubscriptionDetail> => {
    const [d] = await listDetails(db, userId, subId);
    return d!;
  };
  const mine = async (userId: string, subId: string) => {
    const s = await findById(db, subId);
    if (!s || s.userId !== userId) throw new AppError(ErrorCode.NOT_FOUND, 'No such subscription', 'subId');
    return s;
  };

  /**
   * SPEC §5 "One-time purchase. Option to enable auto-renew in Account Settings.": the buyer goes through the
   * provider's checkout for a renewing price of the same plan, and the first charge waits until the access
   * already paid for ends. The subscription renews only once the provider's verified event says so.
   */
  async function renewLater(s: SubscriptionRow): Promise<SubscriptionDetail> {
    const row = s.billingPlanId ? await findPlanWithProduct(db, s.billingPlanId) : null;
    if (!row || row.plan.priceCents === 0 || row.plan.frequencyType === 'INDEFINITE')
      throw new AppError(ErrorCode.VALIDATION, 'This subscription cannot renew automatically', 'subId');
    // A plan no longer sold does not start new renewals (the access already bought runs to its end).
    if (!row.plan.active || !row.product.published)
      throw new AppError(
        ErrorCode.VALIDATION,
        'This plan is no longer offered: choose a plan in the store when your access ends',
        'subId',
      );
    const user = await findUserById(db, s.userId);
    const checkout = checkoutOf(deps);
    const { redirectUrl } = await checkout.start({
      user: user!,
      product: row.product,
      plan: row.plan,
      priceId: await renewalPrice(row.plan, row.product.name),
      recurring: true,
      trialEnd: checkout.trialEndFor(s, 'subId'),
      cancelUrl: `${deps.config.publicUrl}/account`,
    });
    return { ...(await detail(s.userId, s.id)), redirectUrl };
  }

  /** A renewing provider price for a plan: its own when it renews, else one made once and kept on the plan. */
  async function renewalPrice(plan: PlanRow, productName: string): Promise<string> {
    if (plan.autoRenewForSubscription && plan.stripePriceId) return plan.stripePriceId;
    if (plan.renewalPriceId) return plan.renewalPriceId;
    const made = await payments.createPrice({
      productName,
      planName: plan.planName,
      amountCents: plan.priceCents,
      frequencyType: plan.frequencyType as FrequencyType,
      recurring: true,
    });
    // Of two made at the same moment, the first saved is kept.
    if (await saveRenewalPriceIfNone(db, plan.id, made)) return made;
    return (await renewalPriceOf(db, plan.id))!;
  }

  return {
    async list(actor: Actor, userId: string) {
      await ownOnly(actor, userId);
      return listDetails(db, userId);
    },

    /**
     * SPEC §4: a free plan subscribes directly; an inactive subscription to the product is reactivated
     * instead of adding another. Paid plans go through checkout. Asking twice answers the same subscription.
     */
    async subscribe(actor: Actor, userId: string, productUuid: string, billingPlanUuid: string) {
      await ownOnly(actor, userId);
      const found = await findPlanWithProduct(db, billingPlanUuid);
      const plan = found?.plan.productId === productUuid ? found.plan : undefined;
      if (!plan || !found?.product.published || !plan.active || plan.billingPlanType !== 'PUBLIC')
        throw new AppError(ErrorCode.VALIDATION, 'This plan is not available', 'billingPlanUuid');
      if (plan.priceCents > 0)
        throw new AppError(
          ErrorCode.VALIDATION,
          'This plan is paid: buy it through checkout',
          'billingPlanUuid',
        );
      const id = await db.transaction(async (tx) => {
        // The row is made first if missing (a second request at the same moment waits on it rather than
        // inserting a duplicate), then locked and decided on.
        await insertIfMissing(tx, {
          userId,
          productId: productUuid,
          type: 'BASIC',
          active: false,
          ...LEARNER_ROLES,
        });
        const existing = (await findForUpdate(tx, userId, productUuid))!;
        // Joining again does not lift a hold the product's instructors put on the student.
        if (existing.accessHold)
          throw new AppError(ErrorCode.FORBIDDEN, ACCESS_HELD_MESSAGE, 'billingPlanUuid');
        if (existing.active) return existing.id;
        await updateSubscription(tx, existing.id, {
          ...LEARNER_ROLES,
          active: true,
          type: 'BASIC',
          billingPlanId: plan.id,
          autoRenew: false,
          currentPeriodEnd: periodEnd(clock.now(), plan.frequencyType),
          // A purchase this row once held at the provider is over; its late events must not touch the new access.
          providerSubscriptionId: null,
          providerEventAt: null,
          updatedAt: clock.now(),
        });
        await setLastUsedProduct(tx, userId, productUuid, clock.now());
        await recountLearners(tx, productUuid);
        return existing.id;
      });
      return detail(userId, id);
    },

    /** Cancel: a renewing paid subscription stops renewing (access runs to the period end); a free one ends now. */
    async cancel(actor: Actor, userId: string, subId: string) {
      await ownOnly(actor, userId);
      const s = await mine(userId, subId);
      if (!s.active) throw new AppError(ErrorCode.CONFLICT, 'This subscription is not active', 'subId');
      if (s.type === 'PRIVILEGED')
        throw new AppError(ErrorCode.VALIDATION, 'Staff access is managed by the QBank admin', 'subId');
      if (s.type === 'BASIC') {
        await db.transaction(async (tx) => {
          await updateSubscription(tx, s.id, { active: false, updatedAt: clock.now() });
          await recountLearners(tx, s.productId);
        });
      } else {
        if (!s.providerSubscriptionId || !s.autoRenew)
          throw new AppError(ErrorCode.VALIDATION, 'This subscription does not renew', 'subId');
        await payments.setAutoRenew(s.providerSubscriptionId, false);
        // The provider confirms with an event; until it arrives the change is already shown.
        await updateSubscription(db, s.id, { autoRenew: false, updatedAt: clock.now() });
      }
      return detail(userId, s.id);
    },

    /** Reactivate: a free subscription becomes active again; a renewing paid one renews again. */
    async reactivate(actor: Actor, userId: string, subId: string) {
      await ownOnly(actor, userId);
      const s = await mine(userId, subId);
      if (s.accessHold) throw new AppError(ErrorCode.FORBIDDEN, ACCESS_HELD_MESSAGE, 'subId');
      if (s.type === 'BASIC') {
        if (s.active) return detail(userId, s.id);
        const plan = s.billingPlanId ? await findPlan(db, s.billingPlanId) : null;
        if (!plan?.active || plan.billingPlanType !== 'PUBLIC' || plan.priceCents > 0)
          throw new AppError(
            ErrorCode.VALIDATION,
            'This free plan is no longer offered: choose a plan in the store',
            'subId',
          );
        const now = clock.now();
        await db.transaction(async (tx) => {
          await updateIfInactive(tx, s.id, {
            active: true,
            // Access cancelled early resumes until its old end; access that ran out gets a new period.
            ...(s.currentPeriodEnd && s.currentPeriodEnd <= now
              ? { currentPeriodEnd: periodEnd(now, plan.frequencyType) }
              : {}),
            updatedAt: now,
          });
          await recountLearners(tx, s.productId);
        });
        return detail(userId, s.id);
      }
      if (s.type === 'PREMIUM' && s.active && !s.providerSubscriptionId) return renewLater(s);
      if (s.type === 'PREMIUM' && s.active && s.providerSubscriptionId) {
        if (!s.autoRenew) {
          await payments.setAutoRenew(s.providerSubscriptionId, true);
          await updateSubscription(db, s.id, { autoRenew: true, updatedAt: clock.now() });
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

    expireDue: (now?: Date) => expireDue(db, now ?? clock.now()),
  };
}
