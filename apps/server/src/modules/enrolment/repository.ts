import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRows } from '../../db/rows';

// The enrolment module's SQL: seats, invitations and codes.

// ---- Seats ----

/** Students with access now, the cap, and the last 12 months' peaks (newest first). */
export async function seatsOf(db: DbOrTx, productId: string) {
  const p = await selectOne(
    db,
    { used: column.int, cap: nullable(column.int) },
    sql`SELECT learners_count AS used, student_cap AS cap FROM products WHERE id = ${productId}`,
  );
  const months = await selectRows(
    db,
    { month: column.string, peak: column.int },
    sql`SELECT to_char(month, 'YYYY-MM') AS month, peak FROM product_seat_months
    WHERE product_id = ${productId} ORDER BY month DESC LIMIT 12`,
  );
  return { ...p, months };
}

/** Sets the cap (null: none), the product's row locked so an enrolment counting at the same moment waits. */
export async function setStudentCap(tx: DbOrTx, productId: string, cap: number | null) {
  await tx.execute(sql`UPDATE products SET student_cap = ${cap} WHERE id = ${productId}`);
}

// ---- Invitations ----

const invitationRow = {
  id: column.string,
  product_id: column.string,
  email: column.string,
  cohort_id: nullable(column.string),
  cohort_name: nullable(column.string),
  created_at: column.timestamp,
  sent_at: column.timestamp,
  expires_at: column.timestamp,
  accepted_at: nullable(column.timestamp),
  revoked_at: nullable(column.timestamp),
};

export interface InvitationRow {
  id: string;
  productId: string;
  email: string;
  cohort: { id: string; name: string } | null;
  createdAt: Date;
  sentAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

const toInvitation = (r: {
  id: string;
  product_id: string;
  email: string;
  cohort_id: string | null;
  cohort_name: string | null;
  created_at: Date;
  sent_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}): InvitationRow => ({
  id: r.id,
  productId: r.product_id,
  email: r.email,
  cohort: r.cohort_id && r.cohort_name ? { id: r.cohort_id, name: r.cohort_name } : null,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  expiresAt: r.expires_at,
  acceptedAt: r.accepted_at,
  revokedAt: r.revoked_at,
});

const invitationColumns = sql`i.id, i.product_id, i.email, i.cohort_id, c.name AS cohort_name, i.created_at,
  i.sent_at, i.expires_at, i.accepted_at, i.revoked_at`;
const invitationFrom = sql`enrolment_invitations i LEFT JOIN cohorts c ON c.id = i.cohort_id`;

/**
 * Invites an address: a new pending invitation, or the one already pending for it made new (a new link, a new
 * expiry, the cohort named now if one is). Answers its id and whether it was pending before.
 */
export async function upsertInvitation(
  tx: DbOrTx,
  v: {
    productId: string;
    email: string;
    cohortId: string | null;
    tokenHash: string;
    invitedBy: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<{ id: string; renewed: boolean }> {
  const row = await selectOne(
    tx,
    { id: column.string, renewed: column.boolean },
    sql`INSERT INTO enrolment_invitations (product_id, email, cohort_id, token_hash, invited_by, created_at, sent_at, expires_at)
    VALUES (${v.productId}, ${v.email}, ${v.cohortId}, ${v.tokenHash}, ${v.invitedBy}, ${v.now}, ${v.now}, ${v.expiresAt})
    ON CONFLICT (product_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL
    DO UPDATE SET token_hash = excluded.token_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
      cohort_id = coalesce(excluded.cohort_id, enrolment_invitations.cohort_id)
    RETURNING id, (xmax <> 0) AS renewed`,
  );
  return row;
}

/** The product's invitations, newest first: those not accepted nor revoked, or all. At most 1000. */
export async function listInvitations(db: DbOrTx, productId: string, all: boolean) {
  const rows = await selectRows(
    db,
    invitationRow,
    sql`SELECT ${invitationColumns} FROM ${invitationFrom}
    WHERE i.product_id = ${productId} ${all ? sql`` : sql`AND i.accepted_at IS NULL AND i.revoked_at IS NULL`}
    ORDER BY i.created_at DESC, i.id LIMIT 1000`,
  );
  return rows.map(toInvitation);
}

/** An invitation by id, locked for the caller's transaction when `lock`. */
export async function findInvitation(db: DbOrTx, id: string, lock = false) {
  const [row] = await selectRows(
    db,
    invitationRow,
    sql`SELECT ${invitationColumns} FROM ${invitationFrom} WHERE i.id = ${id} ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  return row ? toInvitation(row) : null;
}

/** An invitation by its link's token hash, locked when `lock`. */
export async function findInvitationByToken(db: DbOrTx, tokenHash: string, lock = false) {
  const [row] = await selectRows(
    db,
    invitationRow,
    sql`SELECT ${invitationColumns} FROM ${invitationFrom}
    WHERE i.token_hash = ${tokenHash} ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  return row ? toInvitation(row) : null;
}

export async function renewInvitation(tx: DbOrTx, id: string, tokenHash: string, now: Date, expiresAt: Date) {
  await tx.execute(sql`
    UPDATE enrolment_invitations SET token_hash = ${tokenHash}, sent_at = ${now}, expires_at = ${expiresAt}
    WHERE id = ${id}`);
}

export async function revokeInvitation(tx: DbOrTx, id: string, now: Date) {
  await tx.execute(sql`UPDATE enrolment_invitations SET revoked_at = ${now} WHERE id = ${id}`);
}

export async function acceptInvitation(tx: DbOrTx, id: string, userId: string, now: Date) {
  await tx.execute(sql`
    UPDATE enrolment_invitations SET accepted_at = ${now}, accepted_by = ${userId} WHERE id = ${id}`);
}

/** Verified accounts among these addresses (stored lower case), by address. */
export async function verifiedUsersByEmail(db: DbOrTx, emails: string[]) {
  const rows = await selectRows(
    db,
    { id: column.string, email: column.string, first_name: column.string },
    sql`SELECT id, email, first_name FROM users
    WHERE email = ANY(${sql.param(emails)}::text[]) AND email_verified_at IS NOT NULL`,
  );
  return new Map(rows.map((r) => [r.email, { id: r.id, firstName: r.first_name }]));
}

// ---- Codes ----

const codeRow = {
  id: column.string,
  product_id: column.string,
  code: column.string,
  cohort_id: nullable(column.string),
  cohort_name: nullable(column.string),
  seat_limit: nullable(column.int),
  uses: column.int,
  expires_at: nullable(column.timestamp),
  revoked_at: nullable(column.timestamp),
  created_at: column.timestamp,
};

export interface CodeRow {
  id: string;
  productId: string;
  code: string;
  cohort: { id: string; name: string } | null;
  seatLimit: number | null;
  uses: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

const toCode = (r: {
  id: string;
  product_id: string;
  code: string;
  cohort_id: string | null;
  cohort_name: string | null;
  seat_limit: number | null;
  uses: number;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}): CodeRow => ({
  id: r.id,
  productId: r.product_id,
  code: r.code,
  cohort: r.cohort_id && r.cohort_name ? { id: r.cohort_id, name: r.cohort_name } : null,
  seatLimit: r.seat_limit,
  uses: r.uses,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  createdAt: r.created_at,
});

const codeColumns = sql`e.id, e.product_id, e.code, e.cohort_id, c.name AS cohort_name, e.seat_limit, e.uses,
  e.expires_at, e.revoked_at, e.created_at`;
const codeFrom = sql`enrolment_codes e LEFT JOIN cohorts c ON c.id = e.cohort_id`;

/** A new code; null when the code is taken (the caller draws another). */
export async function insertCode(
  tx: DbOrTx,
  v: {
    productId: string;
    code: string;
    cohortId: string | null;
    seatLimit: number | null;
    expiresAt: Date | null;
    createdBy: string;
    now: Date;
  },
): Promise<string | null> {
  const [row] = await selectRows(
    tx,
    { id: column.string },
    sql`INSERT INTO enrolment_codes (product_id, code, cohort_id, seat_limit, expires_at, created_by, created_at)
    VALUES (${v.productId}, ${v.code}, ${v.cohortId}, ${v.seatLimit}, ${v.expiresAt}, ${v.createdBy}, ${v.now})
    ON CONFLICT (upper(code)) DO NOTHING RETURNING id`,
  );
  return row?.id ?? null;
}

export async function listCodes(db: DbOrTx, productId: string) {
  const rows = await selectRows(
    db,
    codeRow,
    sql`SELECT ${codeColumns} FROM ${codeFrom} WHERE e.product_id = ${productId}
    ORDER BY e.created_at DESC, e.id LIMIT 500`,
  );
  return rows.map(toCode);
}

export async function findCode(db: DbOrTx, id: string, lock = false) {
  const [row] = await selectRows(
    db,
    codeRow,
    sql`SELECT ${codeColumns} FROM ${codeFrom} WHERE e.id = ${id} ${lock ? sql`FOR UPDATE OF e` : sql``}`,
  );
  return row ? toCode(row) : null;
}

/** A code as typed (any case), locked when `lock`. */
export async function findCodeByText(db: DbOrTx, code: string, lock = false) {
  const [row] = await selectRows(
    db,
    codeRow,
    sql`SELECT ${codeColumns} FROM ${codeFrom} WHERE upper(e.code) = upper(${code})
    ${lock ? sql`FOR UPDATE OF e` : sql``}`,
  );
  return row ? toCode(row) : null;
}

export async function revokeCode(tx: DbOrTx, id: string, now: Date) {
  await tx.execute(sql`UPDATE enrolment_codes SET revoked_at = ${now} WHERE id = ${id}`);
}

export async function countCodeUse(tx: DbOrTx, id: string) {
  await tx.execute(sql`UPDATE enrolment_codes SET uses = uses + 1 WHERE id = ${id}`);
}

/** The product's name. */
export async function productName(db: DbOrTx, productId: string) {
  const [row] = await selectRows(
    db,
    { name: column.string },
    sql`SELECT name FROM products WHERE id = ${productId}`,
  );
  return row?.name ?? null;
}
