import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ANSWER_LOCKED_MESSAGE } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, SecondConnectionError } from '../../db/client';
import { buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { buildProduct, multipart, questionBody, signedIn } from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { until } from '../until';

// What many writes at once, on one instance or two on one database, do (issue 20): no request waits for ever,
// a tutor answer is final, a retried create answers the test the first made, and a server whose database is
// out of reach says so. Each case hung, leaked or doubled before its fix.

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  // A second instance on the same database: its caches start cold, its pool is its own.
  b = await createTestApp({ databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same signed-in session, sent through another instance. */
function through(app: TestApp, c: TestClient) {
  return c.copy(app.client().transport);
}

describe('the pool: no second connection inside a transaction', () => {
  it('refuses at once, with an error that says what to do, a pool query made inside a transaction', async () => {
    const { db } = a.deps;
    const inside = await db
      .transaction(async () => {
        await db.execute(sql`SELECT 1`);
      })
      .catch((e: Error) => e);
    // Drizzle wraps the driver's error in its own "Failed query".
    expect((inside as Error).cause ?? inside).toBeInstanceOf(SecondConnectionError);
    await expect(db.transaction(async () => db.transaction(async () => 1))).rejects.toThrow(
      /pass the transaction/,
    );
    // Outside, and with the transaction passed down, the same reads work.
    expect(rowsOf(await db.execute(sql`SELECT 1 AS one`))[0]).toEqual({ one: 1 });
    expect(await db.transaction(async (tx) => rowsOf(await tx.execute(sql`SELECT 2 AS two`))[0])).toEqual({
      two: 2,
    });
  });

  it('20 media uploads at once on one question all land, each in its own version, and the server answers after', async () => {
    const product = await buildProduct(a.deps.db);
    const writer = await signedIn(a, { product: product.id, roles: { questionWriter: true } });
    const question = questionBody(product.id);
    const questionId = question.uuid;
    const created = await writer.req({ method: 'POST', url: '/api/v2/questions', json: question });
    expect(created.status).toBe(200);
    const png = new Uint8Array(fs.readFileSync(path.join(__dirname, '../../lib/__fixtures__/pixel.png')));
    // Half through each instance, with the writer's roles not read yet on either (the first use in a request).
    const uploads = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        through(i % 2 ? b : a, writer).req({
          method: 'POST',
          url: `/api/v2/questionMedia/${questionId}?mediaType=STEM`,
          ...multipart(`pixel-${i}.png`, png, 'media', 'image/png'),
        }),
      ),
    );
    expect(uploads.map((r) => r.status)).toEqual(Array(20).fill(201));
    const versions = await writer.req({ url: `/api/v2/questions/${questionId}/versions` });
    expect(versions.status).toBe(200);
    const got = await writer.req({ url: `/api/v2/questions/${questionId}` });
    expect(got.body.stemMediaUrls).toHaveLength(20);

    const removals = await Promise.all(
      uploads.map((u, i) =>
        through(i % 2 ? a : b, writer).req({
          method: 'DELETE',
          url: `/api/v2/questionMedia/${questionId}/delete/${u.body.uuid}?mediaType=STEM`,
        }),
      ),
    );
    expect(removals.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await writer.req({ url: `/api/v2/questions/${questionId}` })).body.stemMediaUrls).toEqual([]);
    expect((await a.client().req({ url: '/api/health' })).status).toBe(200);
  });
});

describe('a pool with no free connection, and the health check', () => {
  it('answers 503 (not a hang) while every connection is held, and /api/health says the database is out of reach', async () => {
    const busy = await createTestApp({ pool: { max: 1, waitMs: 200 } });
    let release = () => {};
    try {
      const c = await signedIn(busy);
      expect((await c.req({ url: '/api/health' })).body).toEqual({ ok: true, database: 'ok' });
      const held = new Promise<void>((r) => {
        release = r;
      });
      const holding = busy.deps.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await held;
      });
      const health = await busy.client().req({ url: '/api/health' });
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ code: 'UNAVAILABLE', field: 'database' });
      const page = await c.req({ url: '/api/v2/users/me' }); // its session is read from the database
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('1');
      expect(page.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'UNAVAILABLE',
        message: 'The server is busy right now. Please try again.',
      });
      release();
      await holding;
      expect((await c.req({ url: '/api/health' })).status).toBe(200);
    } finally {
      release(); // a failed expectation must not leave the pool's one connection held: close() waits for it
      await busy.close();
    }
  });

  it('gives every session the limits that end a stuck statement, lock wait or open transaction', async () => {
    const rows = rowsOf(
      await a.deps.db.execute(sql`
        SELECT current_setting('statement_timeout') AS statement,
          current_setting('lock_timeout') AS lock,
          current_setting('idle_in_transaction_session_timeout') AS idle`),
    );
    expect(rows[0]).toEqual({ statement: '1min', lock: '10s', idle: '1min' });
  });
});

/** A learner's new tutor test of `n` questions, on instance a, and its first question's choices. */
async function tutorTest(n: number) {
  const bank = await buildBank(a.deps.db, { subcategories: 1, perSubcategory: n });
  const c = await signedIn(a, { product: bank.product.id, subscription: { student: true, type: 'PREMIUM' } });
  const user = c.user;
  const id = randomUUID();
  const made = await c.req({
    method: 'POST',
    url: '/api/v2/tests',
    json: {
      uuid: id,
      productUuid: bank.product.id,
      mode: 'TUTOR',
      pools: ['ALL'],
      subcategoryUuids: bank.subcategoryIds,
      numQuestions: n,
    },
  });
  expect(made.status).toBe(201);
  const first = bank.questions[0]!; // every question of the bank is in the test
  return { id, user, c, bank, qid: first.id, choices: first.choices, correct: first.correct };
}

describe('tutor answers at once, on two instances (DESIGN §5: the first wins)', () => {
  it('50 answers with different choices: one choice is taken, the same choice again gets the same answer, others 409 and see nothing', async () => {
    const { id, user, c, qid, choices } = await tutorTest(2);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        through(i % 2 ? b : a, c).req({
          method: 'PATCH',
          url: `/api/v2/tests/${id}/questions/${qid}/answer`,
          json: { choice: choices[i % choices.length] },
        }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    const taken = new Set(ok.map((r) => r.body.question.selectedChoice));
    expect(taken.size).toBe(1);
    const [choice] = [...taken] as string[];
    // Every request that sent the winning choice got it back with the solution; every other one was refused.
    answers.forEach((r, i) => {
      if (choices[i % choices.length] === choice) {
        expect(r.status).toBe(200);
        expect(r.body.question.solution).not.toBeNull();
      } else {
        expect(r.status).toBe(409);
        expect(r.body).toMatchObject({ code: 'CONFLICT', message: ANSWER_LOCKED_MESSAGE });
        expect(JSON.stringify(r.body)).not.toMatch(/correct|explanation|solution/i);
      }
    });
    expect(ok.length + refused.length).toBe(50);

    // The test, the learner's history and the first-attempt shares agree, counted once.
    const [row] = rowsOf(
      await a.deps.db.execute(sql`
        SELECT tq.selected_choice_id, lq.first_choice_id, qs.counts
        FROM test_questions tq
        JOIN learner_questions lq ON lq.question_id = tq.question_id AND lq.user_id = ${user.id}
        JOIN question_shares qs ON qs.question_id = tq.question_id
        WHERE tq.test_id = ${id} AND tq.question_id = ${qid}`),
    );
    expect(row).toEqual({ selected_choice_id: choice, first_choice_id: choice, counts: { [choice!]: 1 } });
  });

  it('two answers that waited for the same lock: the second sees the first, not the question as it was before', async () => {
    const { id, qid, choices, c } = await tutorTest(1);
    // The test's row held elsewhere, so both answers start their statements and wait for it.
    const holder = new pg.Client({ connectionString: a.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM tests WHERE id = $1 FOR UPDATE', [id]);
      const send = (app: TestApp, choice: string) =>
        through(app, c).req({
          method: 'PATCH',
          url: `/api/v2/tests/${id}/questions/${qid}/answer`,
          json: { choice },
        });
      const both = Promise.all([send(a, choices[0]!), send(b, choices[1]!)]);
      await until(
        async () => {
          const { rows } = await holder.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return rows[0].n === 2;
        },
        { what: 'both answers to wait for the lock', timeoutMs: 5000 },
      );
      await holder.query('COMMIT');
      const [first, second] = await both;
      expect([first.status, second.status].sort()).toEqual([200, 409]);
    } finally {
      await holder.end();
    }
  });

  it('the solution read on an instance whose content cache is cold comes through the locked transaction', async () => {
    const { id, c, qid, correct } = await tutorTest(1);
    // Nothing has read this question's pinned content on either instance yet.
    const res = await through(b, c).req({
      method: 'PATCH',
      url: `/api/v2/tests/${id}/questions/${qid}/answer`,
      json: { choice: correct },
    });
    expect(res.status).toBe(200);
    expect(res.body.question.solution).toMatchObject({ correctAnswerChoice: correct });
  });
});

describe('a create retried while the first is still running (same client uuid)', () => {
  it('10 at once across two instances all answer the one test the first made', async () => {
    const bank = await buildBank(a.deps.db, { subcategories: 2, perSubcategory: 5 });
    const c = await signedIn(a, {
      product: bank.product.id,
      subscription: { student: true, type: 'PREMIUM' },
    });
    const user = c.user;
    const uuid = randomUUID();
    const body = {
      uuid,
      productUuid: bank.product.id,
      mode: 'TIMED',
      pools: ['ALL'],
      subcategoryUuids: bank.subcategoryIds,
      numQuestions: 6,
    };
    const all = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        through(i % 2 ? b : a, c).req({ method: 'POST', url: '/api/v2/tests', json: body }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(all.map((r) => JSON.stringify(r.body)))).toEqual(
      new Set([JSON.stringify({ uuid, numQuestions: 6 })]),
    );
    const [n] = rowsOf(
      await a.deps.db.execute(sql`SELECT count(*)::int AS n FROM tests WHERE user_id = ${user.id}`),
    );
    expect(n).toEqual({ n: 1 });
  });
});
