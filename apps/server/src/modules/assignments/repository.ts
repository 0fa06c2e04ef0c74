import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRow, selectRows } from '../../db/rows';
import { BLANK_CHOICE } from '../../db/schema';

// The assignments' SQL (docs/assignments.md): assignments, who they are given to, their attempts (tests with
// `assignment_id`) and the figures of their results, aggregated in the database.

const assignmentColumns = {
  id: column.string,
  product_id: column.string,
  template_id: column.string,
  template_version: column.int,
  template_name: column.string,
  name: column.string,
  spec: column.json<Record<string, unknown>>(),
  question_ids: nullable(column.strings),
  opens_at: column.timestamp,
  closes_at: column.timestamp,
  late_policy: column.oneOf(['NONE', 'ACCEPT_LATE'] as const),
  late_until: nullable(column.timestamp),
  attempts_allowed: column.int,
  answers_shown: column.oneOf(['AFTER_SUBMIT', 'AFTER_CLOSE', 'NEVER'] as const),
  created_at: column.timestamp,
};

export interface AssignmentRow {
  id: string;
  productId: string;
  templateId: string;
  templateVersion: number;
  templateName: string;
  name: string;
  spec: Record<string, unknown>;
  questionIds: string[] | null;
  opensAt: Date;
  closesAt: Date;
  latePolicy: 'NONE' | 'ACCEPT_LATE';
  lateUntil: Date | null;
  attemptsAllowed: number;
  answersShown: 'AFTER_SUBMIT' | 'AFTER_CLOSE' | 'NEVER';
  createdAt: Date;
}

const toRow = (r: {
  id: string;
  product_id: string;
  template_id: string;
  template_version: number;
  template_name: string;
  name: string;
  spec: Record<string, unknown>;
  question_ids: string[] | null;
  opens_at: Date;
  closes_at: Date;
  late_policy: 'NONE' | 'ACCEPT_LATE';
  late_until: Date | null;
  attempts_allowed: number;
  answers_shown: 'AFTER_SUBMIT' | 'AFTER_CLOSE' | 'NEVER';
  created_at: Date;
}): AssignmentRow => ({
  id: r.id,
  productId: r.product_id,
  templateId: r.template_id,
  templateVersion: r.template_version,
  templateName: r.template_name,
  name: r.name,
  spec: r.spec,
  questionIds: r.question_ids,
  opensAt: r.opens_at,
  closesAt: r.closes_at,
  latePolicy: r.late_policy,
  lateUntil: r.late_until,
  attemptsAllowed: r.attempts_allowed,
  answersShown: r.answers_shown,
  createdAt: r.created_at,
});

const ASSIGNMENT_FIELDS = sql`a.id, a.product_id, a.template_id, a.template_version,
  tt.name AS template_name, a.name, a.spec, a.question_ids, a.opens_at, a.closes_at, a.late_policy, a.late_until,
  a.attempts_allowed, a.answers_shown, a.created_at`;
const ASSIGNMENT_FROM = sql`assignments a JOIN test_templates tt ON tt.id = a.template_id`;
const SELECT_ASSIGNMENT = sql`SELECT ${ASSIGNMENT_FIELDS} FROM ${ASSIGNMENT_FROM}`;

/** An assignment; `lock` takes it FOR NO KEY UPDATE: changes to one run one at a time, while attempts (whose
 * foreign keys take KEY SHARE locks on it) start and finish. */
export async function findAssignment(db: DbOrTx, id: string, lock = false): Promise<AssignmentRow | null> {
  const r = await selectRow(
    db,
    assignmentColumns,
    sql`${SELECT_ASSIGNMENT} WHERE a.id = ${id} ${lock ? sql`FOR NO KEY UPDATE OF a` : sql``}`,
  );
  return r ? toRow(r) : null;
}

/** A page of the product's assignments, the latest close first (of one template, when named). */
export async function listAssignments(
  db: DbOrTx,
  f: { productId: string; templateId?: string },
  page: { limit: number; offset: number },
) {
  const where = sql`a.product_id = ${f.productId} ${f.templateId ? sql`AND a.template_id = ${f.templateId}` : sql``}`;
  const rows = await selectRows(
    db,
    assignmentColumns,
    sql`${SELECT_ASSIGNMENT} WHERE ${where} ORDER BY a.closes_at DESC, a.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const { n } = await selectOne(
    db,
    { n: column.int },
    sql`SELECT count(*)::int AS n FROM assignments a WHERE ${where}`,
  );
  return { rows: rows.map(toRow), total: n };
}

export async function insertAssignment(
  tx: DbOrTx,
  a: Omit<AssignmentRow, 'id' | 'templateName' | 'createdAt'> & {
    /** The client's id for it (a retried create sends the same); a new one when left out. */
    id?: string;
    createdBy: string;
    now: Date;
  },
): Promise<string> {
  const { id } = await selectOne(
    tx,
    { id: column.string },
    sql`INSERT INTO assignments (id, product_id, template_id, template_version, name, spec, question_ids, opens_at,
      closes_at, late_policy, late_until, attempts_allowed, answers_shown, created_by, created_at, updated_at)
    VALUES (${a.id ?? sql`DEFAULT`}, ${a.productId}, ${a.templateId}, ${a.templateVersion}, ${a.name},
      ${JSON.stringify(a.spec)}::jsonb, ${a.questionIds === null ? null : JSON.stringify(a.questionIds)}::jsonb,
      ${a.opensAt}, ${a.closesAt}, ${a.latePolicy}, ${a.lateUntil}, ${a.attemptsAllowed}, ${a.answersShown}, ${a.createdBy}, ${a.now}, ${a.now})
    RETURNING id`,
  );
  return id;
}

export async function updateAssignment(
  tx: DbOrTx,
  id: string,
  s: Pick<
    AssignmentRow,
    'name' | 'opensAt' | 'closesAt' | 'latePolicy' | 'lateUntil' | 'attemptsAllowed' | 'answersShown'
  > & { now: Date },
) {
  await tx.execute(sql`UPDATE assignments SET name = ${s.name}, opens_at = ${s.opensAt}, closes_at = ${s.closesAt},
    late_policy = ${s.latePolicy}, late_until = ${s.lateUntil}, attempts_allowed = ${s.attemptsAllowed},
    answers_shown = ${s.answersShown}, updated_at = ${s.now}
    WHERE id = ${id}`);
}

/** Replaces who an assignment is given to. */
export async function setTargets(tx: DbOrTx, id: string, cohortIds: string[], userIds: string[]) {
  await tx.execute(sql`DELETE FROM assignment_cohorts WHERE assignment_id = ${id}`);
  await tx.execute(sql`DELETE FROM assignment_students WHERE assignment_id = ${id}`);
  if (cohortIds.length)
    await tx.execute(sql`INSERT INTO assignment_cohorts (assignment_id, cohort_id)
      SELECT ${id}, c FROM unnest(${sql.param(cohortIds)}::uuid[]) AS c`);
  if (userIds.length)
    await tx.execute(sql`INSERT INTO assignment_students (assignment_id, user_id)
      SELECT ${id}, u FROM unnest(${sql.param(userIds)}::uuid[]) AS u`);
}

export async function deleteAssignment(tx: DbOrTx, id: string) {
  await tx.execute(sql`DELETE FROM assignments WHERE id = ${id}`);
}

/**
 * Open attempts at an assignment follow its end as a start would set it (rules.ts attemptEnd): the close for
 * one started on time, the late limit (else the close) for one started late.
 */
export async function moveOpenAttemptEnds(tx: DbOrTx, id: string, closesAt: Date, lateUntil: Date | null) {
  await tx.execute(sql`UPDATE tests SET ends_at = CASE WHEN late
      THEN coalesce(${lateUntil}::timestamptz, ${closesAt}::timestamptz) ELSE ${closesAt}::timestamptz END
    WHERE assignment_id = ${id} AND status <> 'COMPLETED'`);
}

/** The users an assignment reaches: members of its cohorts (not archived) and the students it names. */
const targetsOf = (assignmentId: SQL) => sql`(
  SELECT cm.user_id FROM assignment_cohorts ac
    JOIN cohorts c ON c.id = ac.cohort_id AND c.archived_at IS NULL
    JOIN cohort_members cm ON cm.cohort_id = ac.cohort_id
  WHERE ac.assignment_id = ${assignmentId}
  UNION
  SELECT user_id FROM assignment_students WHERE assignment_id = ${assignmentId})`;

/** The cohorts and the named students of assignments. */
export async function targetsOfAssignments(db: DbOrTx, ids: string[]) {
  const cohorts = await selectRows(
    db,
    { assignment_id: column.string, id: column.string, name: column.string },
    sql`SELECT ac.assignment_id, c.id, c.name FROM assignment_cohorts ac JOIN cohorts c ON c.id = ac.cohort_id
    WHERE ac.assignment_id = ANY(${sql.param(ids)}::uuid[]) ORDER BY lower(c.name)`,
  );
  const students = await selectRows(
    db,
    {
      assignment_id: column.string,
      id: column.string,
      first_name: column.string,
      last_name: column.string,
      email: column.string,
    },
    sql`SELECT s.assignment_id, u.id, u.first_name, u.last_name, u.email FROM assignment_students s
    JOIN users u ON u.id = s.user_id
    WHERE s.assignment_id = ANY(${sql.param(ids)}::uuid[]) ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
  );
  const counts = await selectRows(
    db,
    { assignment_id: column.string, assigned: column.int, completed: column.int },
    sql`SELECT a.id AS assignment_id,
      (SELECT count(*)::int FROM ${targetsOf(sql`a.id`)} t) AS assigned,
      (SELECT count(DISTINCT user_id)::int FROM tests WHERE assignment_id = a.id AND status = 'COMPLETED') AS completed
    FROM assignments a WHERE a.id = ANY(${sql.param(ids)}::uuid[])`,
  );
  return { cohorts, students, counts };
}

/** The test a client-made uuid already names: whose, of which assignment, how many questions. */
export async function testNamed(db: DbOrTx, id: string) {
  return selectRow(
    db,
    { user_id: column.string, assignment_id: nullable(column.string), num_questions: column.int },
    sql`SELECT user_id, assignment_id, num_questions FROM tests WHERE id = ${id}`,
  );
}

/** Those of the users who have a student subscription to the product (active or not). */
export async function studentsIn(db: DbOrTx, productId: string, userIds: string[]): Promise<Set<string>> {
  const rows = await selectRows(
    db,
    { user_id: column.string },
    sql`SELECT user_id FROM subscriptions
    WHERE product_id = ${productId} AND student AND user_id = ANY(${sql.param(userIds)}::uuid[])`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Whether the assignment reaches this user. */
export async function reaches(db: DbOrTx, assignmentId: string, userId: string): Promise<boolean> {
  const { ok } = await selectOne(
    db,
    { ok: column.boolean },
    sql`SELECT ${userId}::uuid IN ${targetsOf(sql`${assignmentId}::uuid`)} AS ok`,
  );
  return ok;
}

/** Serialises a student's starts of one assignment (20 at once make one attempt each, never more than allowed). */
export async function lockAttempts(tx: DbOrTx, assignmentId: string, userId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`assignment:${assignmentId}:${userId}`}))`);
}

export async function attemptsOf(db: DbOrTx, assignmentId: string, userId: string) {
  const { n } = await selectOne(
    db,
    { n: column.int },
    sql`SELECT count(*)::int AS n FROM tests WHERE assignment_id = ${assignmentId} AND user_id = ${userId}`,
  );
  return n;
}

export async function hasAttempts(db: DbOrTx, assignmentId: string) {
  const { ok } = await selectOne(
    db,
    { ok: column.boolean },
    sql`SELECT EXISTS (SELECT 1 FROM tests WHERE assignment_id = ${assignmentId}) AS ok`,
  );
  return ok;
}

/** The published version and place of these questions (those no longer published are left out). */
export async function publishedOf(db: DbOrTx, questionIds: string[]) {
  return selectRows(
    db,
    { question_id: column.string, version_id: column.string, subcategory_id: nullable(column.string) },
    sql`SELECT question_id, version_id, subcategory_id FROM question_pool
    WHERE question_id = ANY(${sql.param(questionIds)}::uuid[])`,
  );
}

/** The caller's assignments in a product, with their attempts so far. */
export async function assignmentsOfStudent(db: DbOrTx, productId: string, userId: string) {
  const rows = await selectRows(
    db,
    {
      ...assignmentColumns,
      attempts: column.int,
      open_test_id: nullable(column.string),
      last_test_id: nullable(column.string),
      last_score: nullable(column.int),
      first_test_id: nullable(column.string),
      first_score: nullable(column.int),
      best_score: nullable(column.int),
      late: column.boolean,
    },
    sql`SELECT ${ASSIGNMENT_FIELDS}, t.attempts, t.open_test_id, t.last_test_id, t.last_score, t.first_test_id,
      t.first_score, t.best_score, t.late
    FROM ${ASSIGNMENT_FROM}
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS attempts,
        (array_agg(id) FILTER (WHERE status <> 'COMPLETED'))[1]::text AS open_test_id,
        (array_agg(id ORDER BY finished_at DESC) FILTER (WHERE status = 'COMPLETED'))[1]::text AS last_test_id,
        (array_agg(score_percent ORDER BY finished_at DESC) FILTER (WHERE status = 'COMPLETED'))[1] AS last_score,
        (array_agg(id ORDER BY finished_at, id) FILTER (WHERE status = 'COMPLETED'))[1]::text AS first_test_id,
        (array_agg(score_percent ORDER BY finished_at, id) FILTER (WHERE status = 'COMPLETED'))[1] AS first_score,
        max(score_percent) FILTER (WHERE status = 'COMPLETED') AS best_score,
        coalesce(bool_or(late), false) AS late
      FROM tests WHERE assignment_id = a.id AND user_id = ${userId}
    ) t ON true
    WHERE a.product_id = ${productId} AND (
      EXISTS (SELECT 1 FROM assignment_students s WHERE s.assignment_id = a.id AND s.user_id = ${userId})
      OR EXISTS (SELECT 1 FROM assignment_cohorts ac
        JOIN cohorts c ON c.id = ac.cohort_id AND c.archived_at IS NULL
        JOIN cohort_members cm ON cm.cohort_id = ac.cohort_id AND cm.user_id = ${userId}
        WHERE ac.assignment_id = a.id))
    ORDER BY a.closes_at, a.id
    LIMIT 200`,
  );
  return rows.map((r) => ({
    ...toRow(r),
    attempts: r.attempts,
    openTestId: r.open_test_id,
    lastTestId: r.last_test_id,
    lastScore: r.last_score,
    firstTestId: r.first_test_id,
    firstScore: r.first_score,
    bestScore: r.best_score,
    late: r.late,
  }));
}

// ---- Results ----

/** Each student the assignment reaches or who made an attempt, with their attempts' figures. */
export async function resultRows(db: DbOrTx, assignmentId: string) {
  return selectRows(
    db,
    {
      user_id: column.string,
      first_name: column.string,
      last_name: column.string,
      email: column.string,
      attempts: column.int,
      open: column.int,
      first_test_id: nullable(column.string),
      first_score: nullable(column.int),
      best_score: nullable(column.int),
      first_time_ms: nullable(column.int),
      first_finished_at: nullable(column.timestamp),
      late: column.boolean,
    },
    sql`WITH who AS (
      ${targetsOf(sql`${assignmentId}::uuid`)}
      UNION SELECT user_id FROM tests WHERE assignment_id = ${assignmentId}
    )
    SELECT u.id AS user_id, u.first_name, u.last_name, u.email,
      count(t.id)::int AS attempts,
      count(t.id) FILTER (WHERE t.status <> 'COMPLETED')::int AS open,
      (array_agg(t.id ORDER BY t.finished_at, t.id) FILTER (WHERE t.status = 'COMPLETED'))[1]::text AS first_test_id,
      (array_agg(t.score_percent ORDER BY t.finished_at, t.id) FILTER (WHERE t.status = 'COMPLETED'))[1] AS first_score,
      max(t.score_percent) FILTER (WHERE t.status = 'COMPLETED') AS best_score,
      (array_agg(t.time_used_ms ORDER BY t.finished_at, t.id) FILTER (WHERE t.status = 'COMPLETED'))[1]::int AS first_time_ms,
      min(t.finished_at) AS first_finished_at,
      coalesce(bool_or(t.late), false) AS late
    FROM who JOIN users u ON u.id = who.user_id
    LEFT JOIN tests t ON t.assignment_id = ${assignmentId} AND t.user_id = u.id
    GROUP BY u.id
    ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
  );
}

/**
 * Per question and chosen choice (null: blank) over the first attempts: how many, and the sums a correlation
 * needs (assignment_item_sums, kept as each first attempt is finalised): a few hundred rows, never the answers.
 */
export async function itemGroups(db: DbOrTx, assignmentId: string) {
  return selectRows(
    db,
    {
      question_id: column.string,
      choice_id: nullable(column.string),
      first_position: column.int,
      version_id: column.string,
      n: column.int,
      sc: column.int,
      sr: column.int,
      srr: column.int,
      scr: column.int,
    },
    sql`SELECT question_id, nullif(choice_id, ${BLANK_CHOICE}::uuid)::text AS choice_id, first_position,
      version_id::text, n, sc::int, sr::int, srr::int, scr::int
    FROM assignment_item_sums WHERE assignment_id = ${assignmentId}`,
  );
}

/** The text and choices of question versions. */
export async function versionTexts(db: DbOrTx, versionIds: string[]) {
  return selectRows(
    db,
    {
      id: column.string,
      name: column.string,
      stem: column.string,
      choices: column.json<Array<{ id: string; text: string }>>(),
      correct_choice_id: nullable(column.string),
    },
    sql`SELECT id::text, name, stem, choices, correct_choice_id::text FROM question_versions
    WHERE id = ANY(${sql.param(versionIds)}::uuid[])`,
  );
}

/** The first attempts' totals: how many, their population variance, and the most questions one held. */
export async function totalsFigures(db: DbOrTx, assignmentId: string) {
  const r = await selectRow(
    db,
    { n: column.int, sum: column.int, sum_squares: column.int, items: column.int },
    sql`SELECT n, sum::int, sum_squares::int, items FROM assignment_first_totals WHERE assignment_id = ${assignmentId}`,
  );
  if (!r || r.n === 0) return { n: 0, variance: null, items: 0 };
  const mean = r.sum / r.n;
  return { n: r.n, variance: r.sum_squares / r.n - mean * mean, items: r.items };
}
