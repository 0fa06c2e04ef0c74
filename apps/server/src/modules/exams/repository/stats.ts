import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { column, nullable, selectOne, selectRow, selectRows } from '../../../db/rows';
import { float8, int8 } from './columns';

// The learner's history and the product's statistics, kept in the transaction that changes them, so no
// screen ever recounts answers (docs/tests.md).

/**
 * Records the answers of a test (or of one question, in tutor mode) in the learner's history: the last
 * answer's correctness, the first answer's choice and correctness (counted once in question_shares, the question
 * marked for its item statistics), and the learner's answered/correct totals, first answers' too. Only answers
 * not recorded yet: in tutor mode a submitted (locked) answer was recorded when it was submitted. `now` becomes the learner's last activity in the product.
 */
export async function recordAnswers(
  tx: DbOrTx,
  t: { testId: string; userId: string; productId: string; now: Date },
  onlyQuestionId?: string,
) {
  const which = onlyQuestionId ? sql`tq.question_id = ${onlyQuestionId}` : sql`NOT tq.locked`;
  await tx.execute(sql`
    WITH answered AS (
      SELECT tq.question_id, tq.selected_choice_id, coalesce(tq.correct, false) AS correct
      FROM test_questions tq
      WHERE tq.test_id = ${t.testId} AND tq.selected_choice_id IS NOT NULL AND ${which}
    ),
    before AS (
      SELECT lq.question_id, lq.last_correct, lq.first_choice_id FROM learner_questions lq
      JOIN answered a ON a.question_id = lq.question_id
      WHERE lq.user_id = ${t.userId}
      FOR UPDATE OF lq
    ),
    history AS (
      UPDATE learner_questions lq SET last_correct = a.correct,
        first_choice_id = coalesce(lq.first_choice_id, a.selected_choice_id),
        first_correct = CASE WHEN lq.first_choice_id IS NULL THEN a.correct ELSE lq.first_correct END
      FROM answered a WHERE lq.user_id = ${t.userId} AND lq.question_id = a.question_id
    ),
    shares AS (
      INSERT INTO question_shares (question_id, counts)
      SELECT a.question_id, jsonb_build_object(a.selected_choice_id, 1) FROM answered a
      JOIN before b ON b.question_id = a.question_id WHERE b.first_choice_id IS NULL
      ON CONFLICT (question_id) DO UPDATE SET counts = question_shares.counts || (
        SELECT jsonb_object_agg(e.key, coalesce((question_shares.counts ->> e.key)::int, 0) + e.value::int)
        FROM jsonb_each_text(excluded.counts) e)
    ),
    -- The item statistics of these questions are due again (the periodic task recomputes them: decision 0030).
    -- Written after the shares above, whose row locks come first, so this adds no new lock order.
    dirty AS (
      INSERT INTO question_stats_dirty (question_id)
      SELECT a.question_id FROM answered a
      JOIN before b ON b.question_id = a.question_id WHERE b.first_choice_id IS NULL
      ON CONFLICT (question_id) DO UPDATE SET seq = question_stats_dirty.seq + 1
    ),
    delta AS (
      SELECT count(*) FILTER (WHERE b.last_correct IS NULL) AS answered,
        count(*) FILTER (WHERE a.correct) - count(*) FILTER (WHERE b.last_correct) AS correct,
        count(*) FILTER (WHERE b.first_choice_id IS NULL) AS first_answered,
        count(*) FILTER (WHERE b.first_choice_id IS NULL AND a.correct) AS first_correct
      FROM answered a JOIN before b ON b.question_id = a.question_id
    )
    INSERT INTO learner_stats (user_id, product_id, answered, correct, first_answered, first_correct, last_active_at)
    SELECT ${t.userId}, ${t.productId}, d.answered, d.correct, d.first_answered, d.first_correct, ${t.now} FROM delta d
    WHERE EXISTS (SELECT 1 FROM answered)
    ON CONFLICT (user_id, product_id) DO UPDATE SET
      answered = learner_stats.answered + excluded.answered,
      correct = learner_stats.correct + excluded.correct,
      first_answered = learner_stats.first_answered + excluded.first_answered,
      first_correct = learner_stats.first_correct + excluded.first_correct,
      last_active_at = greatest(learner_stats.last_active_at, excluded.last_active_at)`);
}

/** The learner's flag on a question, kept for the FLAGGED pool. */
export async function setLearnerFlag(tx: DbOrTx, userId: string, questionId: string, flagged: boolean) {
  await tx.execute(sql`
    UPDATE learner_questions SET flagged = ${flagged} WHERE user_id = ${userId} AND question_id = ${questionId}`);
}

/** How many of a test's questions are answered and correct. */
export async function tally(tx: DbOrTx, testId: string): Promise<{ answered: number; correct: number }> {
  return selectOne(
    tx,
    { answered: int8, correct: int8 },
    sql`
    SELECT count(selected_choice_id) AS answered, count(*) FILTER (WHERE correct) AS correct
    FROM test_questions WHERE test_id = ${testId}`,
  );
}

/** Adds a completed test's score to its product's histogram. */
export async function countScore(tx: DbOrTx, productId: string, scorePercent: number) {
  await tx.execute(sql`
    INSERT INTO test_scores (product_id, score_percent, n) VALUES (${productId}, ${scorePercent}, 1)
    ON CONFLICT (product_id, score_percent) DO UPDATE SET n = test_scores.n + 1`);
}

/** The learner's totals in a product, and the average percent correct of all its learners. */
export async function standing(db: DbOrTx, userId: string, productId: string) {
  const r = await selectOne(
    db,
    { answered: nullable(column.int), correct: nullable(column.int), average: nullable(float8), used: int8 },
    sql`
    SELECT
      (SELECT answered FROM learner_stats WHERE user_id = ${userId} AND product_id = ${productId}) AS answered,
      (SELECT correct FROM learner_stats WHERE user_id = ${userId} AND product_id = ${productId}) AS correct,
      (SELECT avg(correct::float8 / answered) FROM learner_stats
        WHERE product_id = ${productId} AND answered > 0) AS average,
      (SELECT count(*) FROM learner_questions WHERE user_id = ${userId} AND product_id = ${productId}) AS used`,
  );
  return { answered: r.answered ?? 0, correct: r.correct ?? 0, average: r.average, used: r.used };
}

/**
 * The learner's latest answers in a product by subject and category (where each question stands now):
 * at most the questions they have answered, grouped through the pool's current placement.
 */
export async function performanceByNode(db: DbOrTx, userId: string, productId: string) {
  const rows = await selectRows(
    db,
    {
      subject_id: column.string,
      subject_name: column.string,
      category_id: column.string,
      category_name: column.string,
      answered: int8,
      correct: int8,
    },
    sql`
    SELECT s.id AS subject_id, s.name AS subject_name, c.id AS category_id, c.name AS category_name,
      count(*) AS answered, count(*) FILTER (WHERE lq.last_correct) AS correct
    FROM learner_questions lq
    JOIN question_pool p ON p.question_id = lq.question_id
    JOIN subcategories sc ON sc.id = p.subcategory_id
    JOIN categories c ON c.id = sc.category_id
    JOIN subjects s ON s.id = c.subject_id
    WHERE lq.user_id = ${userId} AND lq.product_id = ${productId} AND lq.last_correct IS NOT NULL
    GROUP BY s.id, s.name, c.id, c.name
    ORDER BY s.name, c.name`,
  );
  return rows.map((r) => ({
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    categoryId: r.category_id,
    categoryName: r.category_name,
    answered: r.answered,
    correct: r.correct,
  }));
}

/** How many questions the learner may draw in a product: the published ones, or the free sample. */
export async function drawableCount(db: DbOrTx, productId: string, freeSampleOnly: boolean) {
  // n is an int8 (count) or an int4 (question_count): `int8` takes both.
  const r = await selectRow(
    db,
    { n: int8 },
    freeSampleOnly
      ? sql`SELECT count(*) AS n FROM question_pool WHERE product_id = ${productId} AND free_sample`
      : sql`SELECT question_count AS n FROM products WHERE id = ${productId}`,
  );
  return r?.n ?? 0;
}
