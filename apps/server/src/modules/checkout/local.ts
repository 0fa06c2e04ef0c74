import { ErrorCode, type FrequencyType } from '@qbank/contract';
import type { Deps } from '../../deps';
import type { LocalPayments } from '../../infra/payments-local';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';

/**
 * The built-in test checkout's own pages (only with the local payment provider): its session as the buyer sees
 * it, and the buyer's pay or cancel. A session is its buyer's alone; one already paid or canceled is a conflict.
 */
export function localCheckoutService(deps: Deps) {
  const local = deps.payments as LocalPayments;
  const own = async (actor: Actor, sessionId: string) => {
    const s = await local.getSession(sessionId);
    await authorize(actor, 'checkout.own', { buyerId: s?.metadata.userId });
    return s!;
  };
  const notOpen = (e: unknown): never => {
    if (e instanceof Error && /not open/.test(e.message))
      throw new AppError(ErrorCode.CONFLICT, 'This checkout is already paid or canceled', 'sessionId');
    throw e;
  };

  return {
    async session(actor: Actor, sessionId: string) {
      const s = await own(actor, sessionId);
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
    async pay(actor: Actor, sessionId: string, outcome: Parameters<LocalPayments['pay']>[1]) {
      await own(actor, sessionId);
      return local.pay(sessionId, outcome).catch(notOpen);
    },
    async cancel(actor: Actor, sessionId: string) {
      await own(actor, sessionId);
      return local.cancel(sessionId).catch(notOpen);
    },
  };
}
