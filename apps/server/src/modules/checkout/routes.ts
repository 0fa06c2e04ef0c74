import {
  checkoutSessionBody,
  checkoutStatus,
  ErrorCode,
  type FrequencyType,
  localCheckout,
  localPayBody,
  redirectResponse,
} from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { LocalPayments } from '../../infra/payments-local';
import { AppError } from '../../lib/app-error';
import { defineRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/session';
import { checkoutService } from './service';
import { webhookService } from './webhooks';

export const WEBHOOK_URL = '/api/v2/webhooks/stripe';
const sessionParams = z.object({
  sessionId: z.string().min(1).max(200, { error: 'sessionId must be at most 200 characters' }),
});

export async function checkoutRoutes(app: FastifyInstance, deps: Deps) {
  const svc = checkoutService(deps);
  const hooks = webhookService(deps);
  const tags = ['checkout'];

  defineRoute(app, {
    method: 'POST',
    url: '/api/v2/createCheckoutSession',
    summary: "Start the payment provider's checkout for a paid plan; answers the URL to go to",
    tags,
    access: 'user',
    body: checkoutSessionBody,
    response: redirectResponse,
    handler: ({ req, body }) => svc.create(requireAuth(req), body),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/checkoutSessions/:sessionId',
    summary: "One of the caller's checkouts: whether its payment has granted the subscription",
    tags,
    access: 'user',
    params: sessionParams,
    response: checkoutStatus,
    handler: ({ req, params }) => svc.status(requireAuth(req), params.sessionId),
  });

  // The provider's events: verified against the raw body, so this scope keeps JSON bodies as bytes.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    defineRoute(scope, {
      method: 'POST',
      url: WEBHOOK_URL,
      summary: 'Payment provider events (Stripe-Signature header over the raw body)',
      tags,
      access: 'webhook',
      response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
      handler: ({ req }) => {
        if (!Buffer.isBuffer(req.body))
          throw new AppError(ErrorCode.VALIDATION, 'The body must be JSON', 'body');
        const sig = req.headers['stripe-signature'];
        return hooks.receive(req.body, typeof sig === 'string' ? sig : undefined);
      },
    });
  });

  if (deps.payments.kind !== 'local') return;
  const local = deps.payments as LocalPayments;
  const own = async (userId: string, sessionId: string) => {
    const s = await local.getSession(sessionId);
    if (!s || s.metadata.userId !== userId)
      throw new AppError(ErrorCode.NOT_FOUND, 'No such checkout', 'sessionId');
    return s;
  };
  const notOpen = (e: unknown): never => {
    if (e instanceof Error && /not open/.test(e.message))
      throw new AppError(ErrorCode.CONFLICT, 'This checkout is already paid or canceled', 'sessionId');
    throw e;
  };
  const ltags = ['local checkout'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/v2/localCheckout/:sessionId',
    summary: 'The embedded test provider: a checkout session to show',
    tags: ltags,
    access: 'user',
    params: sessionParams,
    response: localCheckout,
    handler: async ({ req, params }) => {
      const s = await own(requireAuth(req).userId, params.sessionId);
      return {
        sessionId: s.id,
        productUuid: s.metadata.productId ?? '',
        productName: s.productName,
        planName: s.planName,
        price: s.amountCents / 100,
        frequencyType: s.frequencyType as FrequencyType,
        autoRenew: s.recurring,
        customerEmail: s.customerEmail,
        status: s.status,
        firstChargeAt: s.trialEnd?.toISOString() ?? null,
      };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v2/localCheckout/:sessionId/pay',
    summary: 'The embedded test provider: pay (or decline) with the test card',
    tags: ltags,
    access: 'user',
    params: sessionParams,
    body: localPayBody,
    response: redirectResponse,
    handler: async ({ req, params, body }) => {
      await own(requireAuth(req).userId, params.sessionId);
      return local.pay(params.sessionId, body.outcome).catch(notOpen);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v2/localCheckout/:sessionId/cancel',
    summary: 'The embedded test provider: leave the checkout without paying',
    tags: ltags,
    access: 'user',
    params: sessionParams,
    response: redirectResponse,
    handler: async ({ req, params }) => {
      await own(requireAuth(req).userId, params.sessionId);
      return local.cancel(params.sessionId).catch(notOpen);
    },
  });
}
