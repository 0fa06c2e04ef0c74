import {
  type BillingPlan,
  type BillingPlanInput,
  ErrorCode,
  LEAVE_STORE_MESSAGE,
  listPlans,
} from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize, can } from '../../policies';
import { findProduct, plansOf, toBillingPlan } from '../store';
import {
  findPlanOfProduct,
  insertPlan,
  insertProduct,
  lockPlanOfProduct,
  lockProduct,
  otherActivePublicPlans,
  type PlanFields,
  type PlanRow,
  planNameTaken,
  priceUsedElsewhere,
  setPlanActive,
  subscribersPerPlan,
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

/** Whether a provider price made for `a` could not charge what `b` says: amount, frequency or renewal differ. */
const chargesDiffer = (
  a: { priceCents: number; frequencyType: string; autoRenewForSubscription: boolean },
  b: { priceCents: number; frequencyType: string; autoRenewForSubscription: boolean },
) =>
  a.priceCents !== b.priceCents ||
  a.frequencyType !== b.frequencyType ||
  a.autoRenewForSubscription !== b.autoRenewForSubscription;

const nameTaken = (name: string) =>
  new AppError(ErrorCode.CONFLICT, `This QBank already has a plan named "${name}"`, 'planName');

const priceTaken = () =>
  new AppError(ErrorCode.CONFLICT, 'Another billing plan already uses this price', 'stripePriceId');

/**
 * A provider price, as `providerPrice` answers it: none (a free plan), the plan's own kept as it is, or a price
 * fresh for this input (made now or given in the body).
 */
type PriceChoice = { kind: 'none' } | { kind: 'kept'; id: string } | { kind: 'fresh'; id: string };

/** How many times an update that lost a race to another change of its plan starts again before giving up. */
const UPDATE_ATTEMPTS = 3;

export function billingService(deps: Deps) {
  const { db, payments, clock } = deps;

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

  async function lockBoth(tx: DbOrTx, productId: string, id: string) {
    const product = await lockProduct(tx, productId);
    if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'productUuid');
    const plan = await lockPlanOfProduct(tx, productId, id);
    if (!plan) throw new AppError(ErrorCode.NOT_FOUND, 'No such billing plan', 'uuid');
    return { product, plan };
  }

  /**
   * The store lists a published QBank only while it has an active public plan: a change that takes away the
   * last one is refused (409) unless the caller confirmed it. Run under the product's lock, so two changes at
   * once cannot each leave the other plan as "the last one" and both go through.
   */
  async function guardStoreExit(
    tx: DbOrTx,
    product: { id: string; published: boolean },
    before: PlanRow,
    after: { active: boolean; billingPlanType: string },
    confirmed: boolean,
  ): Promise<boolean> {
    const selling = (p: { active: boolean; billingPlanType: string }) =>
      p.active && p.billingPlanType === 'PUBLIC';
    if (!product.published || !selling(before) || selling(after)) return false;
    if ((await otherActivePublicPlans(tx, product.id, before.id)) > 0) return false;
    if (!confirmed)
      throw new AppError(
        ErrorCode.CONFLICT,
        LEAVE_STORE_MESSAGE,
        after.active ? 'billingPlanType' : 'active',
      );
    return true;
  }

  /**
   * A paid plan needs a price at the provider. A price id the plan does not already have is taken as given
   * (if no other plan uses it); otherwise one is made when asked. An update that changes the price, frequency
   * or renewal must bring a new price or ask for one: its body is the plan as it was read, old price id
   * included, and a provider price can never change its amount. The old price stays at the provider, so the
   * subscriptions sold with it keep renewing at what they were sold for.
   */
  async function providerPrice(
    productName: string,
    input: BillingPlanInput,
    current: string | null,
    changed: boolean,
    planId: string | null,
  ): Promise<PriceChoice> {
    const priceCents = cents(input.price);
    if (priceCents === 0) return { kind: 'none' }; // free plans are joined directly, never through checkout
    const given = input.stripePriceId && input.stripePriceId !== current ? input.stripePriceId : null;
    if (given) {
      if (await priceUsedElsewhere(db, given, planId)) throw priceTaken();
      return { kind: 'fresh', id: given };
    }
    if (current && !changed) return { kind: 'kept', id: current };
    if (!input.autoCreateStripePrice)
      throw new AppError(
        ErrorCode.VALIDATION,
        current
          ? 'The price changed: set autoCreateStripePrice to make a new provider price, or give a new stripePriceId'
          : 'A paid plan needs a provider price: give stripePriceId or set autoCreateStripePrice',
        'stripePriceId',
      );
    const id = await payments.createPrice({
      productName,
      planName: input.planName,
      amountCents: priceCents,
      frequencyType: input.frequencyType,
      recurring: input.autoRenewForSubscription,
    });
    return { kind: 'fresh', id };
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

    /** Active subscriptions per plan, for the admin's plan list. */
    async subscribers(actor: Actor, productId: string) {
      const product = await findProduct(db, productId);
      if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      await authorize(actor, 'billing.manage', { productId });
      return subscribersPerPlan(db, productId);
    },

    /**
     * A new plan and its audit entry, in one transaction. The provider price is made before it (a network
     * call never runs inside a transaction); if the transaction then fails, nothing of the plan is saved and
     * the price stays unused at the provider.
     */
    async create(actor: Actor, productId: string, input: BillingPlanInput) {
      const product = await requireAdmin(actor, productId);
      const priceCents = cents(input.price);
      checkPlan({
        priceCents,
        frequencyType: input.frequencyType,
        autoRenew: input.autoRenewForSubscription,
      });
      // Checked before a price is made for nothing; checked again under the lock.
      if (await planNameTaken(db, productId, input.planName, null)) throw nameTaken(input.planName);
      const price = await providerPrice(product.name, input, null, true, null);
      const stripePriceId = price.kind === 'none' ? null : price.id;
      return db.transaction(async (tx) => {
        if (!(await lockProduct(tx, productId)))
          throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'productUuid');
        if (await planNameTaken(tx, productId, input.planName, null)) throw nameTaken(input.planName);
        if (stripePriceId && (await priceUsedElsewhere(tx, stripePriceId, null))) throw priceTaken();
        const row = toBillingPlan(await insertPlan(tx, { productId, ...planFields(input, stripePriceId) }));
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: 'billingPlan.create',
          details: { planId: row.uuid, planName: row.planName, before: null, after: row },
          at: clock.now(),
        });
        return row;
      });
    },

    /**
     * A plan's new fields and its audit entry, in one transaction under the plan's lock. A price the provider
     * must make is made first, outside; under the lock the plan is read again, and if another change got there
     * in between so that the price no longer fits, the update starts over (the unused price is left at the
     * provider). Concurrent updates of one plan thus apply one after the other, each leaving a price that
     * charges what the plan says.
     */
    async update(
      actor: Actor,
      productId: string,
      id: string,
      input: BillingPlanInput,
      confirmLeaveStore = false,
    ): Promise<BillingPlan> {
      const product = await requireAdmin(actor, productId);
      const fields = {
        priceCents: cents(input.price),
        frequencyType: input.frequencyType,
        autoRenewForSubscription: input.autoRenewForSubscription,
      };
      checkPlan({ ...fields, autoRenew: input.autoRenewForSubscription });
      for (let attempt = 1; ; attempt++) {
        const read = await findPlan(productId, id);
        if (await planNameTaken(db, productId, input.planName, id)) throw nameTaken(input.planName);
        const price = await providerPrice(
          product.name,
          input,
          read.stripePriceId,
          chargesDiffer(fields, read),
          read.id,
        );
        const done = await db.transaction(async (tx) => {
          const { product: locked, plan } = await lockBoth(tx, productId, id);
          const changed = chargesDiffer(fields, plan);
          let stripePriceId: string | null;
          if (price.kind === 'none') stripePriceId = null;
          else if (price.kind === 'fresh') stripePriceId = price.id;
          else if (!changed && plan.stripePriceId) stripePriceId = plan.stripePriceId;
          else return null; // the plan changed since it was read: the price kept no longer fits
          if (await planNameTaken(tx, productId, input.planName, id)) throw nameTaken(input.planName);
          if (price.kind === 'fresh' && (await priceUsedElsewhere(tx, price.id, id))) throw priceTaken();
          const next = planFields(input, stripePriceId);
          const before = toBillingPlan(plan);
          const after = toBillingPlan({ ...plan, ...next });
          if (JSON.stringify(before) === JSON.stringify(after)) return before; // nothing to change
          const leftStore = await guardStoreExit(tx, locked, plan, after, confirmLeaveStore);
          const row = toBillingPlan(
            await updatePlan(tx, plan.id, {
              ...next,
              // The renewing price made for this plan's buyers no longer charges what the plan says.
              ...(changed ? { renewalPriceId: null } : {}),
            }),
          );
          await appendAudit(tx, {
            actorId: actor.userId,
            productId,
            action: 'billingPlan.update',
            details: {
              planId: plan.id,
              planName: row.planName,
              before,
              after: row,
              ...(changed ? { newProviderPrice: true } : {}),
              ...(leftStore ? { leftStore: true } : {}),
            },
            at: clock.now(),
          });
          return row;
        });
        if (done) return done;
        if (attempt >= UPDATE_ATTEMPTS)
          throw new AppError(
            ErrorCode.CONFLICT,
            'The plan kept changing while this change was saved: read it again and retry',
            'uuid',
          );
      }
    },

    /** Active becomes inactive and back, with its audit entry, under the product's and the plan's locks. */
    async toggleActive(actor: Actor, productId: string, id: string, confirmLeaveStore = false) {
      await requireAdmin(actor, productId);
      return db.transaction(async (tx) => {
        const { product, plan } = await lockBoth(tx, productId, id);
        const active = !plan.active;
        const leftStore = await guardStoreExit(tx, product, plan, { ...plan, active }, confirmLeaveStore);
        const row = toBillingPlan(await setPlanActive(tx, plan.id, active));
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: active ? 'billingPlan.activate' : 'billingPlan.deactivate',
          details: {
            planId: plan.id,
            planName: plan.planName,
            before: { active: plan.active },
            after: { active },
            ...(leftStore ? { leftStore: true } : {}),
          },
          at: clock.now(),
        });
        return row;
      });
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
      const price = plan ? await providerPrice(input.name, plan, null, true, null) : null;
      const stripePriceId = price && price.kind !== 'none' ? price.id : null;
      const productId = await db.transaction(async (tx) => {
        const id = await insertProduct(tx, { name: input.name, productCategory: input.category });
        if (plan) await insertPlan(tx, { productId: id, ...planFields(plan, stripePriceId) });
        return id;
      });
      return { productId, stripePriceId };
    },
  };
}
