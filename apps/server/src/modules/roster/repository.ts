import type { RosterPlan, RosterSortField, RosterStatus, SortOrder, StudentAccess } from '@qbank/contract';
import { ROSTER_PLANS, STUDENT_ACCESS } from '@qbank/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRows } from '../../db/rows';

/** What the Students list is filtered and sorted by. */
export interface RosterFilter {
  productId: string;
  search?: string;
  plan?: RosterPlan;
  status: RosterStatus;
  /** Only this user. */
  userId?: string;
  /** Only the members of this cohort (checked to be the product's). */
  cohortId?: string;
  /** Students with no activity since this moment (never active: since they joined). */
  inactiveSince?: Date;
  sortField: RosterSortField;
  sortOrder: SortOrder;
}

const studentRow = {
  user_id: column.string,
  first_name: column.string,
  last_name: column.string,
  email: column.string,
  type: column.oneOf(ROSTER_PLANS),
  access: column.oneOf(STUDENT_ACCESS),
  joined_at: column.timestamp,
  questions_used: column.int,
  answered: column.int,
  correct: column.int,
  tests_taken: column.int,
  last_active_at: nullable(column.timestamp),
  cohorts: column.json<Array<{ uuid: string; name: string }>>(),
  total: column.int,
};

/** A student as the list reads them: the user, the subscription and the figures kept in learner_stats. */
export interface StudentRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  plan: RosterPlan;
  access: StudentAccess;
  joinedAt: Date;
  questionsUsed: number;
  answered: number;
  correct: number;
  testsTaken: number;
  lastActiveAt: Date | null;
  /** The cohorts (not archived) the student is in, by name. */
  cohorts: Array<{ uuid: string; name: string }>;
}

/** A LIKE pattern matching the text anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The students of the product the filter keeps (their subscription has the student role). */
function where(f: RosterFilter): SQL {
  const parts: SQL[] = [sql`s.product_id = ${f.productId}`, sql`s.student`];
  // The removed are listed only when asked for (and when one student is asked for by id).
  if (f.status === 'ACTIVE') parts.push(sql`s.active AND s.access_hold IS NULL`);
  if (f.status === 'ENDED') parts.push(sql`NOT s.active AND s.access_hold IS NULL`);
  if (f.status === 'SUSPENDED') parts.push(sql`s.access_hold = 'SUSPENDED'`);
  if (f.status === 'REMOVED') parts.push(sql`s.access_hold = 'REMOVED'`);
  if (f.status === 'ALL' && !f.userId) parts.push(sql`s.access_hold IS DISTINCT FROM 'REMOVED'`);
  if (f.plan) parts.push(sql`s.type = ${f.plan}`);
  if (f.search) {
    const like = containing(f.search);
    parts.push(
      sql`(u.first_name || ' ' || u.last_name ILIKE ${like} OR u.last_name || ' ' || u.first_name ILIKE ${like}
        OR u.email ILIKE ${like})`,
    );
  }
  if (f.userId) parts.push(sql`s.user_id = ${f.userId}`);
  if (f.cohortId)
    parts.push(
      sql`EXISTS (SELECT 1 FROM cohort_members m WHERE m.cohort_id = ${f.cohortId} AND m.user_id = s.user_id)`,
    );
  if (f.inactiveSince) parts.push(sql`coalesce(ls.last_active_at, s.created_at) < ${f.inactiveSince}`);
  return sql.join(parts, sql` AND `);
}

/**
 * Each sort's key. Figures a student does not have yet (no answers, never active) go last whichever the
 * order; the user id breaks ties, so pages never overlap.
 */
function orderBy(field: RosterSortField, order: SortOrder): SQL {
  const dir = order === 'DESC' ? sql`DESC` : sql`ASC`;
  const keys: Record<RosterSortField, SQL> = {
    name: sql`lower(u.last_name) ${dir}, lower(u.first_name) ${dir}`,
    email: sql`lower(u.email) ${dir}`,
    plan: sql`s.type ${dir}`,
    questionsUsed: sql`coalesce(ls.questions_used, 0) ${dir}`,
    percentCorrect: sql`ls.correct::float8 / nullif(ls.answered, 0) ${dir} NULLS LAST`,
    testsTaken: sql`coalesce(ls.tests_taken, 0) ${dir}`,
    lastActiveAt: sql`ls.last_active_at ${dir} NULLS LAST`,
  };
  return sql`${keys[field]}, u.id ${dir}`;
}

const FROM = sql`
  FROM subscriptions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN learner_stats ls ON ls.user_id = s.user_id AND ls.product_id = s.product_id`;

/**
 * The students the filter keeps, in its order: `limit` from `offset`, or all of them; with how many it keeps in
 * all (counted in the same pass, or null for a page past the end, which has no row to carry it).
 */
export async function listStudents(
  db: DbOrTx,
  f: RosterFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: StudentRow[]; total: number | null }> {
  // The page is chosen first, counting all on the way; only its rows then read their cohorts.
  const rows = await selectRows(
    db,
    studentRow,
    sql`
    SELECT p.*, (
      SELECT coalesce(jsonb_agg(jsonb_build_object('uuid', c.id, 'name', c.name) ORDER BY lower(c.name), c.id), '[]')
      FROM cohort_members m JOIN cohorts c ON c.id = m.cohort_id
      WHERE m.user_id = p.user_id AND c.product_id = ${f.productId} AND c.archived_at IS NULL) AS cohorts
    FROM (
      SELECT u.id AS user_id, u.first_name, u.last_name, u.email, s.type,
        coalesce(s.access_hold, CASE WHEN s.active THEN 'ACTIVE' ELSE 'ENDED' END) AS access, s.created_at AS joined_at,
        coalesce(ls.questions_used, 0) AS questions_used, coalesce(ls.answered, 0) AS answered,
        coalesce(ls.correct, 0) AS correct, coalesce(ls.tests_taken, 0) AS tests_taken, ls.last_active_at,
        row_number() OVER (ORDER BY ${orderBy(f.sortField, f.sortOrder)}) AS n, count(*) OVER ()::int AS total
      ${FROM}
      WHERE ${where(f)}
      ORDER BY ${orderBy(f.sortField, f.sortOrder)}
      ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}
    ) p
    ORDER BY p.n`,
  );
  const students = rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    plan: r.type,
    access: r.access,
    joinedAt: r.joined_at,
    questionsUsed: r.questions_used,
    answered: r.answered,
    correct: r.correct,
    testsTaken: r.tests_taken,
    lastActiveAt: r.last_active_at,
    cohorts: r.cohorts,
  }));
  return { rows: students, total: rows[0]?.total ?? null };
}

/** How many students the filter keeps. */
export async function countStudents(db: DbOrTx, f: RosterFilter): Promise<number> {
  const row = await selectOne(
    db,
    { n: column.int },
    sql`SELECT count(*)::int AS n ${FROM} WHERE ${where(f)}`,
  );
  return row.n;
}

// ---- Cohorts ----

const cohortRow = {
  id: column.string,
  product_id: column.string,
  name: column.string,
  archived_at: nullable(column.timestamp),
  created_at: column.timestamp,
  members: column.int,
};

export interface CohortRow {
  id: string;
  productId: string;
  name: string;
  archivedAt: Date | null;
  createdAt: Date;
  members: number;
}

const toCohort = (r: {
  id: string;
  product_id: string;
  name: string;
  archived_at: Date | null;
  created_at: Date;
  members: number;
}): CohortRow => ({
  id: r.id,
  productId: r.product_id,
  name: r.name,
  archivedAt: r.archived_at,
  createdAt: r.created_at,
  members: r.members,
});

const cohortColumns = sql`c.id, c.product_id, c.name, c.archived_at, c.created_at,
  (SELECT count(*)::int FROM cohort_members m WHERE m.cohort_id = c.id) AS members`;

/** The product's cohorts by name (archived ones too when asked). */
export async function listCohorts(
  db: DbOrTx,
  productId: string,
  includeArchived: boolean,
): Promise<CohortRow[]> {
  const rows = await selectRows(
    db,
    cohortRow,
    sql`SELECT ${cohortColumns} FROM cohorts c
    WHERE c.product_id = ${productId} ${includeArchived ? sql`` : sql`AND c.archived_at IS NULL`}
    ORDER BY lower(c.name), c.id`,
  );
  return rows.map(toCohort);
}

/** A cohort, locked for the caller's transaction when `lock` (its member changes then run one at a time). */
export async function findCohort(db: DbOrTx, id: string, lock = false): Promise<CohortRow | null> {
  const [row] = await selectRows(
    db,
    cohortRow,
    sql`SELECT ${cohortColumns} FROM cohorts c WHERE c.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? toCohort(row) : null;
}

/** Whether the product has another cohort of this name, case aside. */
export async function cohortNameTaken(db: DbOrTx, productId: string, name: string, exceptId?: string) {
  const [row] = await selectRows(
    db,
    { id: column.string },
    sql`SELECT id FROM cohorts WHERE product_id = ${productId} AND lower(name) = lower(${name})
      ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  return row !== undefined;
}

/** A new cohort; null when the name is taken (case aside), also by a create at the same moment. */
export async function insertCohort(
  db: DbOrTx,
  productId: string,
  name: string,
  now: Date,
): Promise<string | null> {
  const [row] = await selectRows(
    db,
    { id: column.string },
    sql`INSERT INTO cohorts (product_id, name, created_at) VALUES (${productId}, ${name}, ${now})
      ON CONFLICT (product_id, lower(name)) DO NOTHING RETURNING id`,
  );
  return row?.id ?? null;
}

export async function updateCohort(db: DbOrTx, id: string, set: { name?: string; archivedAt?: Date | null }) {
  const parts: SQL[] = [];
  if (set.name !== undefined) parts.push(sql`name = ${set.name}`);
  if (set.archivedAt !== undefined) parts.push(sql`archived_at = ${set.archivedAt}`);
  if (parts.length === 0) return;
  await db.execute(sql`UPDATE cohorts SET ${sql.join(parts, sql`, `)} WHERE id = ${id}`);
}

/** Those of the users who have a student subscription to the product (active or not). */
export async function studentsAmong(db: DbOrTx, productId: string, userIds: string[]): Promise<Set<string>> {
  const rows = await selectRows(
    db,
    { user_id: column.string },
    sql`SELECT user_id FROM subscriptions
    WHERE product_id = ${productId} AND student AND user_id = ANY(${sql.param(userIds)}::uuid[])`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/** A student's subscription to the product, as the access changes need it. */
export interface StudentHold {
  userId: string;
  hold: 'SUSPENDED' | 'REMOVED' | null;
  staff: boolean;
}

/**
 * The product's student subscriptions of these users, locked FOR UPDATE in the id order (two changes of the
 * same students at once wait for each other and never deadlock).
 */
export async function lockStudentHolds(
  db: DbOrTx,
  productId: string,
  userIds: string[],
): Promise<StudentHold[]> {
  const rows = await selectRows(
    db,
    {
      user_id: column.string,
      access_hold: nullable(column.oneOf(['SUSPENDED', 'REMOVED'] as const)),
      staff: column.boolean,
    },
    sql`SELECT user_id, access_hold, (question_writer OR question_auditor OR instructor OR admin) AS staff
    FROM subscriptions
    WHERE product_id = ${productId} AND student AND user_id = ANY(${sql.param(userIds)}::uuid[])
    ORDER BY user_id FOR UPDATE`,
  );
  return rows.map((r) => ({ userId: r.user_id, hold: r.access_hold, staff: r.staff }));
}

/** Sets (or lifts, with null) the instructors' hold on these students' access. */
export async function setStudentHolds(
  db: DbOrTx,
  productId: string,
  userIds: string[],
  hold: 'SUSPENDED' | 'REMOVED' | null,
  now: Date,
) {
  await db.execute(sql`
    UPDATE subscriptions SET access_hold = ${hold}, access_hold_at = ${hold === null ? null : now}, updated_at = ${now}
    WHERE product_id = ${productId} AND user_id = ANY(${sql.param(userIds)}::uuid[])`);
}

/** Adds the users to the cohort; answers those who were not in it yet. */
export async function addMembers(
  db: DbOrTx,
  cohortId: string,
  userIds: string[],
  now: Date,
): Promise<string[]> {
  const rows = await selectRows(
    db,
    { user_id: column.string },
    sql`INSERT INTO cohort_members (cohort_id, user_id, added_at)
    SELECT ${cohortId}, u, ${now} FROM unnest(${sql.param(userIds)}::uuid[]) AS u
    ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return rows.map((r) => r.user_id);
}

/** Takes the users out of the cohort; answers those who were in it. */
export async function removeMembers(db: DbOrTx, cohortId: string, userIds: string[]): Promise<string[]> {
  const rows = await selectRows(
    db,
    { user_id: column.string },
    sql`DELETE FROM cohort_members WHERE cohort_id = ${cohortId} AND user_id = ANY(${sql.param(userIds)}::uuid[])
    RETURNING user_id`,
  );
  return rows.map((r) => r.user_id);
}
