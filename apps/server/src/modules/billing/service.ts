import { type BillingPlanInput, ErrorCode, listPlans } from '@qbank/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize, can } from '../../policies';
import { findProduct, plansOf, toBillingPlan } from '../store';
import {
  findPlanOfProduct,
  flipPlanActive,
  insertPlan,
  insertProduct,
  type PlanFields,
  type PlanRow,
  priceUsedElsewhere,
  updatePlan,
} from './repository';

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

/** The columns a plan's input sets. */
const planFields = (input: BillingPlanInput, stripePriceId: string | null): PlanFields => ({
  planName: input.planName,
  priceCents: cents(input.price),
  frequencyType: input.frequencyType,
  autoRenewForSubscription: input.autoRenewForSubscription,
  billingPlanType: input.billingPlanType,
  active: input.active,
  stripePriceId,
});

export function billingService(deps: Deps) {
  const { db, payments } = deps;

  async function requireAdmin(actor: Actor, productId: string) {
    const product = await findProduct(db, productId);
    if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'productUuid');
    await authorize(actor, 'billing.manage', { productId });
    return product;
  }

  async function findPlan(productId: string, id: string): Promise<PlanRow> {
    const p = await findPlanOfProduct(db, productId, id);
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
      if (await priceUsedElsewhere(db, given, planId))
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
    async list(actor: Actor | null, productId: string, includeInactive: boolean) {
      const product = await findProduct(db, productId);
      if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      const admin = await can(actor, 'billing.manage', { productId });
      // An unpublished product is not for sale: its plans are for its members and admins only.
      await authorize(actor, 'product.view', { productId, published: product.published });
      if (includeInactive && !admin)
        throw new AppError(
          ErrorCode.FORBIDDEN,
          "Only the product's admins can see its inactive plans",
          'includeInactive',
        );
      const plans = await plansOf(db, productId);
      return listPlans(admin ? plans : plans.filter((p) => p.billingPlanType === 'PUBLIC'), includeInactive);
    },

    async create(actor: Actor, productId: string, input: BillingPlanInput) {
      const product = await requireAdmin(actor, productId);
      const priceCents = cents(input.price);
      checkPlan({
        priceCents,
        frequencyType: input.frequencyType,
        autoRenew: input.autoRenewForSubscription,
      });
      const stripePriceId = await providerPrice(product.name, input, null, true, null);
      return toBillingPlan(await insertPlan(db, { productId, ...planFields(input, stripePriceId) }));
    },

    async update(actor: Actor, productId: string, id: string, input: BillingPlanInput) {
      const product = await requireAdmin(actor, productId);
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
      const row = await updatePlan(db, plan.id, {
        ...planFields(input, stripePriceId),
        // The renewing price made for this plan's buyers no longer charges what the plan says.
        ...(changed ? { renewalPriceId: null } : {}),
      });
      return toBillingPlan(row);
    },

    async toggleActive(actor: Actor, productId: string, id: string) {
      await requireAdmin(actor, productId);
      const plan = await findPlan(productId, id);
      return toBillingPlan(await flipPlanActive(db, plan.id));
    },

    /**
     * The operator's create-product (cli.ts): a QBank, with one plan when given, under the same plan rules as
     * the API. A paid plan's provider price is made first, so a refused price leaves no QBank without its plan.
     */
    async createProduct(input: { name: string; category: string }, plan: BillingPlanInput | null) {
      if (plan)
        checkPlan({
          priceCents: cents(plan.price),
          frequencyType: plan.frequencyType,
          autoRenew: plan.autoRenewForSubscription,
        });
      const stripePriceId = plan ? await providerPrice(input.name, plan, null, true, null) : null;
      const productId = await db.transaction(async (tx) => {
        const id = await insertProduct(tx, { name: input.name, productCategory: input.category });
        if (plan) await insertPlan(tx, { productId: id, ...planFields(plan, stripePriceId) });
        return id;
      });
      return { productId, stripePriceId };
    },
  };
}
