// Test-taking data at scale for `npm run bench`: learners with long histories (20,000 past answers each),
// running 100-question tests to answer, completed tests to review, and first-attempt counts for every choice.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import type { QuestionBank } from './questions';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface TestData {
  /** Bench user numbers of the learners with 20,000 past answers (they create tests). */
  historyLearners: number[];
  /** Per answering learner: their running test and, for some of its questions, the choice ids. */
  running: Array<{ user: number; testId: string; questions: Array<{ id: string; choices: string[] }> }>;
  /** Completed 100-question tests, by bench user number. */
  completed: Array<{ user: number; testId: string }>;
}

/**
 * Generates, in SQL, for the bank's product:
 * - `history.length` learners (bench users) with `answers` past answers each (30 % wrong, 5 % flagged);
 * - a running timed test of 100 questions for each of `runners` (bench users 1..runners);
 * - a completed test of 100 questions for each of `reviewers`;
 * - first-attempt counts for every choice of every published question, and a score histogram.
 */
export async function generateTestData(
  db: Db,
  bank: QuestionBank,
  opts: { history: number[]; answers: number; runners: number[]; reviewers: number[] },
): Promise<TestData> {
  const p = bank.productId;
  await db.execute(sql`CREATE TEMP TABLE bench_pool AS
    SELECT question_id, version_id, subcategory_id, row_number() OVER (ORDER BY question_id) AS rn
    FROM question_pool WHERE product_id = ${p}`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bench_pool (rn)`);
  const [{ n: poolSize } = { n: 0 }] = rows<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM bench_pool`),
  );
  const userIds = async (ns: number[]) =>
    rows<{ id: string; n: number }>(
      await db.execute(sql`SELECT id, substr(email, 6, position('@' in email) - 6)::int AS n FROM users
        WHERE email = ANY(${`{${ns.map((n) => `bench${n}@example.com`).join(',')}}`}::text[])`),
    );
  const all = [...opts.history, ...opts.runners, ...opts.reviewers];
  // Learners are students with a paid subscription (the runners may already be the bank's staff).
  await db.execute(sql`
    INSERT INTO subscriptions (user_id, product_id, type, student)
    SELECT id, ${p}, 'PREMIUM', true FROM users
    WHERE email = ANY(${`{${all.map((n) => `bench${n}@example.com`).join(',')}}`}::text[])
    ON CONFLICT DO NOTHING`);

  for (const u of await userIds(opts.history)) {
    await db.execute(sql`
      INSERT INTO learner_questions (user_id, question_id, product_id, used_at, last_correct, flagged, first_choice_id)
      SELECT ${u.id}, bp.question_id, ${p}, now() - interval '30 days', g % 10 >= 3, g % 20 = 0, NULL
      FROM generate_series(0, ${Math.min(opts.answers, poolSize) - 1}) g
      JOIN bench_pool bp ON bp.rn = 1 + ((g::bigint * 7919 + ${u.n * 104729}) % ${poolSize})
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO learner_stats (user_id, product_id, answered, correct)
      SELECT ${u.id}, ${p}, count(*), count(*) FILTER (WHERE last_correct) FROM learner_questions
      WHERE user_id = ${u.id} AND product_id = ${p}`);
  }

  /** A test of 100 distinct pool questions for a learner, written with its questions. */
  const writeTest = async (u: { id: string; n: number }, status: 'IN_PROGRESS' | 'COMPLETED') => {
    const testId = createHash('md5').update(`bench-test-${status}-${u.n}`).digest('hex');
    const id = `${testId.slice(0, 8)}-${testId.slice(8, 12)}-4${testId.slice(13, 16)}-8${testId.slice(17, 20)}-${testId.slice(20, 32)}`;
    const done = status === 'COMPLETED';
    await db.execute(sql`
      INSERT INTO tests (id, user_id, product_id, name, mode, status, num_questions, pools, subcategory_ids,
        time_limit_ms, time_used_ms, last_tick_at, created_at, finished_at, answered, correct, score_percent)
      VALUES (${id}, ${u.id}, ${p}, 'Bench test', 'TIMED', ${status}, 100, '["ALL"]', '[]',
        ${100 * 600 * 1000}, ${done ? 3_600_000 : 0}, ${done ? null : sql`now()`}, now(),
        ${done ? sql`now()` : null}, ${done ? 100 : null}, ${done ? 70 : null}, ${done ? 70 : null})`);
    await db.execute(sql`
      INSERT INTO test_questions (test_id, position, question_id, question_version_id, subcategory_id,
        selected_choice_id, correct, time_spent_ms)
      SELECT ${id}, g, bp.question_id, bp.version_id, bp.subcategory_id,
        ${done ? sql`(v.choices -> (g % 4) ->> 'id')::uuid` : null}, ${done ? sql`g % 10 < 7` : null},
        ${done ? 36_000 : 0}
      FROM generate_series(0, 99) g
      JOIN bench_pool bp ON bp.rn = 1 + ((g::bigint * 7919 + ${u.n * 15485863}) % ${poolSize})
      JOIN question_versions v ON v.id = bp.version_id
      ON CONFLICT DO NOTHING`);
    return id;
  };

  const running: TestData['running'] = [];
  for (const u of await userIds(opts.runners)) {
    const testId = await writeTest(u, 'IN_PROGRESS');
    const qs = rows<{ question_id: string; choices: Array<{ id: string }> }>(
      await db.execute(sql`SELECT tq.question_id, v.choices FROM test_questions tq
        JOIN question_versions v ON v.id = tq.question_version_id
        WHERE tq.test_id = ${testId} ORDER BY tq.position LIMIT 10`),
    );
    running.push({
      user: u.n,
      testId,
      questions: qs.map((q) => ({ id: q.question_id, choices: q.choices.map((c) => c.id) })),
    });
  }
  const completed: TestData['completed'] = [];
  for (const u of await userIds(opts.reviewers))
    completed.push({ user: u.n, testId: await writeTest(u, 'COMPLETED') });

  // Every choice of every published question has been chosen by some learners on their first attempt.
  await db.execute(sql`
    INSERT INTO question_shares (question_id, counts)
    SELECT bp.question_id, jsonb_object_agg(c ->> 'id', 1 + (abs(hashtext(c ->> 'id')) % 500))
    FROM bench_pool bp JOIN question_versions v ON v.id = bp.version_id, jsonb_array_elements(v.choices) c
    GROUP BY bp.question_id
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO test_scores (product_id, score_percent, n)
    SELECT ${p}, s, 10 + (s * 37) % 90 FROM generate_series(0, 100) s ON CONFLICT DO NOTHING`);
  await db.execute(sql`DROP TABLE bench_pool`);
  await db.execute(sql`ANALYZE`);
  return { historyLearners: opts.history, running, completed };
}

/** The body of a test create for Start Test's heaviest case: 100 questions from UNUSED and INCORRECT. */
export function createBody(bank: QuestionBank, uuid: string) {
  return {
    uuid,
    productUuid: bank.productId,
    mode: 'TIMED',
    pools: ['UNUSED', 'INCORRECT'],
    subcategoryUuids: bank.subcategoryIds,
    numQuestions: 100,
  };
}

/**
 * Latency of creating a test, measured one request at a time (each learner may have one open test, so a
 * fixed-rate load would only measure refusals): each learner creates a test, which is then ended.
 */
export async function measureCreates(
  base: string,
  bank: QuestionBank,
  learners: number[],
  rounds: number,
  headers: (n: number) => Record<string, string>,
) {
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < rounds; i++) {
    const n = learners[i % learners.length]!;
    const h = { ...headers(n), 'content-type': 'application/json' };
    const started = performance.now();
    const res = await fetch(`${base}/api/v2/tests`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify(createBody(bank, crypto.randomUUID())),
    });
    const ms = performance.now() - started;
    const body = (await res.json()) as { uuid?: string; numQuestions?: number; message?: string };
    if (res.status !== 201 || body.numQuestions !== 100) {
      errors++;
      if (process.env.BENCH_DEBUG && errors === 1)
        console.error(`first create ${res.status}: ${JSON.stringify(body)}`);
      continue;
    }
    times.push(ms);
    await fetch(`${base}/api/v2/tests/${body.uuid}/finalize`, { method: 'PATCH', headers: h, body: '{}' });
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), count: times.length, errors };
}
