import { type BillingPlanInput, ErrorCode, listPlans } from '@qbank/contract';
import { and, eq } from 'drizzle-orm';
import { billingPlans } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../../plugins/session';
import { findProduct, type PlanRow, plansOf, toBillingPlan } from '../store/repository';
import { isProductAdmin } from '../subscriptions/repository';

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

  /** A paid plan needs a price at the provider: made now when asked, else the given one. */
  async function providerPrice(
    productName: string,
    input: BillingPlanInput,
    current: string | null,
    changed: boolean,
  ): Promise<string | null> {
    const priceCents = cents(input.price);
    if (priceCents === 0) return input.stripePriceId ?? null;
    if (input.stripePriceId && input.stripePriceId !== current) return input.stripePriceId;
    if (input.autoCreateStripePrice && (changed || !current))
      return payments.createPrice({
        productName,
        planName: input.planName,
        amountCents: priceCents,
        frequencyType: input.frequencyType,
        recurring: input.autoRenewForSubscription,
      });
    if (!current && !input.stripePriceId)
      throw new AppError(
        ErrorCode.VALIDATION,
        'A paid plan needs a provider price: give stripePriceId or set autoCreateStripePrice',
        'stripePriceId',
      );
    if (changed && current && !input.stripePriceId)
      throw new AppError(
        ErrorCode.VALIDATION,
        'The price changed: set autoCreateStripePrice to make a new provider price, or give stripePriceId',
        'stripePriceId',
      );
    return input.stripePriceId ?? current;
  }

  return {
    /** SPEC §5: active plans unless inactive ones are asked for (admins only), in frequency order. Others see public plans. */
    async list(auth: Auth | null, productId: string, includeInactive: boolean) {
      const product = await findProduct(db, productId);
      if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      const admin = !!auth && (await isProductAdmin(db, auth, productId));
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
      const stripePriceId = await providerPrice(product.name, input, null, true);
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
      const stripePriceId = await providerPrice(product.name, input, plan.stripePriceId, changed);
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
        })
        .where(eq(billingPlans.id, plan.id))
        .returning();
      return toBillingPlan(row!);
    },

    async toggleActive(auth: Auth, productId: string, id: string) {
      await requireAdmin(auth, productId);
      const plan = await findPlan(productId, id);
      const [row] = await db
        .update(billingPlans)
        .set({ active: !plan.active })
        .where(eq(billingPlans.id, plan.id))
        .returning();
      return toBillingPlan(row!);
    },
  };
}
