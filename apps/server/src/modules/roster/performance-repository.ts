import { AT_RISK_MAX, AT_RISK_MIN_ANSWERS } from '@qbank/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRows } from '../../db/rows';

// Performance tracking's reads (docs/performance.md): each a grouped statement over the students the figures are
// of, never over their answers: the students come from the Students list's read model (student_directory), their
// figures from the tests' own tallies and from the read models learner_subject_stats and learner_weeks (migration
// 0033), all keyed by product and user, so a cohort or the whole product is a merge of index ranges.

/** Whose figures: the product's students with access now, or only those of one of its cohorts. */
export interface PerformanceScope {
  productId: string;
  cohortId?: string;
}

/** The students of the scope, as a WHERE over student_directory `d`. */
function inScope(s: PerformanceScope): SQL {
  return sql`d.product_id = ${s.productId} AND d.access = 'ACTIVE' ${
    s.cohortId
      ? sql`AND EXISTS (SELECT 1 FROM cohort_members m WHERE m.cohort_id = ${s.cohortId} AND m.user_id = d.user_id)`
      : sql``
  }`;
}

/** How many students the scope holds, and the questions they have used in all (kept in the read model). */
export async function scopeTotals(db: DbOrTx, s: PerformanceScope) {
  return selectOne(
    db,
    { students: column.int, used: column.int },
    sql`SELECT count(*)::int AS students, coalesce(sum(d.questions_used), 0)::int AS used
    FROM student_directory d WHERE ${inScope(s)}`,
  );
}

/**
 * The students' tests by week (Monday, UTC) since `since`: the answers of the tests they ended that week (how
 * many, how many right: each test's own tally), and the students who started or ended a test that week. The ended
 * tests come from the product's index of finished tests, the started ones from each student's tests by start.
 */
export async function weeklyTests(db: DbOrTx, s: PerformanceScope, since: Date) {
  return selectRows(
    db,
    { week: column.string, answered: column.int, correct: column.int, active: column.int },
    sql`
    WITH sc AS MATERIALIZED (SELECT d.user_id FROM student_directory d WHERE ${inScope(s)}),
    ended AS (
      SELECT date_trunc('week', t.finished_at AT TIME ZONE 'UTC') AS wk, t.user_id,
        coalesce(t.answered, 0) AS answered, coalesce(t.correct, 0) AS correct
      FROM tests t JOIN sc ON sc.user_id = t.user_id
      WHERE t.product_id = ${s.productId} AND t.status = 'COMPLETED' AND t.finished_at >= ${since}
    ),
    started AS (
      SELECT date_trunc('week', t.created_at AT TIME ZONE 'UTC') AS wk, t.user_id
      FROM sc JOIN tests t ON t.user_id = sc.user_id AND t.product_id = ${s.productId} AND t.created_at >= ${since}
    ),
    answers AS (SELECT wk, sum(answered) AS answered, sum(correct) AS correct FROM ended GROUP BY wk),
    active AS (
      SELECT wk, count(DISTINCT user_id) AS n
      FROM (SELECT wk, user_id FROM ended UNION ALL SELECT wk, user_id FROM started) x GROUP BY wk
    )
    SELECT to_char(active.wk, 'YYYY-MM-DD') AS week, coalesce(answers.answered, 0)::int AS answered,
      coalesce(answers.correct, 0)::int AS correct, active.n::int AS active
    FROM active LEFT JOIN answers ON answers.wk = active.wk`,
  );
}

/** The questions the students first used (drawn into one of their tests) by week since `since` (learner_weeks). */
export async function weeklyUsed(db: DbOrTx, s: PerformanceScope, since: Date) {
  return selectRows(
    db,
    { week: column.string, used: column.int },
    sql`
    SELECT to_char(w.week, 'YYYY-MM-DD') AS week, sum(w.used)::int AS used
    FROM student_directory d
    JOIN learner_weeks w ON w.product_id = d.product_id AND w.user_id = d.user_id
    WHERE ${inScope(s)} AND w.week >= ${since.toISOString().slice(0, 10)}::date
    GROUP BY w.week`,
  );
}

/**
 * The students' latest answers by subject (learner_subject_stats): answered, right, and how many students
 * answered in it.
 */
export async function bySubject(db: DbOrTx, s: PerformanceScope) {
  return selectRows(
    db,
    {
      id: column.string,
      name: column.string,
      answered: column.int,
      correct: column.int,
      students: column.int,
    },
    sql`
    SELECT sj.id, sj.name, sum(st.answered)::int AS answered, sum(st.correct)::int AS correct,
      count(*)::int AS students
    FROM student_directory d
    JOIN learner_subject_stats st ON st.product_id = d.product_id AND st.user_id = d.user_id
    JOIN subjects sj ON sj.id = st.subject_id
    WHERE ${inScope(s)} AND st.answered > 0
    GROUP BY sj.id, sj.name`,
  );
}

/** A student at risk as the read model holds them, with the reasons. */
export interface AtRiskRow {
  userId: string;
  firstName: string;
  lastName: string;
  lastActiveAt: Date | null;
  answered: number;
  correct: number;
  inactive: boolean;
  lowScore: boolean;
}

/**
 * The students at risk, most at risk first, AT_RISK_MAX at most, and how many in all: never active, or inactive
 * since `inactiveSince` or before, or below `belowPercent` correct over AT_RISK_MIN_ANSWERS answers or more. Read
 * from the read model alone (one index range of the product).
 */
export async function atRisk(
  db: DbOrTx,
  s: PerformanceScope,
  inactiveSince: Date,
  belowPercent: number,
): Promise<{ rows: AtRiskRow[]; total: number }> {
  const inactive = sql`(d.last_active_at IS NULL OR d.last_active_at <= ${inactiveSince})`;
  const low = sql`(d.answered >= ${AT_RISK_MIN_ANSWERS} AND d.correct * 100 < ${belowPercent} * d.answered)`;
  const rows = await selectRows(
    db,
    {
      user_id: column.string,
      first_name: column.string,
      last_name: column.string,
      last_active_at: nullable(column.timestamp),
      answered: column.int,
      correct: column.int,
      inactive: column.boolean,
      low: column.boolean,
      total: column.int,
    },
    sql`
    SELECT d.user_id, d.first_name, d.last_name, d.last_active_at, d.answered, d.correct,
      ${inactive} AS inactive, ${low} AS low, (count(*) OVER ())::int AS total
    FROM student_directory d
    WHERE ${inScope(s)} AND (${inactive} OR ${low})
    ORDER BY (${inactive} AND ${low}) DESC, ${inactive} DESC,
      CASE WHEN ${inactive} THEN coalesce(d.last_active_at, '-infinity') END ASC,
      d.pct ASC NULLS LAST, lower(d.last_name), lower(d.first_name), d.user_id
    LIMIT ${AT_RISK_MAX}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({
      userId: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      lastActiveAt: r.last_active_at,
      answered: r.answered,
      correct: r.correct,
      inactive: r.inactive,
      lowScore: r.low,
    })),
  };
}

/** The product's subjects in the tree's order (position, then name). */
export async function subjectsOf(db: DbOrTx, productId: string) {
  return selectRows(
    db,
    { id: column.string, name: column.string },
    sql`SELECT id, name FROM subjects WHERE product_id = ${productId} ORDER BY position, name, id`,
  );
}

/** A page of the scope's students by name (last, then first), as the name index holds them. */
export async function studentsByName(db: DbOrTx, s: PerformanceScope, limit: number, offset: number) {
  return selectRows(
    db,
    { user_id: column.string, first_name: column.string, last_name: column.string },
    sql`SELECT d.user_id, d.first_name, d.last_name FROM student_directory d WHERE ${inScope(s)}
    ORDER BY lower(d.last_name), lower(d.first_name), d.user_id LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** These students' latest answers in the product by subject (learner_subject_stats): the heat map's cells. */
export async function cellsOf(db: DbOrTx, productId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return selectRows(
    db,
    { user_id: column.string, subject_id: column.string, answered: column.int, correct: column.int },
    sql`
    SELECT user_id, subject_id, answered, correct FROM learner_subject_stats
    WHERE product_id = ${productId} AND user_id = ANY(${sql.param(userIds)}::uuid[]) AND answered > 0`,
  );
}
