import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** One privileged action, as the audit log keeps it. */
export interface AuditEntry {
  actorId: string | null;
  productId: string | null;
  /** What was done, as `thing.verb`: 'cohort.create', 'cohort.members.add'… */
  action: string;
  /** The ids, names and before/after values that say what changed. */
  details: Record<string, unknown>;
  at: Date;
}

/** The request an action is made in: where it came from. Set around every route's handler (plugins/route.ts). */
const requestContext = new AsyncLocalStorage<{ ip: string | null }>();

/** Runs a request's work with its address known to the audit entries written meanwhile. */
export const inRequest = <T>(ip: string | null, work: () => T): T => requestContext.run({ ip }, work);

/**
 * Writes a privileged action to the append-only audit log (the database refuses to change or remove a row):
 * called in the transaction of the change itself, so an action is logged exactly when it happens, with the
 * address of the request that made it (none for a job or the seed).
 */
export async function appendAudit(tx: DbOrTx, e: AuditEntry): Promise<void> {
  const ip = requestContext.getStore()?.ip ?? null;
  await tx.execute(sql`
    INSERT INTO audit_log (at, actor_id, product_id, action, details, ip)
    VALUES (${e.at}, ${e.actorId}, ${e.productId}, ${e.action}, ${JSON.stringify(e.details)}::jsonb, ${ip})`);
}
