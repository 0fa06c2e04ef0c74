import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** One privileged action, as the audit log keeps it. */
export interface AuditEntry {
  actorId: string;
  productId: string | null;
  /** What was done, as `thing.verb`: 'cohort.create', 'cohort.members.add'… */
  action: string;
  /** The ids, names and before/after values that say what changed. */
  details: Record<string, unknown>;
  at: Date;
}

/**
 * Writes a privileged action to the append-only audit log (the database refuses to change or remove a row):
 * called in the transaction of the change itself, so an action is logged exactly when it happens.
 */
export async function appendAudit(tx: DbOrTx, e: AuditEntry): Promise<void> {
  await tx.execute(sql`
    INSERT INTO audit_log (at, actor_id, product_id, action, details)
    VALUES (${e.at}, ${e.actorId}, ${e.productId}, ${e.action}, ${JSON.stringify(e.details)}::jsonb)`);
}
