import { ErrorCode, type FrequencyType } from '@qbank/contract';
import { and, eq } from 'drizzle-orm';
import { billingPlans, checkoutSessions, products, subscriptions, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../../plugins/session';

export function checkoutService(deps: Deps) {
  const { db, payments, config } = deps;

  return {
    /**
     * SPEC §7 createCheckoutSession: hands the signed-in buyer to the provider's checkout for a paid public
     * plan. Access is granted later, only by the provider's verified event.
     */
    async create(auth: Auth, input: { priceId: string; customerId?: string; tokenId?: string }) {
      const [row] = await db
        .select({ plan: billingPlans, product: { id: products.id, name: products.name } })
        .from(billingPlans)
        .innerJoin(products, eq(products.id, billingPlans.productId))
        .where(eq(billingPlans.stripePriceId, input.priceId))
        .limit(1);
      const plan = row?.plan;
      if (!row || !plan || !plan.active || plan.billingPlanType !== 'PUBLIC' || plan.priceCents === 0)
        throw new AppError(ErrorCode.VALIDATION, 'This plan is not available', 'priceId');
      const [user] = await db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Need to reauthorize');
      if (input.customerId && user.stripeCustomerId && input.customerId !== user.stripeCustomerId)
        throw new AppError(ErrorCode.FORBIDDEN, 'This customer is not yours', 'customerId');
      let customerId = user.stripeCustomerId;
      if (!customerId) {
        customerId = await payments.createCustomer({
          email: user.email,
          name: `${user.firstName} ${user.lastName}`,
        });
        await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, user.id));
      }
      const metadata: Record<string, string> = {
        userId: user.id,
        productId: row.product.id,
        billingPlanId: plan.id,
        ...(input.tokenId ? { tokenId: input.tokenId } : {}),
      };
      const session = await payments.createCheckoutSession({
        customerId,
        customerEmail: user.email,
        priceId: input.priceId,
        price: {
          productName: row.product.name,
          planName: plan.planName,
          amountCents: plan.priceCents,
          frequencyType: plan.frequencyType as FrequencyType,
          recurring: plan.autoRenewForSubscription,
        },
        successUrl: `${config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${config.publicUrl}/store/products/${row.product.id}`,
        metadata,
      });
      await db.insert(checkoutSessions).values({
        id: session.id,
        provider: payments.kind,
        userId: user.id,
        productId: row.product.id,
        billingPlanId: plan.id,
        tokenId: input.tokenId ?? null,
      });
      return { redirectUrl: session.url };
    },

    /** What the success page waits for: whether the verified event has granted the subscription yet. */
    async status(auth: Auth, sessionId: string) {
      const [row] = await db
        .select({ s: checkoutSessions, productName: products.name })
        .from(checkoutSessions)
        .innerJoin(products, eq(products.id, checkoutSessions.productId))
        .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, auth.userId)))
        .limit(1);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'No such checkout', 'sessionId');
      const [sub] = await db
        .select({ active: subscriptions.active, type: subscriptions.type })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, auth.userId), eq(subscriptions.productId, row.s.productId)))
        .limit(1);
      return {
        status: row.s.status,
        productUuid: row.s.productId,
        productName: row.productName,
        subscriptionActive: row.s.status === 'complete' && !!sub?.active,
      };
    },
  };
}
