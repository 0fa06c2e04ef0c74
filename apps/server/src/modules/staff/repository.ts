import { STAFF_ROLES, type StaffRole } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, type RowOf, selectOne, selectRow, selectRows } from '../../db/rows';

// The SQL of the staff module (docs/staff.md): the staff roles on subscriptions, and staff invitations.

/** The subscription columns of each staff role. */
export const ROLE_COLUMNS = {
  WRITER: 'question_writer',
  AUDITOR: 'question_auditor',
  INSTRUCTOR: 'instructor',
  ADMIN: 'admin',
} as const satisfies Record<StaffRole, string>;

const memberShape = {
  user_id: column.string,
  first_name: column.string,
  last_name: column.string,
  email: column.string,
  active: column.boolean,
  student: column.boolean,
  question_writer: column.boolean,
  question_auditor: column.boolean,
  instructor: column.boolean,
  admin: column.boolean,
  since: column.timestamp,
};
export type MemberRow = RowOf<typeof memberShape>;

/** The staff roles a subscription row holds, in STAFF_ROLES' order. */
export const rolesOf = (
  r: Pick<MemberRow, 'question_writer' | 'question_auditor' | 'instructor' | 'admin'>,
) => STAFF_ROLES.filter((role) => r[ROLE_COLUMNS[role]]);

const memberSelect = sql`SELECT s.user_id, u.first_name, u.last_name, u.email, s.active, s.student,
    s.question_writer, s.question_auditor, s.instructor, s.admin,
    coalesce(s.staff_since, s.created_at) AS since
  FROM subscriptions s JOIN users u ON u.id = s.user_id`;

/** Everyone with a staff role and access to the product, by name. */
export async function listStaff(db: DbOrTx, productId: string): Promise<MemberRow[]> {
  return selectRows(
    db,
    memberShape,
    sql`${memberSelect}
    WHERE s.product_id = ${productId} AND s.active
      AND (s.question_writer OR s.question_auditor OR s.instructor OR s.admin)
    ORDER BY lower(u.last_name), lower(u.first_name), u.email`,
  );
}

/** One user's subscription to the product as the staff screen sees it, or null when they have none. */
export async function findMember(db: DbOrTx, productId: string, userId: string): Promise<MemberRow | null> {
  const row = await selectRow(
    db,
    memberShape,
    sql`${memberSelect} WHERE s.product_id = ${productId} AND s.user_id = ${userId}`,
  );
  return row ?? null;
}

/**
 * Locks the product's admin subscriptions and the user's own, always in user order: every change of staff roles
 * takes them the same way, so of many revocations of the last admins at once, each waits for the one before and
 * then counts the admins that one left.
 */
export async function lockAdminsAnd(tx: DbOrTx, productId: string, userId: string) {
  await tx.execute(sql`
    SELECT 1 FROM subscriptions WHERE product_id = ${productId} AND (admin OR user_id = ${userId})
    ORDER BY user_id FOR UPDATE`);
}

/** The product's admins with access now. */
export async function countAdmins(tx: DbOrTx, productId: string) {
  const row = await selectOne(
    tx,
    { n: column.int },
    sql`SELECT count(*)::int AS n FROM subscriptions WHERE product_id = ${productId} AND active AND admin`,
  );
  return row.n;
}

const flags = (roles: readonly StaffRole[]) => ({
  question_writer: roles.includes('WRITER'),
  question_auditor: roles.includes('AUDITOR'),
  instructor: roles.includes('INSTRUCTOR'),
  admin: roles.includes('ADMIN'),
});

/** A new staff subscription: PRIVILEGED, not a student, with access and no end. */
export async function insertStaffSubscription(
  tx: DbOrTx,
  v: { productId: string; userId: string; roles: readonly StaffRole[]; now: Date },
) {
  const f = flags(v.roles);
  await tx.execute(sql`
    INSERT INTO subscriptions (user_id, product_id, type, active, student, question_writer, question_auditor,
      instructor, admin, staff_since, created_at, updated_at)
    VALUES (${v.userId}, ${v.productId}, 'PRIVILEGED', true, false, ${f.question_writer}, ${f.question_auditor},
      ${f.instructor}, ${f.admin}, ${v.now}, ${v.now}, ${v.now})`);
}

/**
 * An ended subscription made a staff one: PRIVILEGED with access and no end or billing. It is not a student's
 * any more (an ended student had no access either); the learning data, kept by user, stays.
 */
export async function reopenAsStaff(
  tx: DbOrTx,
  v: { productId: string; userId: string; roles: readonly StaffRole[]; now: Date },
) {
  const f = flags(v.roles);
  await tx.execute(sql`
    UPDATE subscriptions SET type = 'PRIVILEGED', active = true, student = false,
      question_writer = ${f.question_writer}, question_auditor = ${f.question_auditor},
      instructor = ${f.instructor}, admin = ${f.admin}, staff_since = ${v.now},
      current_period_end = NULL, billing_plan_id = NULL, provider_subscription_id = NULL, auto_renew = false,
      updated_at = ${v.now}
    WHERE product_id = ${v.productId} AND user_id = ${v.userId}`);
}

/**
 * An active subscription's roles set: its type, billing and student role stay. With no role left, a staff-only
 * subscription ends (access goes); a student's stays a student's.
 */
export async function setRoles(
  tx: DbOrTx,
  v: { productId: string; userId: string; roles: readonly StaffRole[]; now: Date },
) {
  const f = flags(v.roles);
  const none = v.roles.length === 0;
  await tx.execute(sql`
    UPDATE subscriptions SET question_writer = ${f.question_writer}, question_auditor = ${f.question_auditor},
      instructor = ${f.instructor}, admin = ${f.admin},
      staff_since = CASE WHEN ${none} THEN NULL ELSE coalesce(staff_since, ${v.now}::timestamptz) END,
      active = CASE WHEN ${none} AND NOT student THEN false ELSE active END,
      updated_at = ${v.now}
    WHERE product_id = ${v.productId} AND user_id = ${v.userId}`);
}

// ---- Invitations ----

const invitationShape = {
  id: column.string,
  product_id: column.string,
  email: column.string,
  roles: column.strings,
  invited_by: nullable(column.string),
  created_at: column.timestamp,
  sent_at: column.timestamp,
  expires_at: column.timestamp,
  accepted_at: nullable(column.timestamp),
  revoked_at: nullable(column.timestamp),
};
export type StaffInvitationRow = {
  id: string;
  productId: string;
  email: string;
  roles: StaffRole[];
  invitedBy: string | null;
  createdAt: Date;
  sentAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
};
const toRow = (r: RowOf<typeof invitationShape>): StaffInvitationRow => ({
  id: r.id,
  productId: r.product_id,
  email: r.email,
  roles: STAFF_ROLES.filter((role) => r.roles.includes(role)),
  invitedBy: r.invited_by,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  expiresAt: r.expires_at,
  acceptedAt: r.accepted_at,
  revokedAt: r.revoked_at,
});
const invitationSelect = sql`SELECT id, product_id, email, roles, invited_by, created_at, sent_at, expires_at,
  accepted_at, revoked_at FROM staff_invitations`;

/** A new invitation, or the pending one of the address renewed (new link, roles, expiry). */
export async function upsertStaffInvitation(
  tx: DbOrTx,
  v: {
    productId: string;
    email: string;
    roles: readonly StaffRole[];
    tokenHash: string;
    invitedBy: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<{ id: string; renewed: boolean }> {
  return selectOne(
    tx,
    { id: column.string, renewed: column.boolean },
    sql`INSERT INTO staff_invitations (product_id, email, roles, token_hash, invited_by, created_at, sent_at, expires_at)
    VALUES (${v.productId}, ${v.email}, ${sql.param([...v.roles])}::text[], ${v.tokenHash}, ${v.invitedBy}, ${v.now}, ${v.now}, ${v.expiresAt})
    ON CONFLICT (product_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL
    DO UPDATE SET token_hash = excluded.token_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
      roles = excluded.roles, invited_by = excluded.invited_by
    RETURNING id, (xmax <> 0) AS renewed`,
  );
}

/** The product's open invitations (pending and expired), newest first. */
export async function listStaffInvitations(db: DbOrTx, productId: string) {
  const rows = await selectRows(
    db,
    invitationShape,
    sql`${invitationSelect} WHERE product_id = ${productId} AND accepted_at IS NULL AND revoked_at IS NULL
    ORDER BY created_at DESC, id`,
  );
  return rows.map(toRow);
}

export async function findStaffInvitation(db: DbOrTx, id: string, lock = false) {
  const row = await selectRow(
    db,
    invitationShape,
    sql`${invitationSelect} WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? toRow(row) : null;
}

export async function findStaffInvitationByToken(db: DbOrTx, tokenHash: string, lock = false) {
  const row = await selectRow(
    db,
    invitationShape,
    sql`${invitationSelect} WHERE token_hash = ${tokenHash} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? toRow(row) : null;
}

export async function renewStaffInvitation(
  tx: DbOrTx,
  id: string,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
) {
  await tx.execute(sql`
    UPDATE staff_invitations SET token_hash = ${tokenHash}, sent_at = ${now}, expires_at = ${expiresAt} WHERE id = ${id}`);
}

export async function revokeStaffInvitation(tx: DbOrTx, id: string, now: Date) {
  await tx.execute(sql`UPDATE staff_invitations SET revoked_at = ${now} WHERE id = ${id}`);
}

export async function acceptStaffInvitation(tx: DbOrTx, id: string, userId: string, now: Date) {
  await tx.execute(
    sql`UPDATE staff_invitations SET accepted_at = ${now}, accepted_by = ${userId} WHERE id = ${id}`,
  );
}

/** The verified account with the address, or null. */
export async function verifiedUserByEmail(db: DbOrTx, email: string) {
  const row = await selectRow(
    db,
    { id: column.string, first_name: column.string },
    sql`SELECT id, first_name FROM users WHERE email = ${email} AND email_verified_at IS NOT NULL`,
  );
  return row ?? null;
}

export async function productName(db: DbOrTx, productId: string) {
  const row = await selectRow(
    db,
    { name: column.string },
    sql`SELECT name FROM products WHERE id = ${productId}`,
  );
  return row?.name ?? null;
}
