import { checkoutApi, ErrorCode, WEBHOOK_PATH } from '@qbank/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { route } from '../../plugins/route';
import { referralOf } from '../referrals';
import { localCheckoutService } from './local';
import { checkoutService } from './service';
import { webhookService } from './webhooks';

/** The test checkout session: its buyer only. */
const buyerOnly = { policy: 'checkout.own' } as const;

export const WEBHOOK_URL = WEBHOOK_PATH;

export async function checkoutRoutes(app: FastifyInstance, deps: Deps) {
  const svc = checkoutService(deps);
  const hooks = webhookService(deps);

  // The page's token first; else the one the browser's referral cookie kept (docs/sales.md).
  route(app, checkoutApi.create, ({ actor, body, req }) =>
    svc.create(actor, { ...body, tokenId: body.tokenId ?? referralOf(req) }),
  );
  route(app, checkoutApi.status, ({ actor, params }) => svc.status(actor, params.sessionId));

  // The provider's events: verified against the raw body, so this scope keeps JSON bodies as bytes.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    route(scope, checkoutApi.webhook, ({ req }) => {
      if (!Buffer.isBuffer(req.body))
        throw new AppError(ErrorCode.VALIDATION, 'The body must be JSON', 'body');
      const sig = req.headers['stripe-signature'];
      return hooks.receive(req.body, typeof sig === 'string' ? sig : undefined);
    });
  });

  if (deps.payments.kind !== 'local') return;
  const local = localCheckoutService(deps);
  route(
    app,
    checkoutApi.localSession,
    ({ actor, params }) => local.session(actor, params.sessionId),
    buyerOnly,
  );
  route(
    app,
    checkoutApi.localPay,
    ({ actor, params, body }) => local.pay(actor, params.sessionId, body.outcome),
    buyerOnly,
  );
  route(
    app,
    checkoutApi.localCancel,
    ({ actor, params }) => local.cancel(actor, params.sessionId),
    buyerOnly,
  );
}
