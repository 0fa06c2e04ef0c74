import { type BillingPlanInput, ErrorCode, listPlans } from '@qbank/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { billingPlans } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../../plugins/session';
import { findProduct, type PlanRow, plansOf, toBillingPlan } from '../store/repository';
import { isMember, isProductAdmin } from '../subscriptions/repository';

const cents = (price: number) => Math.round(price * 100);

/** Rules every saved plan keeps; the first broken one names its field. */
function checkPlan(p: { priceCents: number; frequencyType: string; autoRenew: boolean }) {
  if (p.autoRenew && p.frequencyType === 'INDEFINITE')
    throw new AppError(
      ErrorCode.VALIDATION,
      'An INDEFINITE plan cannot auto-renew',
      'autoRenewForSubscription',
    );
  if (p.autoRenew && p.priceCents === 0)
    throw new AppError(ErrorCode.VALIDATION, 'A free plan cannot auto-renew', 'autoRenewForSubscription');
}

export function billingService(deps: Deps) {
  const { db, payments } = deps;

  async function requireAdmin(auth: Auth, productId: string) {
    const product = await findProduct(db, productId);
    if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'productUuid');
    if (!(await isProductAdmin(db, auth, productId)))
      throw new AppError(ErrorCode.FORBIDDEN, "Only the product's admins can manage its billing plans");
    return product;
  }

  async function findPlan(productId: string, id: string): Promise<PlanRow> {
    const [p] = await db
      .select()
      .from(billingPlans)
      .where(and(eq(billingPlans.id, id), eq(billingPlans.productId, productId)))
      .limit(1);
    if (!p) throw new AppError(ErrorCode.NOT_FOUND, 'No such billing plan', 'uuid');
    return p;
  }

  /**
   * A paid plan needs a price at the provider. A price id the plan does not already have is taken as given
   * (if no other plan uses it); otherwise one is made when asked. An update that changes the price, frequency
   * or renewal must bring a new price or ask for one: its body is the plan as it was read, old price id
   * included, and a provider price can never change its amount.
   */
  async function providerPrice(
    productName: string,
    input: BillingPlanInput,
    current: string | null,
    changed: boolean,
    planId: string | null,
  ): Promise<string | null> {
    const priceCents = cents(input.price);
    if (priceCents === 0) return null; // free plans are joined directly, never through checkout
    const given = input.stripePriceId && input.stripePriceId !== current ? input.stripePriceId : null;
    if (given) {
      const [other] = await db
        .select({ id: billingPlans.id })
        .from(billingPlans)
        .where(and(eq(billingPlans.stripePriceId, given), planId ? ne(billingPlans.id, planId) : undefined))
        .limit(1);
      if (other)
        throw new AppError(
          ErrorCode.CONFLICT,
          'Another billing plan already uses this price',
          'stripePriceId',
        );
      return given;
    }
    if (current && !changed) return current;
    if (!input.autoCreateStripePrice)
      throw new AppError(
        ErrorCode.VALIDATION,
        current
          ? 'The price changed: set autoCreateStripePrice to make a new provider price, or give a new stripePriceId'
          : 'A paid plan needs a provider price: give stripePriceId or set autoCreateStripePrice',
        'stripePriceId',
      );
    return payments.createPrice({
      productName,
      planName: input.planName,
      amountCents: priceCents,
      frequencyType: input.frequencyType,
      recurring: input.autoRenewForSubscription,
    });
  }

  return {
    /** SPEC §5: active plans unless inactive ones are asked for (admins only), in frequency order. Others see public plans. */
    async list(auth: Auth | null, productId: string, includeInactive: boolean) {
      const product = await findProduct(db, productId);
      if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      const admin = !!auth && (await isProductAdmin(db, auth, productId));
      // An unpublished product is not for sale: its plans are for its members and admins only.
      if (!product.published && !admin && !(auth && (await isMember(db, auth.userId, productId))))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      if (includeInactive && !admin)
        throw new AppError(
          ErrorCode.FORBIDDEN,
          "Only the product's admins can see its inactive plans",
          'includeInactive',
        );
      const plans = await plansOf(db, productId);
      return listPlans(admin ? plans : plans.filter((p) => p.billingPlanType === 'PUBLIC'), includeInactive);
    },

    async create(auth: Auth, productId: string, input: BillingPlanInput) {
      const product = await requireAdmin(auth, productId);
      const priceCents = cents(input.price);
      checkPlan({
        priceCents,
        frequencyType: input.frequencyType,
        autoRenew: input.autoRenewForSubscription,
      });
      const stripePriceId = await providerPrice(product.name, input, null, true, null);
      const [row] = await db
        .insert(billingPlans)
        .values({
          productId,
          planName: input.planName,
          priceCents,
          frequencyType: input.frequencyType,
          autoRenewForSubscription: input.autoRenewForSubscription,
          billingPlanType: input.billingPlanType,
          active: input.active,
          stripePriceId,
        })
        .returning();
      return toBillingPlan(row!);
    },

    async update(auth: Auth, productId: string, id: string, input: BillingPlanInput) {
      const product = await requireAdmin(auth, productId);
      const plan = await findPlan(productId, id);
      const priceCents = cents(input.price);
      checkPlan({
        priceCents,
        frequencyType: input.frequencyType,
        autoRenew: input.autoRenewForSubscription,
      });
      const changed =
        priceCents !== plan.priceCents ||
        input.frequencyType !== plan.frequencyType ||
        input.autoRenewForSubscription !== plan.autoRenewForSubscription;
      const stripePriceId = await providerPrice(product.name, input, plan.stripePriceId, changed, plan.id);
      const [row] = await db
        .update(billingPlans)
        .set({
          planName: input.planName,
          priceCents,
          frequencyType: input.frequencyType,
          autoRenewForSubscription: input.autoRenewForSubscription,
          billingPlanType: input.billingPlanType,
          active: input.active,
          stripePriceId,
          // The renewing price made for this plan's buyers no longer charges what the plan says.
          ...(changed ? { renewalPriceId: null } : {}),
        })
        .where(eq(billingPlans.id, plan.id))
        .returning();
      return toBillingPlan(row!);
    },

    async toggleActive(auth: Auth, productId: string, id: string) {
      await requireAdmin(auth, productId);
      const plan = await findPlan(productId, id);
      // Flipped in the statement, so two toggles at once make two flips rather than one lost update.
      const [row] = await db
        .update(billingPlans)
        .set({ active: sql`NOT ${billingPlans.active}` })
        .where(eq(billingPlans.id, plan.id))
        .returning();
      return toBillingPlan(row!);
    },
  };
}
