import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { scorePercent } from './clock';
import {
  countScore,
  finishTest,
  insertTest,
  recordAnswers,
  recordFirstAttempt,
  saveTestQuestion,
  setLearnerFlag,
} from './repository';

/** A seeded test: its mode, how many days ago it was taken, how often an answer is wrong, how long it took. */
export interface SeededTest {
  mode: 'TUTOR' | 'TIMED';
  daysAgo: number;
  /** The answers at positions 1, 1 + n, 1 + 2n… are wrong (2: every other one). */
  wrongEvery: number;
  minutes: number;
  /**
   * The choice for each question instead of `wrongEvery`: `index` is the question's place among the bank's
   * published questions (creation order), `choices` its choice ids, `correct` the key.
   */
  answer?: (q: { index: number; choices: string[]; correct: string }) => string;
}

const LEARNER_TESTS: readonly SeededTest[] = [
  { mode: 'TUTOR', daysAgo: 3, wrongEvery: 3, minutes: 14 },
  { mode: 'TIMED', daysAgo: 1, wrongEvery: 5, minutes: 11 },
];

/**
 * The demo learner's history in one bank: two completed tests (tutor, then timed) of ten published questions
 * each, answered mostly right, so the dashboard, My Tests and review have something to show. Written with the
 * tests module's own repository and statistics functions, as taking the tests would write them.
 */
export async function seedTestHistory(
  tx: DbOrTx,
  opts: {
    userId: string;
    productId: string;
    now: Date;
    /** The tests, oldest first (the demo learner's two by default): every `wrongEvery`-th answer is wrong. */
    plans?: readonly SeededTest[];
    /** Where in the bank's published questions the tests' questions start (ten a test). */
    firstQuestion?: number;
  },
) {
  const plans = opts.plans ?? LEARNER_TESTS;
  const res = await tx.execute(sql`
    SELECT q.id AS question_id, v.id AS version_id, v.subcategory_id, v.choices, v.correct_choice_id
    FROM questions q JOIN question_versions v ON v.id = q.current_version_id
    WHERE q.product_id = ${opts.productId} AND v.status = 'PUBLISHED' AND v.subcategory_id IS NOT NULL
    ORDER BY q.created_at, q.id LIMIT ${plans.length * 10} OFFSET ${opts.firstQuestion ?? 0}`);
  const rows = rowsOf(res);
  for (const [i, plan] of plans.entries()) {
    const picked = rows.slice(i * 10, i * 10 + 10);
    if (picked.length === 0) return;
    const at = new Date(opts.now.getTime() - plan.daysAgo * 24 * 3600_000);
    const testId = crypto.randomUUID();
    await insertTest(
      tx,
      {
        id: testId,
        userId: opts.userId,
        productId: opts.productId,
        name: `Test ${i + 1}`,
        mode: plan.mode,
        pools: ['ALL'],
        subcategoryIds: [...new Set(picked.map((r) => r.subcategory_id as string))],
        freeSampleOnly: false,
        timeLimitMs: plan.mode === 'TIMED' ? picked.length * 90_000 : null,
        now: at,
      },
      picked.map((r) => ({
        questionId: r.question_id as string,
        versionId: r.version_id as string,
        subcategoryId: r.subcategory_id as string,
        flagged: false,
      })),
    );
    let correct = 0;
    for (const [position, r] of picked.entries()) {
      const choices = r.choices as Array<{ id: string }>;
      const right = r.correct_choice_id as string;
      const choice = plan.answer
        ? plan.answer({
            index: (opts.firstQuestion ?? 0) + i * 10 + position,
            choices: choices.map((c) => c.id),
            correct: right,
          })
        : position % plan.wrongEvery === 1
          ? (choices.find((c) => c.id !== right)?.id ?? right)
          : right;
      if (choice === right) correct++;
      await saveTestQuestion(tx, testId, position, {
        selectedChoiceId: choice,
        correct: choice === right,
        answeredAt: at,
        flagged: position === 4,
      });
    }
    await recordAnswers(tx, { testId, userId: opts.userId, productId: opts.productId, now: at });
    // A tutor test's answers were submitted one by one (final); the flag is the learner's too.
    await tx.execute(sql`
      UPDATE test_questions SET locked = ${plan.mode === 'TUTOR'} WHERE test_id = ${testId}`);
    const flagged = picked[4];
    if (flagged) await setLearnerFlag(tx, opts.userId, flagged.question_id as string, true);
    await tx.execute(sql`
      UPDATE tests SET status = 'COMPLETED', last_tick_at = NULL, time_used_ms = ${plan.minutes * 60_000}
      WHERE id = ${testId}`);
    await tx.execute(sql`
      UPDATE test_questions SET time_spent_ms = ${Math.round((plan.minutes * 60_000) / picked.length)}
      WHERE test_id = ${testId}`);
    const score = scorePercent(correct, picked.length);
    await finishTest(tx, testId, {
      finishedAt: new Date(at.getTime() + plan.minutes * 60_000),
      answered: picked.length,
      correct,
      scorePercent: score,
    });
    await countScore(tx, opts.productId, score);
  }
}

/**
 * One finished attempt at an assignment, for the demo classroom (docs/assignments.md): the questions given, each
 * answered with `answer(position, choices, key)` (null: left blank), scored and recorded in the learner's history
 * as taking it would.
 */
export async function seedAttempt(
  tx: DbOrTx,
  a: {
    userId: string;
    productId: string;
    assignment: { id: string; endsAt: Date };
    name: string;
    mode: 'TUTOR' | 'TIMED';
    timeLimitMs: number | null;
    questionIds: string[];
    startedAt: Date;
    minutes: number;
    answer: (position: number, choices: string[], key: string) => string | null;
  },
) {
  const rows = rowsOf(
    await tx.execute(sql`
      SELECT q.id AS question_id, v.id AS version_id, v.subcategory_id, v.choices, v.correct_choice_id
      FROM questions q JOIN question_versions v ON v.id = q.current_version_id AND v.status = 'PUBLISHED'
      WHERE q.id = ANY(${sql.param(a.questionIds)}::uuid[])`),
  );
  const byId = new Map(rows.map((r) => [r.question_id as string, r]));
  const picked = a.questionIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  if (picked.length === 0) return null;
  const testId = crypto.randomUUID();
  await insertTest(
    tx,
    {
      id: testId,
      userId: a.userId,
      productId: a.productId,
      name: a.name,
      mode: a.mode,
      pools: ['ALL'],
      subcategoryIds: [],
      freeSampleOnly: false,
      timeLimitMs: a.timeLimitMs,
      now: a.startedAt,
      assignment: { id: a.assignment.id, endsAt: a.assignment.endsAt, late: false },
    },
    picked.map((r) => ({
      questionId: r.question_id as string,
      versionId: r.version_id as string,
      subcategoryId: r.subcategory_id as string | null,
      flagged: false,
    })),
  );
  let correct = 0;
  let answered = 0;
  const finishedAt = new Date(a.startedAt.getTime() + a.minutes * 60_000);
  for (const [position, r] of picked.entries()) {
    const key = r.correct_choice_id as string;
    const choice = a.answer(
      position,
      (r.choices as Array<{ id: string }>).map((c) => c.id),
      key,
    );
    if (choice === null) continue;
    answered++;
    if (choice === key) correct++;
    await saveTestQuestion(tx, testId, position, {
      selectedChoiceId: choice,
      correct: choice === key,
      answeredAt: finishedAt,
    });
  }
  await recordAnswers(tx, { testId, userId: a.userId, productId: a.productId, now: finishedAt });
  await tx.execute(sql`
    UPDATE tests SET status = 'COMPLETED', last_tick_at = NULL, time_used_ms = ${a.minutes * 60_000}
    WHERE id = ${testId}`);
  if (a.mode === 'TUTOR')
    await tx.execute(sql`UPDATE test_questions SET locked = true WHERE test_id = ${testId}`);
  const score = scorePercent(correct, picked.length);
  await finishTest(tx, testId, { finishedAt, answered, correct, scorePercent: score });
  await countScore(tx, a.productId, score);
  await recordFirstAttempt(tx, testId);
  return testId;
}
