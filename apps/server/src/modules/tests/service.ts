import { activeSubscription, ErrorCode, NO_TEST_IN_PROGRESS } from '@qbank/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../policies';
import { loadUserMe } from '../accounts/repository';
import { findInProgress } from './repository';

export function testsService(deps: Deps) {
  const { db } = deps;

  return {
    /**
     * The caller's test in progress in one product (SPEC §2, §7), or NOT_FOUND when there is none.
     *
     * Which product: `productUuid` when the caller names one, else the active product, chosen exactly as
     * the client chooses it (the contract's `activeSubscription`: the last used product when it still has
     * an active subscription, else the first active one), so the shell and the server always agree.
     * Either way it must be a product the caller has an active subscription to; any other answers 404
     * like "none", giving no hint about other users' or products' tests.
     *
     * "In progress" is status IN_PROGRESS: started and not paused or finalized. A PAUSED test is one the
     * learner chose to leave; it is resumed from My Tests, not forced on them. A test left running (tab
     * closed without pausing) stays IN_PROGRESS and is the one a student is sent back to.
     */
    async inProgress(actor: Actor, productUuid?: string) {
      const me = await loadUserMe(db, actor.userId);
      const productId = productUuid
        ? me?.subscriptions.find((s) => s.active && s.product.uuid === productUuid)?.product.uuid
        : me
          ? activeSubscription(me)?.product.uuid
          : undefined;
      const test = productId ? await findInProgress(db, actor.userId, productId) : null;
      if (!test) throw new AppError(ErrorCode.NOT_FOUND, NO_TEST_IN_PROGRESS);
      return { uuid: test.id };
    },
  };
}
