import { SUPER_PRODUCTS_PAGE_SIZE } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRow, selectRows } from '../../db/rows';

// The SQL of Super → Products (docs/superuser-products.md).

export interface AdminJson {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

const productShape = {
  id: column.string,
  name: column.string,
  product_category: column.string,
  published: column.boolean,
  suspended_at: nullable(column.timestamp),
  suspended_learner_access: nullable(column.oneOf(['KEEP', 'HOLD'] as const)),
  suspended_published: nullable(column.boolean),
  learners_count: column.int,
  question_count: column.int,
  created_at: column.timestamp,
  admins: column.json<AdminJson[]>(),
  revenue_cents: column.string,
  checkouts: column.int,
};
export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProductRow>>>;

/**
 * Each product with its admins (active subscriptions with the admin role, by e-mail), the money it received
 * (the payments ledger, purchases and renewals, as Sales counts it) and its completed checkouts, in one
 * statement: correlated subqueries per product of the page, each an index range (subscriptions by product,
 * payments by product and time, checkout_sessions' partial index of completed ones).
 */
const productSelect = sql`SELECT p.id, p.name, p.product_category, p.published, p.suspended_at,
    p.suspended_learner_access, p.suspended_published, p.learners_count, p.question_count, p.created_at,
    coalesce((SELECT json_agg(json_build_object('id', u.id, 'first_name', u.first_name,
        'last_name', u.last_name, 'email', u.email) ORDER BY u.email)
      FROM subscriptions s JOIN users u ON u.id = s.user_id
      WHERE s.product_id = p.id AND s.active AND s.admin), '[]'::json) AS admins,
    (SELECT coalesce(sum(pay.amount_cents), 0)::bigint FROM payments pay WHERE pay.product_id = p.id)::text
      AS revenue_cents,
    (SELECT count(*)::int FROM checkout_sessions c WHERE c.product_id = p.id AND c.status = 'complete') AS checkouts
  FROM products p`;

/** A search as a LIKE pattern matching it anywhere: its wildcards and the escape character taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of products by name (one more row than the page says whether another follows). */
export async function searchProducts(db: DbOrTx, search: string, page: number) {
  return selectRows(
    db,
    productShape,
    sql`${productSelect}
      ${search ? sql`WHERE lower(p.name) LIKE lower(${containing(search)})` : sql``}
      ORDER BY lower(p.name), p.id
      LIMIT ${SUPER_PRODUCTS_PAGE_SIZE + 1} OFFSET ${page * SUPER_PRODUCTS_PAGE_SIZE}`,
  );
}

export async function findProductRow(db: DbOrTx, id: string) {
  return selectRow(db, productShape, sql`${productSelect} WHERE p.id = ${id}`);
}

/** Locks the product's row (an action's transaction): suspensions and transfers of it wait for each other. */
export async function lockProduct(tx: DbOrTx, id: string) {
  return selectRow(
    tx,
    {
      id: column.string,
      name: column.string,
      published: column.boolean,
      suspended_at: nullable(column.timestamp),
      suspended_learner_access: nullable(column.oneOf(['KEEP', 'HOLD'] as const)),
      suspended_published: nullable(column.boolean),
    },
    sql`SELECT id, name, published, suspended_at, suspended_learner_access, suspended_published
      FROM products WHERE id = ${id} FOR UPDATE`,
  );
}

/** Whether a product has this name in any case. */
export async function nameTaken(db: DbOrTx, name: string) {
  return !!(await selectRow(
    db,
    { id: column.string },
    sql`SELECT id FROM products WHERE lower(name) = lower(${name})`,
  ));
}

/** A new QBank: unpublished, with the default colours and an empty subject tree. */
export async function insertUnpublishedProduct(tx: DbOrTx, v: { name: string; category: string; now: Date }) {
  const row = await selectOne(
    tx,
    { id: column.string },
    sql`INSERT INTO products (name, product_category, published, created_at, updated_at)
      VALUES (${v.name}, ${v.category}, false, ${v.now}, ${v.now}) RETURNING id`,
  );
  return row.id;
}

export async function setSuspension(
  tx: DbOrTx,
  id: string,
  v: {
    published: boolean;
    suspendedAt: Date | null;
    learnerAccess: 'KEEP' | 'HOLD' | null;
    suspendedPublished: boolean | null;
    now: Date;
  },
) {
  await tx.execute(sql`UPDATE products SET published = ${v.published}, suspended_at = ${v.suspendedAt},
      suspended_learner_access = ${v.learnerAccess}, suspended_published = ${v.suspendedPublished},
      updated_at = ${v.now}
    WHERE id = ${id}`);
}

/** The product's staff with access now, and its pending admin invitations. */
export async function staffFigures(db: DbOrTx, productId: string, now: Date) {
  const staff = await selectOne(
    db,
    { n: column.int },
    sql`SELECT count(*)::int AS n FROM subscriptions WHERE product_id = ${productId} AND active
      AND (question_writer OR question_auditor OR instructor OR admin)`,
  );
  const invitations = await selectRows(
    db,
    { id: column.string, email: column.string, expires_at: column.timestamp },
    sql`SELECT id, email, expires_at FROM staff_invitations
      WHERE product_id = ${productId} AND 'ADMIN' = ANY(roles) AND accepted_at IS NULL AND revoked_at IS NULL
        AND expires_at > ${now}
      ORDER BY created_at`,
  );
  return { staffCount: staff.n, invitations };
}

/** The product's admins with access now and their other staff roles. */
export async function adminsOf(tx: DbOrTx, productId: string) {
  return selectRows(
    tx,
    {
      user_id: column.string,
      email: column.string,
      question_writer: column.boolean,
      question_auditor: column.boolean,
      instructor: column.boolean,
    },
    sql`SELECT s.user_id, u.email, s.question_writer, s.question_auditor, s.instructor
      FROM subscriptions s JOIN users u ON u.id = s.user_id
      WHERE s.product_id = ${productId} AND s.active AND s.admin ORDER BY s.user_id`,
  );
}

/** The verified account with the address (stored normalised), or null. */
export async function verifiedAccountByEmail(db: DbOrTx, email: string) {
  return (
    (await selectRow(
      db,
      { id: column.string, email: column.string },
      sql`SELECT id, email FROM users WHERE email = ${email} AND email_verified_at IS NOT NULL`,
    )) ?? null
  );
}

/**
 * Locks the product's admin subscriptions and the user's own, in user order: the order every staff change takes
 * them (modules/staff), before the product's row, the order enrolment takes (decision 0031).
 */
export async function lockAdminsAnd(tx: DbOrTx, productId: string, userId: string) {
  await tx.execute(sql`
    SELECT 1 FROM subscriptions WHERE product_id = ${productId} AND (admin OR user_id = ${userId})
    ORDER BY user_id FOR UPDATE`);
}

export async function productExists(db: DbOrTx, id: string) {
  return !!(await selectRow(db, { id: column.string }, sql`SELECT id FROM products WHERE id = ${id}`));
}

/** The learners of a product: subscriptions with access and no staff role (those a HOLD suspension holds). */
export async function learnerIdsOf(db: DbOrTx, productId: string) {
  const rows = await selectRows(
    db,
    { user_id: column.string },
    sql`SELECT user_id FROM subscriptions WHERE product_id = ${productId} AND active AND access_hold IS NULL
      AND NOT (question_writer OR question_auditor OR instructor OR admin) ORDER BY user_id`,
  );
  return rows.map((r) => r.user_id);
}
