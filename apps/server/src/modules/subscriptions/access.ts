import { type FrequencyType, periodEnd } from '@qbank/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { stopRenewalJob } from '../../infra/payments';
import { setLastUsedProduct } from '../accounts';
import {
  endDue,
  findForUpdate,
  insertSubscription,
  recountLearners,
  type SubscriptionRow,
  updateSubscription,
} from './repository';

// Access granted and ended by the payment provider's events and by time: called from the webhook handler and
// the periodic expiry task, each inside its caller's transaction. The user-facing operations are in service.ts.

/** Paid access whose provider subscription should have renewed is kept this long before it lapses. */
const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/** The role flags of a learner's membership (SPEC §6: bought or joined access makes a student, nothing more). */
export const LEARNER_ROLES = {
  student: true,
  questionWriter: false,
  questionAuditor: false,
  instructor: false,
  admin: false,
} as const;

export interface PaidGrant {
  userId: string;
  productId: string;
  billingPlanId: string;
  frequencyType: FrequencyType;
  providerSubscriptionId: string | null;
  eventAt: Date;
  /** The provider says this purchase has already ended (its subscription was deleted before we heard of the payment). */
  alreadyEnded?: boolean;
  /**
   * A renewing purchase made over access already paid for: nothing was charged yet, the access runs to this
   * time, and the provider's first invoice extends it from there.
   */
  firstChargeAt?: Date | null;
}

/**
 * Grants (or extends) paid access from a verified provider event: one subscription per user and product, so a
 * new purchase reactivates or extends the existing one instead of adding a second. A one-time purchase made
 * while access is still running starts when the current period ends.
 */
export async function grantPaid(
  tx: DbOrTx,
  g: PaidGrant,
  deps: Pick<Deps, 'jobs' | 'clock'>,
): Promise<SubscriptionRow> {
  const at = deps.clock.now();
  const now = new Date(Math.max(g.eventAt.getTime(), at.getTime()));
  const recurring = !!g.providerSubscriptionId;
  const existing = await findForUpdate(tx, g.userId, g.productId);
  const running =
    existing?.active &&
    existing.type === 'PREMIUM' &&
    existing.currentPeriodEnd &&
    existing.currentPeriodEnd > now;
  const from = running && !recurring ? existing.currentPeriodEnd! : now;
  const fields = {
    // A lapsed membership starts again as a learner's: roles it once had (staff, say) are not revived by a purchase.
    ...(existing?.active ? {} : LEARNER_ROLES),
    active: !g.alreadyEnded,
    type: 'PREMIUM' as const,
    billingPlanId: g.billingPlanId,
    autoRenew: recurring && !g.alreadyEnded,
    // With a deferred first charge access runs to the end already paid for (the provider counts in whole seconds).
    currentPeriodEnd:
      recurring && g.firstChargeAt
        ? new Date(Math.max(g.firstChargeAt.getTime(), running ? existing.currentPeriodEnd!.getTime() : 0))
        : periodEnd(from, g.frequencyType),
    providerSubscriptionId: g.providerSubscriptionId,
    providerEventAt: g.eventAt,
    updatedAt: at,
  };
  let row: SubscriptionRow;
  if (existing?.type === 'PRIVILEGED' && existing.active) {
    row = existing; // staff already have every question; a purchase changes nothing for them
  } else if (existing) {
    // A renewing provider subscription this purchase replaces must stop, or the buyer would be billed twice
    // (two checkouts paid in two tabs, or a one-time purchase over a renewing one). After commit, with retries.
    const replaced = existing.providerSubscriptionId;
    if (existing.active && existing.autoRenew && replaced && replaced !== g.providerSubscriptionId)
      await deps.jobs.enqueue(tx, stopRenewalJob, { providerSubscriptionId: replaced });
    row = await updateSubscription(tx, existing.id, fields);
  } else {
    row = await insertSubscription(tx, {
      userId: g.userId,
      productId: g.productId,
      student: true,
      ...fields,
      createdAt: at, // the app's clock: Sales counts paid subscriptions by when they started (docs/sales.md)
    });
  }
  if (row.active) await setLastUsedProduct(tx, g.userId, g.productId, at);
  await recountLearners(tx, g.productId);
  return row;
}

/**
 * Ends access whose period is over (one-time plans after their period; renewing ones after a grace period).
 * Staff access (PRIVILEGED) has no period. The ends and the learner counts change in one transaction.
 */
export async function expireDue(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await endDue(tx, now, new Date(now.getTime() - RENEWAL_GRACE_MS));
    for (const productId of new Set(ended)) await recountLearners(tx, productId);
    return ended.length;
  });
}
