import { ErrorCode, type FrequencyType } from '@qbank/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { ACCESS_HELD_MESSAGE, type Actor } from '../../policies';
import { findUserById } from '../accounts';
import { type PlanRow, planOnSale } from '../store';
import { findOfUserAndProduct, type SubscriptionRow } from '../subscriptions';
import {
  customerIdOf,
  expireIfOpen,
  findCheckoutOfUser,
  insertCheckout,
  openCheckoutIds,
  saveCustomerIdIfNone,
  type UserRow,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe refuses a trial that ends sooner than this; with less access left, the renewing purchase starts now. */
const MIN_TRIAL_MS = 2 * DAY_MS + 60 * 60 * 1000;
/** Stripe refuses a trial that ends later than 730 days from now. */
const MAX_TRIAL_MS = 729 * DAY_MS;

export interface CheckoutStart {
  user: UserRow;
  product: { id: string; name: string };
  plan: PlanRow;
  /** The provider price charged: the plan's own, or its renewal price when auto-renew is turned on later. */
  priceId: string;
  recurring: boolean;
  /** The first charge waits until then (access already paid for runs until then). */
  trialEnd?: Date;
  tokenId?: string;
  cancelUrl: string;
}

export function checkoutService(deps: Deps) {
  const { db, payments, config } = deps;

  /** The buyer's customer at the provider, made once: of two checkouts at the same moment, the first saved wins. */
  async function customerOf(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const made = await payments.createCustomer({
      email: user.email,
      name: `${user.firstName} ${user.lastName}`,
    });
    if (await saveCustomerIdIfNone(db, user.id, made)) return made;
    return (await customerIdOf(db, user.id))!;
  }

  /**
   * Opens the provider's checkout; access is granted later, only by the provider's verified event. A buyer has
   * one open checkout per product: older ones are closed first, so two tabs cannot both be paid.
   */
  async function start(c: CheckoutStart) {
    const customerId = await customerOf(c.user);
    for (const id of await openCheckoutIds(db, c.user.id, c.product.id, payments.kind)) {
      await payments.expireCheckoutSession(id);
      await expireIfOpen(db, id);
    }
    const metadata: Record<string, string> = {
      userId: c.user.id,
      productId: c.product.id,
      billingPlanId: c.plan.id,
      ...(c.tokenId ? { tokenId: c.tokenId } : {}),
      ...(c.trialEnd ? { firstChargeAt: String(Math.floor(c.trialEnd.getTime() / 1000)) } : {}),
    };
    const session = await payments.createCheckoutSession({
      customerId,
      customerEmail: c.user.email,
      priceId: c.priceId,
      price: {
        productName: c.product.name,
        planName: c.plan.planName,
        amountCents: c.plan.priceCents,
        frequencyType: c.plan.frequencyType as FrequencyType,
        recurring: c.recurring,
      },
      successUrl: `${config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: c.cancelUrl,
      metadata,
      ...(c.trialEnd ? { trialEnd: c.trialEnd } : {}),
    });
    await insertCheckout(db, {
      id: session.id,
      provider: payments.kind,
      userId: c.user.id,
      productId: c.product.id,
      billingPlanId: c.plan.id,
      tokenId: c.tokenId ?? null,
    });
    return { redirectUrl: session.url };
  }

  /**
   * When a renewing purchase over running paid access should first charge: when that access ends. Access paid
   * for more than two years ahead is too far for the provider to wait; the buyer is told when to come back.
   */
  function trialEndFor(s: SubscriptionRow | undefined, field: string): Date | undefined {
    const end = s?.active && s.type === 'PREMIUM' ? s.currentPeriodEnd : null;
    if (!end || end.getTime() <= deps.clock.nowMs() + MIN_TRIAL_MS) return undefined;
    if (end.getTime() > deps.clock.nowMs() + MAX_TRIAL_MS) {
      const from = new Date(end.getTime() - MAX_TRIAL_MS).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      throw new AppError(
        ErrorCode.CONFLICT,
        `Your access is paid for more than two years ahead. Automatic renewal can be set up from ${from}.`,
        field,
      );
    }
    return end;
  }

  return {
    start,
    trialEndFor,

    /**
     * SPEC §7 createCheckoutSession: hands the signed-in buyer to the provider's checkout for a paid public
     * plan. A buyer whose access already renews, or who is staff, is not charged again; a renewing plan bought
     * over running one-time access first charges when that access ends.
     */
    async create(actor: Actor, input: { priceId: string; customerId?: string; tokenId?: string }) {
      const row = await planOnSale(db, input.priceId);
      if (!row) throw new AppError(ErrorCode.VALIDATION, 'This plan is not available', 'priceId');
      const plan = row.plan;
      const user = await findUserById(db, actor.userId);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Need to reauthorize');
      if (input.customerId && user.stripeCustomerId && input.customerId !== user.stripeCustomerId)
        throw new AppError(ErrorCode.FORBIDDEN, 'This customer is not yours', 'customerId');
      const current = (await findOfUserAndProduct(db, user.id, row.product.id)) ?? undefined;
      // Paying does not lift a hold the product's instructors put on the student: they are not charged.
      if (current?.accessHold) throw new AppError(ErrorCode.FORBIDDEN, ACCESS_HELD_MESSAGE, 'priceId');
      if (current?.active && current.type === 'PRIVILEGED')
        throw new AppError(
          ErrorCode.CONFLICT,
          `You already have staff access to ${row.product.name}`,
          'priceId',
        );
      if (current?.active && current.providerSubscriptionId && current.autoRenew)
        throw new AppError(
          ErrorCode.CONFLICT,
          `Your ${row.product.name} subscription already renews automatically. Manage it in Account Settings.`,
          'priceId',
        );
      const recurring = plan.autoRenewForSubscription;
      return start({
        user,
        product: row.product,
        plan,
        priceId: input.priceId,
        recurring,
        trialEnd: recurring ? trialEndFor(current, 'priceId') : undefined,
        tokenId: input.tokenId,
        cancelUrl: `${config.publicUrl}/store/products/${row.product.id}`,
      });
    },

    /** What the success page waits for: whether the verified event has granted the subscription yet. */
    async status(actor: Actor, sessionId: string) {
      const row = await findCheckoutOfUser(db, sessionId, actor.userId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'No such checkout', 'sessionId');
      const { checkout } = row;
      const sub = await findOfUserAndProduct(db, actor.userId, checkout.productId);
      return {
        status: checkout.status,
        productUuid: checkout.productId,
        productName: row.productName,
        subscriptionActive: checkout.status === 'complete' && !!sub?.active,
      };
    },
  };
}
