import type { DbOrTx } from '../../db/client';
import { can, makeActor } from '../../policies';
import { findUserById } from '../accounts';
import { rolesByProduct } from '../subscriptions';

/**
 * Whether an import's uploader may add places to the product's subject tree: the tree's own edit rule
 * ('catalogue.manage': the product's admins and superusers), asked of the uploader as they are now. The
 * jobs run without a request, so the uploader is made an actor here, without a session (no policy reads
 * one), with their roles read through `db`: inside a transaction, on its connection, so that the answer
 * holds for the writes made in it. An uploader who is gone may add nothing.
 */
export async function mayAddPlaces(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user) return false;
  const actor = makeActor({ userId, superuser: user.superuser, sessionIdHash: '', accessToken: '' }, (id) =>
    rolesByProduct(db, id),
  );
  return can(actor, 'catalogue.manage', { productId });
}
