import { AT_RISK_MAX, AT_RISK_MIN_ANSWERS } from '@qbank/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRows } from '../../db/rows';

// Performance tracking's reads (docs/performance.md): each a grouped statement over the students the figures are
// of, never every answer brought into Node. The students are read from the read model (student_directory: one
// row per student subscription, its primary key leading with the product), so a cohort or the whole product is
// one index range.

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

const week = (expr: SQL) => sql`to_char(date_trunc('week', ${expr} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

/**
 * The students' answers by week (Monday, UTC) since `since`: how many, how many right, and the students who
 * answered or started a test that week. The tests are found through their (user, product, start) index: those
 * started since then, and the ones still open from before; only their questions are read.
 */
export async function weeklyAnswers(db: DbOrTx, s: PerformanceScope, since: Date) {
  return selectRows(
    db,
    { week: column.string, answered: column.int, correct: column.int, active: column.int },
    sql`
    WITH sc AS MATERIALIZED (SELECT d.user_id FROM student_directory d WHERE ${inScope(s)}),
    t AS MATERIALIZED (
      SELECT t.id, t.user_id, t.created_at FROM sc JOIN tests t ON t.user_id = sc.user_id
      WHERE t.product_id = ${s.productId} AND t.created_at >= ${since}
      UNION ALL
      SELECT t.id, t.user_id, NULL FROM sc JOIN tests t ON t.user_id = sc.user_id
      WHERE t.product_id = ${s.productId} AND t.created_at < ${since} AND t.status <> 'COMPLETED'
    ),
    a AS MATERIALIZED (
      SELECT ${week(sql`tq.answered_at`)} AS week, t.user_id, tq.correct
      FROM t JOIN test_questions tq ON tq.test_id = t.id
      WHERE tq.answered_at >= ${since} AND tq.selected_choice_id IS NOT NULL
    ),
    answers AS (
      SELECT week, count(*)::int AS answered, count(*) FILTER (WHERE correct)::int AS correct FROM a GROUP BY week
    ),
    active AS (
      SELECT week, count(DISTINCT user_id)::int AS active FROM (
        SELECT week, user_id FROM a
        UNION ALL
        SELECT ${week(sql`created_at`)}, user_id FROM t WHERE created_at IS NOT NULL
      ) x GROUP BY week
    )
    SELECT active.week, coalesce(answers.answered, 0)::int AS answered, coalesce(answers.correct, 0)::int AS correct,
      active.active
    FROM active LEFT JOIN answers ON answers.week = active.week`,
  );
}

/** The questions the students used (first drawn into one of their tests) by week since `since`. */
export async function weeklyUsed(db: DbOrTx, s: PerformanceScope, since: Date) {
  return selectRows(
    db,
    { week: column.string, used: column.int },
    sql`
    SELECT ${week(sql`lq.used_at`)} AS week, count(*)::int AS used
    FROM student_directory d JOIN learner_questions lq ON lq.user_id = d.user_id AND lq.product_id = ${s.productId}
    WHERE ${inScope(s)} AND lq.used_at >= ${since}
    GROUP BY 1`,
  );
}

/**
 * The students' latest answer to each question by subject (where each question is filed now): answered, right,
 * and how many students answered in it.
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
    SELECT sj.id, sj.name, sum(x.answered)::int AS answered, sum(x.correct)::int AS correct,
      count(DISTINCT x.user_id)::int AS students
    FROM (
      SELECT lq.user_id, p.subcategory_id, count(*) AS answered, count(*) FILTER (WHERE lq.last_correct) AS correct
      FROM student_directory d
      JOIN learner_questions lq ON lq.user_id = d.user_id AND lq.product_id = ${s.productId}
      JOIN question_pool p ON p.question_id = lq.question_id
      WHERE ${inScope(s)} AND lq.last_correct IS NOT NULL AND p.subcategory_id IS NOT NULL
      GROUP BY 1, 2
    ) x
    JOIN subcategories sc ON sc.id = x.subcategory_id
    JOIN categories c ON c.id = sc.category_id
    JOIN subjects sj ON sj.id = c.subject_id
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

/** These students' latest answers in the product by subject: the heat map's cells. */
export async function cellsOf(db: DbOrTx, productId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return selectRows(
    db,
    { user_id: column.string, subject_id: column.string, answered: column.int, correct: column.int },
    sql`
    SELECT x.user_id, c.subject_id, sum(x.answered)::int AS answered, sum(x.correct)::int AS correct
    FROM (
      SELECT lq.user_id, p.subcategory_id, count(*) AS answered, count(*) FILTER (WHERE lq.last_correct) AS correct
      FROM learner_questions lq JOIN question_pool p ON p.question_id = lq.question_id
      WHERE lq.user_id = ANY(${sql.param(userIds)}::uuid[]) AND lq.product_id = ${productId}
        AND lq.last_correct IS NOT NULL AND p.subcategory_id IS NOT NULL
      GROUP BY 1, 2
    ) x
    JOIN subcategories sc ON sc.id = x.subcategory_id
    JOIN categories c ON c.id = sc.category_id
    GROUP BY 1, 2`,
  );
}
