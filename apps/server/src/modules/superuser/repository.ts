import { SUPER_USERS_PAGE_SIZE } from '@qbank/contract';
import { eq, sql } from 'drizzle-orm';
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

/** The three things a search matches the start of, each a C-collated lower() the migration indexes. */
const SEARCH_KEYS = [
  sql`(lower(u.email) COLLATE "C")`,
  sql`(lower(u.first_name || ' ' || u.last_name) COLLATE "C")`,
  sql`(lower(u.last_name) COLLATE "C")`,
];

/**
 * A page of accounts. Without a search, every account by e-mail. With one, the accounts whose e-mail, full
 * name ("first last") or last name starts with it, in any case: those matched by e-mail first (by e-mail), then
 * by full name, then by last name (each by that key), every account once, at its first place.
 *
 * Fast at any size (docs/superuser.md): each key is read as an index range scan in the key's order, stopping
 * after the rows the page needs (N = its end + 1). That is exact: the e-mail matches' first N are the list's
 * start; when they are fewer than N they are all of them, so the full-name matches' first N hold every one the
 * page needs once those are set aside; and so on for the last names. One row more than the page says whether
 * another follows.
 */
export async function searchUsers(db: DbOrTx, search: string, page: number) {
  const offset = page * SUPER_USERS_PAGE_SIZE;
  const n = offset + SUPER_USERS_PAGE_SIZE + 1;
  if (!search)
    return selectRows(
      db,
      userShape,
      sql`SELECT ${userColumns} FROM users u ORDER BY ${SEARCH_KEYS[0]}, u.id LIMIT ${SUPER_USERS_PAGE_SIZE + 1} OFFSET ${offset}`,
    );
  const pattern = startingWith(search);
  const branches = SEARCH_KEYS.map(
    (key, i) =>
      sql`(SELECT u.id, ${sql.raw(String(i + 1))} AS rank, ${key} AS key FROM users u
        WHERE ${key} LIKE lower(${pattern}) ORDER BY 3, 1 LIMIT ${n})`,
  );
  return selectRows(
    db,
    userShape,
    sql`WITH hits AS (${sql.join(branches, sql` UNION ALL `)}),
      best AS (SELECT DISTINCT ON (id) id, rank, key FROM hits ORDER BY id, rank),
      page AS (SELECT id, rank, key FROM best ORDER BY rank, key, id LIMIT ${SUPER_USERS_PAGE_SIZE + 1} OFFSET ${offset})
      SELECT ${userColumns} FROM page p JOIN users u ON u.id = p.id ORDER BY p.rank, p.key, p.id`,
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
