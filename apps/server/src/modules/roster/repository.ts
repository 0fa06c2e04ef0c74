import type { RosterPlan, RosterSortField, RosterStatus, SortOrder } from '@qbank/contract';
import { ROSTER_PLANS } from '@qbank/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRows } from '../../db/rows';

/** What the Students list is filtered and sorted by. */
export interface RosterFilter {
  productId: string;
  search?: string;
  plan?: RosterPlan;
  status: RosterStatus;
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
  active: column.boolean,
  joined_at: column.timestamp,
  questions_used: column.int,
  answered: column.int,
  correct: column.int,
  tests_taken: column.int,
  last_active_at: nullable(column.timestamp),
};

/** A student as the list reads them: the user, the subscription and the figures kept in learner_stats. */
export interface StudentRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  plan: RosterPlan;
  active: boolean;
  joinedAt: Date;
  questionsUsed: number;
  answered: number;
  correct: number;
  testsTaken: number;
  lastActiveAt: Date | null;
}

/** A LIKE pattern matching the text anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The students of the product the filter keeps (their subscription has the student role). */
function where(f: RosterFilter): SQL {
  const parts: SQL[] = [sql`s.product_id = ${f.productId}`, sql`s.student`];
  if (f.status === 'ACTIVE') parts.push(sql`s.active`);
  if (f.status === 'ENDED') parts.push(sql`NOT s.active`);
  if (f.plan) parts.push(sql`s.type = ${f.plan}`);
  if (f.search) {
    const like = containing(f.search);
    parts.push(
      sql`(u.first_name || ' ' || u.last_name ILIKE ${like} OR u.last_name || ' ' || u.first_name ILIKE ${like}
        OR u.email ILIKE ${like})`,
    );
  }
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

/** The students the filter keeps, in its order: `limit` from `offset`, or all of them. */
export async function listStudents(
  db: DbOrTx,
  f: RosterFilter,
  page?: { limit: number; offset: number },
): Promise<StudentRow[]> {
  const rows = await selectRows(
    db,
    studentRow,
    sql`
    SELECT u.id AS user_id, u.first_name, u.last_name, u.email, s.type, s.active, s.created_at AS joined_at,
      coalesce(ls.questions_used, 0) AS questions_used, coalesce(ls.answered, 0) AS answered,
      coalesce(ls.correct, 0) AS correct, coalesce(ls.tests_taken, 0) AS tests_taken, ls.last_active_at
    ${FROM}
    WHERE ${where(f)}
    ORDER BY ${orderBy(f.sortField, f.sortOrder)}
    ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    plan: r.type,
    active: r.active,
    joinedAt: r.joined_at,
    questionsUsed: r.questions_used,
    answered: r.answered,
    correct: r.correct,
    testsTaken: r.tests_taken,
    lastActiveAt: r.last_active_at,
  }));
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
