import { TEST_MODES, TEST_STATUSES, type TestMode, type TestStatus } from '@qbank/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, executePrepared } from '../../../db/client';
import { column, nullable, type RowOf, rowsAs, selectRow, selectRows } from '../../../db/rows';
import { BLANK_CHOICE, type StoredHighlight, testQuestions, tests } from '../../../db/schema';
import { batcher } from '../../../lib/batcher';
import type { SessionProof } from '../../../plugins/session';
import { sessionProven } from '../../accounts';
import { type ShownContent, shownContent, shownContentColumns } from '../../questions';
import type { ClockRow } from '../clock';
import { int8 } from './columns';
import type { Drawn } from './draw';

/** The session rule for the batched statements below: the input row `i` proves the session `s` (accounts). */
const proven = sessionProven(sql`s`, {
  idHash: sql`i.session_hash`,
  csrfToken: sql`i.csrf_token`,
  at: sql`i.sent_at`,
});

export interface TestRow extends ClockRow {
  id: string;
  userId: string;
  productId: string;
  name: string;
  mode: TestMode;
  numQuestions: number;
  pools: string[];
  subcategoryIds: string[];
  createdAt: Date;
  finishedAt: Date | null;
  answered: number | null;
  correct: number | null;
  scorePercent: number | null;
  /** The assignment this test is an attempt at (docs/assignments.md), else null. */
  assignmentId: string | null;
  endsAt: Date | null;
  late: boolean;
}

/** A test's row; `lock` takes it FOR UPDATE, so actions on one test run one at a time (two tabs, a retry). */
export async function findTest(db: DbOrTx, id: string, lock = false): Promise<TestRow | null> {
  const q = db.select().from(tests).where(eq(tests.id, id));
  const [t] = lock ? await q.for('update') : await q;
  return t ?? null;
}

export async function countTests(db: DbOrTx, userId: string, productId: string) {
  const [r] = await db
    .select({ n: count() })
    .from(tests)
    .where(and(eq(tests.userId, userId), eq(tests.productId, productId)));
  return r?.n ?? 0;
}

/**
 * Writes a new test, its questions in order, marks them used by the learner and counts them and the test in
 * the learner's figures (learner_stats), in one statement: the
 * questions travel as four arrays (unnest), not as hundreds of parameters. The foreign keys of the questions
 * to their test are checked at the statement's end, when the test exists.
 */
export async function insertTest(
  tx: DbOrTx,
  t: {
    id: string;
    userId: string;
    productId: string;
    name: string;
    mode: TestMode;
    pools: string[];
    subcategoryIds: string[];
    freeSampleOnly: boolean;
    timeLimitMs: number | null;
    now: Date;
    /** An attempt at an assignment: which, when it ends at the latest, and whether it started late. */
    assignment?: { id: string; endsAt: Date; late: boolean };
  },
  drawn: Drawn[],
) {
  await tx.execute(sql`
    WITH test AS (
      INSERT INTO tests (id, user_id, product_id, name, mode, status, num_questions, pools, subcategory_ids,
        free_sample_only, time_limit_ms, last_tick_at, created_at, assignment_id, ends_at, late)
      VALUES (${t.id}, ${t.userId}, ${t.productId}, ${t.name}, ${t.mode}, 'IN_PROGRESS', ${drawn.length},
        ${JSON.stringify(t.pools)}::jsonb, ${JSON.stringify(t.subcategoryIds)}::jsonb, ${t.freeSampleOnly},
        ${t.timeLimitMs}, ${t.now}, ${t.now}, ${t.assignment?.id ?? null}, ${t.assignment?.endsAt ?? null},
        ${t.assignment?.late ?? false})
    ),
    questions AS (
      INSERT INTO test_questions (test_id, position, question_id, question_version_id, subcategory_id, flagged)
      SELECT ${t.id}, d.n - 1, d.q, d.v, d.s, d.f
      FROM unnest(${sql.param(drawn.map((d) => d.questionId))}::uuid[], ${sql.param(drawn.map((d) => d.versionId))}::uuid[],
        ${sql.param(drawn.map((d) => d.subcategoryId))}::uuid[], ${sql.param(drawn.map((d) => d.flagged))}::boolean[])
        WITH ORDINALITY AS d(q, v, s, f, n)
    ),
    used AS (
      INSERT INTO learner_questions (user_id, question_id, product_id, used_at)
      SELECT ${t.userId}, q, ${t.productId}, ${t.now} FROM unnest(${sql.param(drawn.map((d) => d.questionId))}::uuid[]) AS q
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    INSERT INTO learner_stats (user_id, product_id, questions_used, tests_taken, last_active_at)
    SELECT ${t.userId}, ${t.productId}, (SELECT count(*) FROM used), 1, ${t.now}
    ON CONFLICT (user_id, product_id) DO UPDATE SET
      questions_used = learner_stats.questions_used + excluded.questions_used,
      tests_taken = learner_stats.tests_taken + 1,
      last_active_at = greatest(learner_stats.last_active_at, excluded.last_active_at)`);
}

/** Saves the clock of a test (and, when time passed, the question on screen's share of it). */
export async function saveClock(
  tx: DbOrTx,
  id: string,
  c: {
    status: TestStatus;
    timeUsedMs: number;
    lastTickAt: Date | null;
    currentPosition: number;
    /** Time spent on the question at `spentAt` since the last tick. */
    deltaMs: number;
    spentAt: number;
  },
) {
  await tx.execute(sql`
    WITH spent AS (
      UPDATE test_questions SET time_spent_ms = time_spent_ms + ${c.deltaMs}
      WHERE ${c.deltaMs} > 0 AND test_id = ${id} AND position = ${c.spentAt}
    )
    UPDATE tests SET status = ${c.status}, time_used_ms = ${c.timeUsedMs}, last_tick_at = ${c.lastTickAt},
      current_position = ${c.currentPosition}
    WHERE id = ${id}`);
}

/** What the learner did to a question of a test. */
export interface TestQuestionState {
  position: number;
  questionId: string;
  versionId: string;
  subcategoryId: string | null;
  selectedChoiceId: string | null;
  correct: boolean | null;
  flagged: boolean;
  locked: boolean;
  struck: string[];
  highlights: StoredHighlight[];
  note: string;
  timeSpentMs: number;
}

/** A question of a test with its pinned version's content (the actions check choices against it). */
export interface TestQuestionRow extends TestQuestionState, ShownContent {}

const questionColumns = sql`
  tq.position, tq.question_id, tq.question_version_id, tq.subcategory_id, tq.selected_choice_id, tq.correct,
  tq.flagged, tq.locked, tq.struck, tq.highlights, tq.note, tq.time_spent_ms,
  v.name, v.stem, v.explanation, v.choices, v.correct_choice_id, v."references"`;

/**
 * A question's state as `test_questions` names its columns: a raw row's, or an element of `testReadData`'s
 * JSON (built by the database from the same columns; there `time_spent_ms` is a JSON number).
 */
const questionStateColumns = {
  position: column.int,
  question_id: column.string,
  question_version_id: column.string,
  subcategory_id: nullable(column.string),
  selected_choice_id: nullable(column.string),
  correct: nullable(column.boolean),
  flagged: column.boolean,
  locked: column.boolean,
  struck: column.strings,
  highlights: column.json<StoredHighlight[]>(),
  note: column.string,
  time_spent_ms: int8,
};

/** A row of `questionColumns`: the question's state and its pinned version's shown content. */
const questionRowColumns = { ...questionStateColumns, ...shownContentColumns };

const toQuestionState = (r: RowOf<typeof questionStateColumns>): TestQuestionState => ({
  position: r.position,
  questionId: r.question_id,
  versionId: r.question_version_id,
  subcategoryId: r.subcategory_id,
  selectedChoiceId: r.selected_choice_id,
  correct: r.correct,
  flagged: r.flagged,
  locked: r.locked,
  struck: r.struck,
  highlights: r.highlights,
  note: r.note,
  timeSpentMs: r.time_spent_ms,
});

const toQuestionRow = (r: RowOf<typeof questionRowColumns>): TestQuestionRow => ({
  ...toQuestionState(r),
  ...shownContent(r),
});

export interface PinnedVersion extends ShownContent {
  versionId: string;
  /** In their order. */
  media: Array<{ mediaId: string; hash: string; mediaType: 'STEM' | 'EXPLANATION'; contentType: string }>;
}

/** The content of many question versions with their media, in one query. */
export async function pinnedVersions(db: DbOrTx, versionIds: string[]): Promise<PinnedVersion[]> {
  if (versionIds.length === 0) return [];
  const rows = await selectRows(
    db,
    { id: column.string, ...shownContentColumns, media: column.json<PinnedVersion['media']>() },
    sql`
    SELECT v.id, v.name, v.stem, v.explanation, v.choices, v.correct_choice_id, v."references",
      coalesce((
        SELECT jsonb_agg(jsonb_build_object('mediaId', m.media_id, 'hash', m.hash, 'mediaType', m.media_type,
          'contentType', f.content_type) ORDER BY m.position, m.media_id)
        FROM question_version_media m JOIN media_files f ON f.hash = m.hash
        WHERE m.version_id = v.id), '[]'::jsonb) AS media
    FROM question_versions v WHERE v.id = ANY(${sql.param(versionIds)}::uuid[])`,
  );
  return rows.map((r) => ({ versionId: r.id, ...shownContent(r), media: r.media }));
}

/** A raw row of `tests` (`t.*`), the columns `TestRow` reads. */
const testColumns = {
  id: column.string,
  user_id: column.string,
  product_id: column.string,
  name: column.string,
  mode: column.oneOf(TEST_MODES),
  status: column.oneOf(TEST_STATUSES),
  num_questions: column.int,
  pools: column.strings,
  subcategory_ids: column.strings,
  time_limit_ms: nullable(int8),
  time_used_ms: int8,
  last_tick_at: nullable(column.timestamp),
  current_position: column.int,
  created_at: column.timestamp,
  finished_at: nullable(column.timestamp),
  answered: nullable(column.int),
  correct: nullable(column.int),
  score_percent: nullable(column.int),
  assignment_id: nullable(column.string),
  ends_at: nullable(column.timestamp),
  late: column.boolean,
};

const toTestRow = (r: RowOf<typeof testColumns>): TestRow => ({
  id: r.id,
  userId: r.user_id,
  productId: r.product_id,
  name: r.name,
  mode: r.mode,
  status: r.status,
  numQuestions: r.num_questions,
  pools: r.pools,
  subcategoryIds: r.subcategory_ids,
  timeLimitMs: r.time_limit_ms,
  timeUsedMs: r.time_used_ms,
  lastTickAt: r.last_tick_at,
  currentPosition: r.current_position,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  answered: r.answered,
  correct: r.correct,
  scorePercent: r.score_percent,
  assignmentId: r.assignment_id,
  endsAt: r.ends_at,
  late: r.late,
});

/**
 * Locks a test (FOR UPDATE: actions on one test run one at a time), then reads one of its questions. Two
 * statements on purpose: in READ COMMITTED a statement that waited for a row lock re-reads only the locked
 * row, while the rows it joined stay as its snapshot saw them before the wait. Read in the locking statement,
 * the question would be as it was before the action that held the lock (a tutor answer not yet submitted), and
 * concurrent answers would each be taken. The question is null when the test does not hold it.
 */
export async function lockTestWithQuestion(db: DbOrTx, id: string, questionId: string | null) {
  const test = await findTest(db, id, true);
  if (!test) return null;
  if (questionId === null) return { test, question: null };
  const r = await selectRow(
    db,
    questionRowColumns,
    sql`
    SELECT ${questionColumns}
    FROM test_questions tq JOIN question_versions v ON v.id = tq.question_version_id
    WHERE tq.test_id = ${id} AND tq.question_id = ${questionId}`,
  );
  return { test, question: r ? toQuestionRow(r) : null };
}

/** The position of a question in a test, or null. */
export async function positionOf(db: DbOrTx, testId: string, questionId: string) {
  const [r] = await db
    .select({ position: testQuestions.position })
    .from(testQuestions)
    .where(and(eq(testQuestions.testId, testId), eq(testQuestions.questionId, questionId)));
  return r?.position ?? null;
}

/** Writes what the learner did to one question of a test. */
export async function saveTestQuestion(
  tx: DbOrTx,
  testId: string,
  position: number,
  set: Partial<{
    selectedChoiceId: string | null;
    correct: boolean | null;
    flagged: boolean;
    locked: boolean;
    struck: string[];
    highlights: StoredHighlight[];
    note: string;
    answeredAt: Date | null;
  }>,
) {
  await tx
    .update(testQuestions)
    .set(set)
    .where(and(eq(testQuestions.testId, testId), eq(testQuestions.position, position)));
}

/** First-attempt counts: question id → choice id → count. */
export type ChoiceCounts = Map<string, Map<string, number>>;

/** Per question, its `question_shares` counts (choice id to first attempts). */
const countsOf = (rows: Iterable<readonly [string, Record<string, number>]>): ChoiceCounts => {
  const out: ChoiceCounts = new Map();
  for (const [q, counts] of rows) out.set(q, new Map(Object.entries(counts)));
  return out;
};

/** The first-attempt choice counts of many questions. */
export async function choiceCounts(db: DbOrTx, questionIds: string[]): Promise<ChoiceCounts> {
  if (questionIds.length === 0) return new Map();
  const rows = await selectRows(
    db,
    { question_id: column.string, counts: column.json<Record<string, number>>() },
    sql`
    SELECT question_id, counts FROM question_shares
    WHERE question_id = ANY(${sql.param(questionIds)}::uuid[])`,
  );
  return countsOf(rows.map((r) => [r.question_id, r.counts] as const));
}

/**
 * A row of `testReadData`: the test's columns, its questions' states and the revealed questions' counts
 * (JSON the statement builds from the columns it names), and the percentile's three sums (a JSON array).
 */
const readDataColumns = {
  ...testColumns,
  questions: nullable(column.json<RowOf<typeof questionStateColumns>[]>()),
  counts: nullable(column.json<Array<[string, Record<string, number>]>>()),
  rank: nullable(column.json<[below: number, same: number, total: number]>()),
};

/**
 * Everything the exam screen and the review read from the database, in one round trip: the test, what the
 * learner did to each question, the first-attempt counts of the choices of the questions whose solution is
 * revealed (all once completed; tutor mode's submitted ones), and, once scored, how many of the product's
 * completed tests scored below and the same (the percentile). Null when there is no such test. The caller
 * checks it may see it.
 */
export async function testReadData(db: Db, id: string) {
  // A named prepared statement: planned once per connection, not on each of the busiest reads.
  const res = await executePrepared(
    db,
    'tests.readData',
    sql`
    SELECT t.*,
      (SELECT json_agg(q ORDER BY q.position) FROM (
        SELECT position, question_id, question_version_id, subcategory_id, selected_choice_id, correct, flagged,
          locked, struck, highlights, note, time_spent_ms
        FROM test_questions WHERE test_id = t.id) q) AS questions,
      (SELECT json_agg(json_build_array(s.question_id, s.counts)) FROM test_questions tq
        JOIN question_shares s ON s.question_id = tq.question_id
        WHERE tq.test_id = t.id AND (t.status = 'COMPLETED' OR (t.mode = 'TUTOR' AND tq.locked))) AS counts,
      CASE WHEN t.score_percent IS NOT NULL THEN (SELECT json_build_array(
          coalesce(sum(n) FILTER (WHERE score_percent < t.score_percent), 0),
          coalesce(sum(n) FILTER (WHERE score_percent = t.score_percent), 0),
          coalesce(sum(n), 0))
        FROM test_scores WHERE product_id = t.product_id) END AS rank
    FROM tests t WHERE t.id = ${id}::uuid`,
  );
  const r = rowsAs(readDataColumns, res)[0];
  if (!r) return null;
  const rank = r.rank;
  return {
    test: toTestRow(r),
    questions: (r.questions ?? []).map(toQuestionState),
    counts: countsOf(r.counts ?? []),
    rank: rank && { below: rank[0], same: rank[1], total: rank[2] },
  };
}

/** A page of a learner's tests in a product, newest first, and how many there are. */
export async function listTests(db: DbOrTx, userId: string, productId: string, page: number, size: number) {
  const where = and(eq(tests.userId, userId), eq(tests.productId, productId));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(tests)
      .where(where)
      .orderBy(desc(tests.createdAt), desc(tests.id))
      .limit(size)
      .offset(page * size),
    countTests(db, userId, productId),
  ]);
  return { rows, total };
}

/** How many questions of each open test are answered (completed tests keep the count on their row). */
export async function answeredCounts(db: DbOrTx, testIds: string[]) {
  const out = new Map<string, number>();
  if (testIds.length === 0) return out;
  const rows = await selectRows(
    db,
    { test_id: column.string, n: int8 },
    sql`
    SELECT test_id, count(selected_choice_id) AS n FROM test_questions
    WHERE test_id = ANY(${sql.param(testIds)}::uuid[]) GROUP BY 1`,
  );
  for (const r of rows) out.set(r.test_id, r.n);
  return out;
}

/** The learner's open test (in progress or paused) in a product. */
export async function findOpenTest(db: DbOrTx, userId: string, productId: string) {
  const [t] = await db
    .select()
    .from(tests)
    .where(
      and(
        eq(tests.userId, userId),
        eq(tests.productId, productId),
        sql`${tests.status} IN ('IN_PROGRESS', 'PAUSED')`,
      ),
    );
  return t ?? null;
}

/** The ids of the running tests of these learners in the product. */
export async function runningTestsOf(db: DbOrTx, userIds: string[], productId: string) {
  const rows = await selectRows(
    db,
    { id: column.string },
    sql`SELECT id FROM tests
    WHERE product_id = ${productId} AND status = 'IN_PROGRESS' AND user_id = ANY(${sql.param(userIds)}::uuid[])
    ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Running timed tests whose time has run out by `now` (counting at most the grace period since the last tick),
 * and open tests past their end (an assignment's close), running or paused.
 */
export async function expiredTests(db: DbOrTx, now: Date, graceMs: number, limit: number) {
  const rows = await selectRows(
    db,
    { id: column.string },
    sql`
    (SELECT id FROM tests
    WHERE status = 'IN_PROGRESS' AND mode = 'TIMED' AND last_tick_at IS NOT NULL
      AND time_used_ms + least(greatest(extract(epoch FROM (${now}::timestamptz - last_tick_at)) * 1000, 0), ${graceMs})
        >= time_limit_ms
    LIMIT ${limit})
    UNION
    (SELECT id FROM tests WHERE status <> 'COMPLETED' AND ends_at IS NOT NULL AND ends_at <= ${now} LIMIT ${limit})`,
  );
  return rows.map((r) => r.id);
}

/** When the answers of an assignment's attempts may be read: its setting and its end (the late limit, else the close). */
export async function answersRule(db: DbOrTx, assignmentId: string) {
  const rows = await selectRows(
    db,
    {
      answers_shown: column.oneOf(['AFTER_SUBMIT', 'AFTER_CLOSE', 'NEVER'] as const),
      ends_at: column.timestamp,
    },
    sql`SELECT answers_shown, coalesce(late_until, closes_at) AS ends_at FROM assignments WHERE id = ${assignmentId}`,
  );
  return rows[0] ?? null;
}

/**
 * Adds a finished attempt at an assignment to its results' sums (docs/assignments.md), in the finalising
 * transaction, when it is the student's first finished one: per question and chosen choice (the nil UUID for a
 * blank) the count and the sums of c, r, r², cr (c: right or not; r: the rest of the attempt), and the totals.
 * A later attempt adds nothing: the results count first attempts.
 */
export async function recordFirstAttempt(tx: DbOrTx, testId: string) {
  await tx.execute(sql`
    WITH t AS (
      SELECT id, assignment_id, coalesce(correct, 0) AS total, num_questions FROM tests
      WHERE id = ${testId} AND assignment_id IS NOT NULL AND status = 'COMPLETED'
        AND NOT EXISTS (SELECT 1 FROM tests o WHERE o.assignment_id = tests.assignment_id
          AND o.user_id = tests.user_id AND o.status = 'COMPLETED' AND o.id <> tests.id)
    ),
    items AS (
      INSERT INTO assignment_item_sums AS s (assignment_id, question_id, choice_id, first_position, version_id,
        n, sc, sr, srr, scr)
      SELECT t.assignment_id, tq.question_id, coalesce(tq.selected_choice_id, ${BLANK_CHOICE}::uuid), tq.position,
        tq.question_version_id, 1, x.c, t.total - x.c, (t.total - x.c) * (t.total - x.c), x.c * (t.total - x.c)
      FROM t JOIN test_questions tq ON tq.test_id = t.id
      CROSS JOIN LATERAL (SELECT CASE WHEN tq.correct THEN 1 ELSE 0 END AS c) x
      ON CONFLICT (assignment_id, question_id, choice_id) DO UPDATE SET
        n = s.n + 1, sc = s.sc + excluded.sc, sr = s.sr + excluded.sr, srr = s.srr + excluded.srr,
        scr = s.scr + excluded.scr, first_position = least(s.first_position, excluded.first_position)
    )
    INSERT INTO assignment_first_totals AS f (assignment_id, n, sum, sum_squares, items)
    SELECT assignment_id, 1, total, total * total, num_questions FROM t
    ON CONFLICT (assignment_id) DO UPDATE SET n = f.n + 1, sum = f.sum + excluded.sum,
      sum_squares = f.sum_squares + excluded.sum_squares, items = greatest(f.items, excluded.items)`);
}

/** Closes a test with its score. */
export async function finishTest(
  tx: DbOrTx,
  id: string,
  r: { finishedAt: Date; answered: number; correct: number; scorePercent: number },
) {
  await tx.update(tests).set(r).where(eq(tests.id, id));
}

export interface TimedAnswer {
  testId: string;
  questionId: string;
  /** The caller's session: the test must be its user's, the token its CSRF token, and it live and seen lately. */
  session: SessionProof;
  choice: string;
  now: Date;
  graceMs: number;
}

export interface TimedAnswerResult {
  question: TestQuestionRow;
  clock: ClockRow;
}

/**
 * The hot path of a timed test's answer: when the session is live, seen lately and its CSRF token the one
 * sent, the test is its user's, running, timed, not out of time, and the choice is the question's, it counts the time since the last tick to the question on screen, records the
 * choice and moves the screen to this question, under the test's row lock. Answers the question as it now
 * stands, or null when anything is unusual (then the service's transactional path decides, with its refusals
 * and the expiry).
 *
 * Answers that arrive while others are being written go together in one statement with no BEGIN/COMMIT (one
 * round trip, one commit): see `lib/batcher.ts`. Two answers to one test are never in one statement.
 */
export function answerTimedFast(db: Db, a: TimedAnswer): Promise<TimedAnswerResult | null> {
  let answer = answerBatchers.get(db);
  if (!answer) {
    answer = batcher<TimedAnswer, TimedAnswerResult | null>({
      run: (items) => answerTimedBatch(db, items),
      keyOf: (item) => item.testId,
      maxBatch: ANSWER_BATCH_MAX,
      maxInFlight: ANSWER_BATCHES_IN_FLIGHT,
    });
    answerBatchers.set(db, answer);
  }
  return answer(a);
}

/** The most answers in one statement, and the most such statements at once (each holds a pool connection). */
const ANSWER_BATCH_MAX = 64;
const ANSWER_BATCHES_IN_FLIGHT = 3;
const answerBatchers = new WeakMap<Db, (a: TimedAnswer) => Promise<TimedAnswerResult | null>>();

/**
 * A row of `answerTimedBatch`: the answer's number in the batch, the question as it now stands (its shown
 * content blank: the answer shows only its state) and the test's clock.
 */
const answeredColumns = {
  n: column.int,
  ...questionRowColumns,
  t_status: column.oneOf(TEST_STATUSES),
  t_limit: nullable(int8),
  t_used: int8,
  t_tick: column.timestamp,
  t_position: column.int,
};

/** Writes many timed answers (of different tests) in one statement; one result, or null, per answer in order. */
export async function answerTimedBatch(
  db: Db,
  items: TimedAnswer[],
): Promise<Array<TimedAnswerResult | null>> {
  const res = await executePrepared(
    db,
    `tests.answerTimedBatch.${items.length}`,
    sql`
    WITH input(n, test_id, question_id, session_hash, csrf_token, choice, sent_at) AS (
      -- A VALUES list, so the planner knows how many answers there are (one statement per batch size) and
      -- reads each test and question by its index, whatever the size of the tables.
      VALUES ${sql.join(
        items.map(
          (a, k) =>
            sql`(${k + 1}::int, ${a.testId}::uuid, ${a.questionId}::uuid, ${a.session.idHash}::text, ${a.session.csrfToken}::text, ${a.choice}::uuid, ${a.now}::timestamptz)`,
        ),
        sql`, `,
      )}
    ),
    cur AS (
      SELECT i.n, i.choice, i.sent_at, t.id, t.current_position, t.time_used_ms, t.time_limit_ms,
        tq.position AS answered_position,
        least(greatest(extract(epoch FROM (i.sent_at - t.last_tick_at)) * 1000, 0), ${items[0]!.graceMs})::bigint AS delta
      FROM input i
      JOIN sessions s ON ${proven}
      JOIN tests t ON t.id = i.test_id
      JOIN test_questions tq ON tq.test_id = t.id AND tq.question_id = i.question_id
      JOIN question_versions v ON v.id = tq.question_version_id
      WHERE t.user_id = s.user_id AND t.status = 'IN_PROGRESS' AND t.mode = 'TIMED'
        AND t.last_tick_at IS NOT NULL AND NOT tq.locked AND (t.ends_at IS NULL OR i.sent_at < t.ends_at)
        AND v.choices @> jsonb_build_array(jsonb_build_object('id', i.choice::text))
      -- Tests locked in one order, as the keep-alives' statements lock them: the two may run at once.
      ORDER BY t.id
      FOR UPDATE OF t
    ),
    ok AS (SELECT * FROM cur WHERE time_limit_ms IS NULL OR time_used_ms + delta < time_limit_ms),
    q AS (
      UPDATE test_questions tq SET
        time_spent_ms = tq.time_spent_ms + CASE WHEN tq.position = ok.current_position THEN ok.delta ELSE 0 END,
        selected_choice_id = CASE WHEN tq.position = ok.answered_position THEN ok.choice ELSE tq.selected_choice_id END,
        correct = CASE WHEN tq.position = ok.answered_position
          THEN ok.choice = (SELECT correct_choice_id FROM question_versions WHERE id = tq.question_version_id)
          ELSE tq.correct END,
        answered_at = CASE WHEN tq.position = ok.answered_position THEN ok.sent_at ELSE tq.answered_at END
      FROM ok WHERE tq.test_id = ok.id AND tq.position = ANY (ARRAY[ok.current_position, ok.answered_position])
      RETURNING tq.*
    ),
    t AS (
      UPDATE tests SET time_used_ms = tests.time_used_ms + ok.delta, last_tick_at = ok.sent_at,
        current_position = ok.answered_position
      FROM ok WHERE tests.id = ok.id
      RETURNING tests.id, tests.status, tests.time_limit_ms, tests.time_used_ms, tests.last_tick_at,
        tests.current_position
    )
    SELECT ok.n, q.position, q.question_id, q.question_version_id, q.subcategory_id, q.selected_choice_id,
      q.correct, q.flagged, q.locked, q.struck, q.highlights, q.note, q.time_spent_ms,
      '' AS name, '' AS stem, '' AS explanation, '[]'::jsonb AS choices, NULL::uuid AS correct_choice_id,
      '[]'::jsonb AS "references",
      t.status AS t_status, t.time_limit_ms AS t_limit, t.time_used_ms AS t_used, t.last_tick_at AS t_tick,
      t.current_position AS t_position
    FROM ok
    JOIN q ON q.test_id = ok.id AND q.position = ok.answered_position
    JOIN t ON t.id = ok.id`,
  );
  const out: Array<TimedAnswerResult | null> = items.map(() => null);
  for (const r of rowsAs(answeredColumns, res))
    out[r.n - 1] = {
      question: toQuestionRow(r),
      clock: {
        status: r.t_status,
        timeLimitMs: r.t_limit,
        timeUsedMs: r.t_used,
        lastTickAt: r.t_tick,
        currentPosition: r.t_position,
      },
    };
  return out;
}

export interface AliveTick {
  testId: string;
  /** The question on screen, when the client says it: the screen moves to it once the time is counted. */
  questionId: string | null;
  /** The caller's session: the test must be its user's, the token its CSRF token, and it live and seen lately. */
  session: SessionProof;
  now: Date;
  graceMs: number;
}

/**
 * The hot path of the keep-alive: when the session is live, seen lately and its CSRF token the one sent, the
 * test is its user's, running and not out of time, and the question named (if any) is the test's, it counts
 * the time since the last tick (at most the grace) to the test and to the question on screen, then moves the
 * screen to the question named, under the test's row lock, exactly as the transactional path does. Answers
 * the clock as it now stands, or null when anything is unusual (a paused or ended test, time run out,
 * another learner's test, a question not in it, a session to read): then the service's transactional path
 * decides, with its refusals and the expiry.
 *
 * Keep-alives that arrive while others are being written go together in one statement (`lib/batcher.ts`),
 * never two of one test in one statement.
 */
export function aliveFast(db: Db, a: AliveTick): Promise<ClockRow | null> {
  let alive = aliveBatchers.get(db);
  if (!alive) {
    alive = batcher<AliveTick, ClockRow | null>({
      run: (items) => aliveBatch(db, items),
      keyOf: (item) => item.testId,
      maxBatch: ANSWER_BATCH_MAX,
      maxInFlight: ANSWER_BATCHES_IN_FLIGHT,
    });
    aliveBatchers.set(db, alive);
  }
  return alive(a);
}

const aliveBatchers = new WeakMap<Db, (a: AliveTick) => Promise<ClockRow | null>>();

/** A row of `aliveBatch`: the keep-alive's number in the batch and the clock of its test. */
const aliveColumns = {
  n: column.int,
  time_limit_ms: nullable(int8),
  time_used_ms: int8,
  to_position: column.int,
  last_tick_at: column.timestamp,
};

/** Counts many keep-alives (of different tests) in one statement; the clock, or null, per keep-alive in order. */
export async function aliveBatch(db: Db, items: AliveTick[]): Promise<Array<ClockRow | null>> {
  const res = await executePrepared(
    db,
    `tests.aliveBatch.${items.length}`,
    sql`
    WITH input(n, test_id, question_id, session_hash, csrf_token, sent_at) AS (
      VALUES ${sql.join(
        items.map(
          (a, k) =>
            sql`(${k + 1}::int, ${a.testId}::uuid, ${a.questionId}::uuid, ${a.session.idHash}::text, ${a.session.csrfToken}::text, ${a.now}::timestamptz)`,
        ),
        sql`, `,
      )}
    ),
    cur AS (
      SELECT i.n, i.sent_at, t.id, t.current_position, t.time_used_ms, t.time_limit_ms, t.last_tick_at,
        coalesce(tq.position, t.current_position) AS to_position,
        least(greatest(extract(epoch FROM (i.sent_at - t.last_tick_at)) * 1000, 0), ${items[0]!.graceMs})::bigint AS delta
      FROM input i
      JOIN sessions s ON ${proven}
      JOIN tests t ON t.id = i.test_id
      LEFT JOIN test_questions tq ON tq.test_id = t.id AND tq.question_id = i.question_id
      WHERE t.user_id = s.user_id AND t.status = 'IN_PROGRESS' AND t.last_tick_at IS NOT NULL
        AND (i.question_id IS NULL OR tq.position IS NOT NULL) AND (t.ends_at IS NULL OR i.sent_at < t.ends_at)
      -- Tests locked in one order, as the answers' statements lock them: the two may run at once.
      ORDER BY t.id
      FOR UPDATE OF t
    ),
    ok AS (SELECT * FROM cur WHERE time_limit_ms IS NULL OR time_used_ms + delta < time_limit_ms),
    spent AS (
      UPDATE test_questions tq SET time_spent_ms = tq.time_spent_ms + ok.delta
      FROM ok WHERE ok.delta > 0 AND tq.test_id = ok.id AND tq.position = ok.current_position
    ),
    -- As the transactional path: nothing is written when no time passed and the screen stays where it is.
    moved AS (
      UPDATE tests SET time_used_ms = tests.time_used_ms + ok.delta, last_tick_at = ok.sent_at,
        current_position = ok.to_position
      FROM ok WHERE tests.id = ok.id AND (ok.delta > 0 OR ok.to_position <> ok.current_position)
    )
    SELECT n, time_limit_ms, time_used_ms + delta AS time_used_ms, to_position,
      CASE WHEN delta > 0 OR to_position <> current_position THEN sent_at ELSE last_tick_at END AS last_tick_at
    FROM ok`,
  );
  const out: Array<ClockRow | null> = items.map(() => null);
  for (const r of rowsAs(aliveColumns, res))
    out[r.n - 1] = {
      status: 'IN_PROGRESS',
      timeLimitMs: r.time_limit_ms,
      timeUsedMs: r.time_used_ms,
      lastTickAt: r.last_tick_at,
      currentPosition: r.to_position,
    };
  return out;
}
