import { SUPER_USERS_PAGE_SIZE } from '@qbank/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectRow, selectRows } from '../../db/rows';
import { users } from '../../db/schema';

const userShape = {
  id: column.string,
  email: column.string,
  first_name: column.string,
  last_name: column.string,
  superuser: column.boolean,
  verified: column.boolean,
  disabled_at: nullable(column.timestamp),
  created_at: column.timestamp,
};

const userColumns = sql`u.id, u.email, u.first_name, u.last_name, u.superuser,
  u.email_verified_at IS NOT NULL AS verified, u.disabled_at, u.created_at`;

/** A search as a LIKE prefix: its wildcards and the escape character are taken literally. */
const startingWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of accounts, by e-mail: with a search, those whose e-mail, full name ("first last") or last name
 * starts with it, in any case. Each test is on an expression the migration indexes (C-collated lower(), which
 * serves a LIKE prefix), so the planner reads the three indexes' matches (a BitmapOr) or walks the e-mail index
 * in order, whichever is cheaper; one row more than the page tells whether another follows (docs/superuser.md).
 */
export async function searchUsers(db: DbOrTx, search: string, page: number) {
  const where: SQL = search
    ? sql`WHERE (lower(u.email) COLLATE "C") LIKE lower(${startingWith(search)})
        OR (lower(u.first_name || ' ' || u.last_name) COLLATE "C") LIKE lower(${startingWith(search)})
        OR (lower(u.last_name) COLLATE "C") LIKE lower(${startingWith(search)})`
    : sql``;
  return selectRows(
    db,
    userShape,
    sql`SELECT ${userColumns} FROM users u ${where}
      ORDER BY (lower(u.email) COLLATE "C"), u.id
      LIMIT ${SUPER_USERS_PAGE_SIZE + 1} OFFSET ${page * SUPER_USERS_PAGE_SIZE}`,
  );
}

/** One account, or undefined. `lock` takes its row FOR UPDATE (an action's transaction). */
export async function findAccount(db: DbOrTx, id: string, lock = false) {
  return selectRow(
    db,
    userShape,
    sql`SELECT ${userColumns} FROM users u WHERE u.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** The account's subscriptions with their roles, by product name. */
export async function subscriptionsOf(db: DbOrTx, userId: string) {
  return selectRows(
    db,
    {
      id: column.string,
      product_id: column.string,
      product_name: column.string,
      type: column.oneOf(['BASIC', 'PREMIUM', 'PRIVILEGED'] as const),
      active: column.boolean,
      held: column.boolean,
      student: column.boolean,
      question_writer: column.boolean,
      question_auditor: column.boolean,
      instructor: column.boolean,
      admin: column.boolean,
      created_at: column.timestamp,
    },
    sql`SELECT s.id, p.id AS product_id, p.name AS product_name, s.type, s.active, s.access_hold IS NOT NULL AS held,
        s.student, s.question_writer, s.question_auditor, s.instructor, s.admin, s.created_at
      FROM subscriptions s JOIN products p ON p.id = s.product_id
      WHERE s.user_id = ${userId}
      ORDER BY lower(p.name), s.created_at`,
  );
}

export async function setSuperuserFlag(db: DbOrTx, userId: string, superuser: boolean, now: Date) {
  await db.update(users).set({ superuser, updatedAt: now }).where(eq(users.id, userId));
}

export async function setDisabledAt(db: DbOrTx, userId: string, disabledAt: Date | null, now: Date) {
  await db.update(users).set({ disabledAt, updatedAt: now }).where(eq(users.id, userId));
}
