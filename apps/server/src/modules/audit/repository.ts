import { normalizeEmail } from '@qbank/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectRow, selectRows } from '../../db/rows';

// The audit log's reads (docs/audit-log.md): a page newest first, searched by product, person, action and time,
// each filter served by its own index ending in (at, id), so a page reads its rows in order and stops.

export interface AuditFilter {
  productId?: string;
  actorId?: string;
  action?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this (time, then id): the next page. */
  before?: { at: Date; id: number };
}

const entryColumns = {
  id: column.int,
  at: column.timestamp,
  actor_id: nullable(column.string),
  first_name: nullable(column.string),
  last_name: nullable(column.string),
  email: nullable(column.string),
  product_id: nullable(column.string),
  product_name: nullable(column.string),
  action: column.string,
  details: column.json<Record<string, unknown>>(),
  ip: nullable(column.string),
};

export async function searchAudit(db: DbOrTx, f: AuditFilter, limit: number) {
  const where: SQL[] = [];
  if (f.productId) where.push(sql`a.product_id = ${f.productId}`);
  if (f.actorId) where.push(sql`a.actor_id = ${f.actorId}`);
  if (f.action) where.push(sql`a.action = ${f.action}`);
  if (f.from) where.push(sql`a.at >= ${f.from}`);
  if (f.to) where.push(sql`a.at < ${f.to}`);
  if (f.before) where.push(sql`(a.at, a.id) < (${f.before.at}::timestamptz, ${f.before.id}::bigint)`);
  return selectRows(
    db,
    entryColumns,
    sql`SELECT a.id::int AS id, a.at, a.actor_id, u.first_name, u.last_name, u.email, a.product_id,
      p.name AS product_name, a.action, a.details, a.ip
    FROM audit_log a
    LEFT JOIN users u ON u.id = a.actor_id
    LEFT JOIN products p ON p.id = a.product_id
    ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
    ORDER BY a.at DESC, a.id DESC
    LIMIT ${limit}`,
  );
}

/** A user by e-mail (any case), for the "who" filter. */
export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const r = await selectRow(
    db,
    { id: column.string },
    // Addresses are stored in their one normal form (NFKC, lower case): the unique index on email finds it. A
    // lower(email) test reads every account (no index has that expression in the default collation).
    sql`SELECT id FROM users WHERE email = ${normalizeEmail(email)}`,
  );
  return r?.id ?? null;
}

/**
 * The distinct actions logged (in one product, when named), found by skipping through the action index one
 * value at a time instead of reading every row.
 */
export async function loggedActions(db: DbOrTx, productId?: string) {
  const rows = productId
    ? await selectRows(
        db,
        { action: column.string },
        sql`SELECT DISTINCT action FROM audit_log WHERE product_id = ${productId} ORDER BY action LIMIT 500`,
      )
    : await selectRows(
        db,
        { action: column.string },
        sql`WITH RECURSIVE acts(action) AS (
          (SELECT action FROM audit_log ORDER BY action LIMIT 1)
          UNION ALL
          SELECT (SELECT a.action FROM audit_log a WHERE a.action > acts.action ORDER BY a.action LIMIT 1)
          FROM acts WHERE acts.action IS NOT NULL
        )
        SELECT action FROM acts WHERE action IS NOT NULL LIMIT 500`,
      );
  return rows.map((r) => r.action);
}
