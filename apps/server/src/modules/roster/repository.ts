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

/** The students of the product the filter keeps (student_directory: one row per student subscription). */
function where(f: RosterFilter): SQL {
  const parts: SQL[] = [sql`d.product_id = ${f.productId}`];
  // The removed are listed only when asked for (and when one student is asked for by id).
  if (f.status === 'ALL') {
    if (!f.userId) parts.push(sql`d.access <> 'REMOVED'`);
  } else parts.push(sql`d.access = ${f.status}`);
  if (f.plan) parts.push(sql`d.type = ${f.plan}`);
  if (f.search) {
    const like = containing(f.search);
    parts.push(
      sql`(d.first_name || ' ' || d.last_name ILIKE ${like} OR d.last_name || ' ' || d.first_name ILIKE ${like}
        OR d.email ILIKE ${like})`,
    );
  }
  if (f.userId) parts.push(sql`d.user_id = ${f.userId}`);
  if (f.cohortId)
    parts.push(
      sql`EXISTS (SELECT 1 FROM cohort_members m WHERE m.cohort_id = ${f.cohortId} AND m.user_id = d.user_id)`,
    );
  if (f.inactiveSince) parts.push(sql`coalesce(d.last_active_at, d.joined_at) < ${f.inactiveSince}`);
  return sql.join(parts, sql` AND `);
}

/**
 * Each sort's key, as the read model's indexes hold it (migration 0028), so a page is read in index order and
 * the scan stops at its end. Figures a student does not have yet (no answers, never active) go last whichever
 * the order; the user id breaks ties, so pages never overlap.
 */
function orderBy(field: RosterSortField, order: SortOrder, productId: string): SQL {
  const dir = order === 'DESC' ? sql`DESC` : sql`ASC`;
  const keys: Record<RosterSortField, SQL> = {
    name: sql`lower(d.last_name) ${dir}, lower(d.first_name) ${dir}`,
    email: sql`lower(d.email) ${dir}`,
    plan: sql`d.type ${dir}`,
    questionsUsed: sql`d.questions_used ${dir}`,
    percentCorrect: sql`d.pct ${dir} NULLS LAST`,
    testsTaken: sql`d.tests_taken ${dir}`,
    lastActiveAt: sql`d.last_active_at ${dir} NULLS LAST`,
    // The first of the student's cohorts by name (the list shows them in that order): a lookup per student
    // by cohort_members' user index, as the column's own list is.
    cohorts: sql`(SELECT min(lower(c.name)) FROM cohort_members m JOIN cohorts c ON c.id = m.cohort_id
      WHERE m.user_id = d.user_id AND c.product_id = ${productId} AND c.archived_at IS NULL) ${dir} NULLS LAST`,
  };
  return sql`${keys[field]}, d.user_id ${dir}`;
}

/**
 * The students the filter keeps, in its order: `limit` from `offset`, or all of them; with how many it keeps in
 * all (counted beside the page, never by reading every row in order).
 */
export async function listStudents(
  db: DbOrTx,
  f: RosterFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: StudentRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    selectRows(
      db,
      studentRow,
      sql`
      SELECT d.user_id, d.first_name, d.last_name, d.email, d.type, d.access, d.joined_at, d.questions_used,
        d.answered, d.correct, d.tests_taken, d.last_active_at, (
          SELECT coalesce(jsonb_agg(jsonb_build_object('uuid', c.id, 'name', c.name) ORDER BY lower(c.name), c.id), '[]')
          FROM cohort_members m JOIN cohorts c ON c.id = m.cohort_id
          WHERE m.user_id = d.user_id AND c.product_id = ${f.productId} AND c.archived_at IS NULL) AS cohorts
      FROM student_directory d
      WHERE ${where(f)}
      ORDER BY ${orderBy(f.sortField, f.sortOrder, f.productId)}
      ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
    ),
    page ? countStudents(db, f) : Promise.resolve(-1),
  ]);
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
  return { rows: students, total: total < 0 ? students.length : total };
}

/**
 * How many students the filter keeps: read from the totals by access and plan (student_directory_counts) when
 * only those filter, else counted.
 */
export async function countStudents(db: DbOrTx, f: RosterFilter): Promise<number> {
  if (!f.search && !f.userId && !f.cohortId && !f.inactiveSince) {
    const access = f.status === 'ALL' ? sql`access <> 'REMOVED'` : sql`access = ${f.status}`;
    const kept = await selectOne(
      db,
      { n: column.int },
      sql`SELECT coalesce(sum(n), 0)::int AS n FROM student_directory_counts
      WHERE product_id = ${f.productId} AND ${access} ${f.plan ? sql`AND type = ${f.plan}` : sql``}`,
    );
    return kept.n;
  }
  const row = await selectOne(
    db,
    { n: column.int },
    sql`SELECT count(*)::int AS n FROM student_directory d WHERE ${where(f)}`,
  );
  return row.n;
}

/**
 * A student's tests in the product by week (weeks from Monday, UTC) since `since`: how many they started, and
 * how many questions the ones they ended held answered. Read from the tests' own index (user, product, start).
 */
export async function weeklyActivity(db: DbOrTx, userId: string, productId: string, since: Date) {
  return selectRows(
    db,
    { week: column.string, tests: column.int, answered: column.int },
    sql`SELECT to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
      count(*)::int AS tests, coalesce(sum(answered) FILTER (WHERE status = 'COMPLETED'), 0)::int AS answered
    FROM tests WHERE user_id = ${userId} AND product_id = ${productId} AND created_at >= ${since}
    GROUP BY 1`,
  );
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
