// npm run bench: latency (p50/p99) at a fixed rate and the most requests per second of the endpoints people hit,
// next to a bare Fastify handler on the same machine. Data is generated at scale first, shaped like real
// products. The load comes from its own process (load.ts), with browser headers, after a warm-up, cycling
// through many terms, products and users: the fixed rate evenly paced and open-loop, the most with autocannon. Uses the embedded PostgreSQL server in a temp
// folder, or PostgreSQL with BENCH_DATABASE_URL.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { recordFirstAttempt } from '../apps/server/src/modules/exams';
import { auditWriteTable, measureAuditWrite, printAuditWriteRows } from './audit-write';
import { generateStore, searchTermsFor } from './data';
import { enrolmentTable, measureDuringEnrolment, printEnrolmentRows } from './enrolment';
import { importTable, measureDuringImport, printImportRows } from './imports';
import type { LoadJob, LoadRequest, LoadResult } from './load';
import {
  generateItemStats,
  generateQuestionBank,
  QUESTION_TERMS,
  SPECIFIC_TERMS,
  saveBody,
} from './questions';
import { recordSection, runStart } from './report';
import { generateTestData, measureCreates, type TestData } from './tests';

const env = process.env;
const seconds = Number(env.BENCH_SECONDS ?? 5);
const warmupSeconds = Number(env.BENCH_WARMUP ?? 2);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const rate = Number(env.BENCH_RATE ?? 1000);
const userCount = Number(env.BENCH_USERS ?? 20_000);
const productCount = Number(env.BENCH_PRODUCTS ?? 5_000);
const questionCount = Number(env.BENCH_QUESTIONS ?? 100_000);
/** My Questions is a staff screen: its latency is measured at a rate a busy authoring team could reach. */
const authoringRate = Number(env.BENCH_AUTHORING_RATE ?? 100);
/** Past answers of each learner who creates tests (fewer makes the data quicker to generate while profiling). */
const pastAnswers = Number(env.BENCH_PAST_ANSWERS ?? 20_000);
/**
 * Only the scenarios whose name contains this (e.g. BENCH_ONLY=store), or one of these, split by `|`
 * (BENCH_ONLY="bare|common word": a scenario beside the bare handler of the same run).
 */
const only = env.BENCH_ONLY?.toLowerCase().split('|');
/** A folder: the server's CPU profile of each scenario is written there (open it in Chrome's DevTools). */
const profileDir = env.BENCH_PROFILE;
/** The profile's sampling interval in microseconds (V8's default is 1,000; 100 finds short stops). */
const profileInterval = Number(env.BENCH_PROFILE_INTERVAL ?? 1000);

/** What a browser sends with every call. */
const BROWSER = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};

interface Scenario {
  name: string;
  url: string;
  requests: LoadRequest[];
  /** The fixed rate, or null to measure only the most it serves (sign-in hashes a password on purpose). */
  rate: number | null;
}

const loadScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load.ts');

/** Runs one scenario's load in a child process, with the server's CPU profile taken when BENCH_PROFILE asks. */
type Measured = LoadResult & {
  /** The server process's CPU time (all its threads) per request answered in the fixed-rate run, in µs. */
  cpuPerRequest: number | null;
};

async function measure(s: Scenario): Promise<Measured> {
  if (!profileDir) return load(s);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: profileInterval });
  await session.post('Profiler.start');
  try {
    return await load(s);
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(profileDir, { recursive: true });
    const file = path.join(profileDir, `${s.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

function load(s: Scenario): Promise<Measured> {
  const job: LoadJob = {
    url: s.url,
    requests: s.requests,
    connections,
    warmupSeconds,
    seconds,
    rate: s.rate,
  };
  return new Promise((resolve, reject) => {
    const child = fork(loadScript, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    let cpuAtStart: NodeJS.CpuUsage | null = null;
    let cpuUsed: NodeJS.CpuUsage | null = null;
    child.on('message', (m: { mark?: string; ok?: boolean; result?: LoadResult; error?: string }) => {
      if (m.mark === 'fixed start') cpuAtStart = process.cpuUsage();
      else if (m.mark === 'fixed end' && cpuAtStart) cpuUsed = process.cpuUsage(cpuAtStart);
      else if (m.ok) {
        child.kill();
        const { fixed } = m.result!;
        const cpuPerRequest =
          fixed && cpuUsed && fixed.answered > 0
            ? Math.round((cpuUsed.user + cpuUsed.system) / fixed.answered)
            : null;
        resolve({ ...m.result!, cpuPerRequest });
      } else {
        child.kill();
        reject(new Error(m.error));
      }
    });
    child.once('error', reject);
    child.send(job);
  });
}

async function main() {
  const started = runStart();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-bench-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ...(env.BENCH_DATABASE_URL ? { DATABASE_URL: env.BENCH_DATABASE_URL } : {}),
  });
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;

  console.log(`Generating ${userCount} users with sessions ...`);
  const hash = await hashPassword('bench-password-1');
  await db.execute(sql`
    INSERT INTO users (email, first_name, last_name, password_hash, email_verified_at)
    SELECT 'bench' || g || '@example.com', 'Bench', 'User ' || g, ${hash}, now() FROM generate_series(1, ${userCount}) g`);
  // A session per user whose cookie is known: the cookie is 'bench-session-N', the row keeps its SHA-256.
  await db.execute(sql`
    INSERT INTO sessions (id_hash, user_id, access_token, expires_at)
    SELECT encode(sha256(convert_to('bench-session-' || substr(u.email, 6, position('@' in u.email) - 6), 'UTF8')), 'hex'),
      u.id, md5(u.email), now() + interval '30 days'
    FROM users u`);

  console.log(`Generating ${productCount} products with plans and subscriptions ...`);
  await generateStore(db, productCount);
  // Users subscribe to a few products each, so users/me answers real lists.
  await db.execute(sql`
    WITH p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM products),
      u AS (SELECT id, row_number() OVER (ORDER BY email) AS r FROM users)
    INSERT INTO subscriptions (user_id, product_id, type, active)
    SELECT u.id, p.id, CASE WHEN n % 3 = 0 THEN 'PREMIUM' ELSE 'BASIC' END, n % 5 <> 0
    FROM u CROSS JOIN generate_series(0, 2) n JOIN p ON p.i = (u.r * 7 + n * 131) % ${productCount}
    ON CONFLICT DO NOTHING`);

  console.log(`Generating a bank of ${questionCount} questions ...`);
  const writerIds = (
    (await db.execute(sql`SELECT id FROM users ORDER BY email LIMIT 50`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows.map((r) => r.id);
  const bank = await generateQuestionBank(db, questionCount, writerIds);
  await generateItemStats(db, bank.productId);
  // The bench users who make requests are the bank's admins: My Questions shows them every question.
  await db.execute(sql`
    INSERT INTO subscriptions (user_id, product_id, type, student, admin, question_auditor)
    SELECT id, ${bank.productId}, 'PRIVILEGED', false, true, true FROM users
    WHERE email ~ '^bench[0-9]+@' AND substr(email, 6, position('@' in email) - 6)::int <= 2000`);
  // Test taking: learners with 20,000 past answers, running tests to answer, completed ones to review.
  const wantsTests = !only || only.some((o) => 'tests:'.includes(o) || o.startsWith('tests'));
  let testData: TestData | null = null;
  if (wantsTests) {
    console.log(
      `Generating test-taking data: 50 learners x ${pastAnswers} past answers, 2,000 running tests, 200 completed ...`,
    );
    const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    testData = await generateTestData(db, bank, {
      history: range(2001, 50),
      answers: pastAnswers,
      runners: range(1, 2000),
      reviewers: range(2051, 200),
    });
  }
  // The Students screen: 10,000 students of the bank (one in ten whose access ended, a quarter on the free
  // plan) with figures spread as a real class's, read by its admins.
  const rosterSize = Math.max(0, Math.min(10_000, userCount - 2000));
  const wantsRoster = !only || only.some((o) => 'roster:'.includes(o) || o.startsWith('roster'));
  if (wantsRoster && rosterSize > 0) {
    console.log(`Generating the Students screen's data: ${rosterSize} students with their figures ...`);
    await db.execute(sql`
      WITH u AS (
        SELECT id, substr(email, 6, position('@' in email) - 6)::int AS n FROM users WHERE email ~ '^bench[0-9]+@')
      INSERT INTO subscriptions (user_id, product_id, type, student, active)
      SELECT id, ${bank.productId}, CASE WHEN n % 4 = 0 THEN 'BASIC' ELSE 'PREMIUM' END, true, n % 10 <> 0
      FROM u WHERE n > 2000 AND n <= ${2000 + rosterSize}
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      WITH u AS (
        SELECT id, substr(email, 6, position('@' in email) - 6)::int AS n FROM users WHERE email ~ '^bench[0-9]+@')
      INSERT INTO learner_stats (user_id, product_id, answered, correct, questions_used, tests_taken, last_active_at)
      SELECT id, ${bank.productId}, (n * 37) % 500, ((n * 37) % 500) * (3 + n % 7) / 10, (n * 37) % 500 + n % 50,
        n % 30, CASE WHEN n % 13 = 0 THEN NULL ELSE now() - ((n % 90) || ' days')::interval END
      FROM u WHERE n > 2000 AND n <= ${2000 + rosterSize}
      ON CONFLICT DO NOTHING`);
  }
  // An assignment of 100 published questions taken by 1,000 of those students (bench users 2001-3000), each
  // first attempt finished with answers spread as a real class's: what its results page reads.
  const wantsAssignment =
    !only || only.some((o) => 'assignment results'.includes(o) || o.startsWith('assignment'));
  let assignmentId: string | null = null;
  if (wantsAssignment && rosterSize >= 1000) {
    console.log('Generating an assignment of 100 questions taken by 1,000 students ...');
    const [t] = (
      (await db.execute(sql`
        WITH q AS (SELECT question_id FROM question_pool WHERE product_id = ${bank.productId} ORDER BY rk LIMIT 100),
        tpl AS (
          INSERT INTO test_templates (product_id, name) VALUES (${bank.productId}, 'Bench assignment') RETURNING id),
        ver AS (
          INSERT INTO test_template_versions (template_id, number, spec)
          SELECT tpl.id, 1, jsonb_build_object('selection', jsonb_build_object('kind', 'QUESTIONS',
            'questionUuids', (SELECT jsonb_agg(question_id) FROM q)), 'order', 'AS_LISTED', 'mode', 'TIMED',
            'timeLimitMinutes', 120, 'passingScore', 60) FROM tpl RETURNING template_id, spec)
        INSERT INTO assignments (product_id, template_id, template_version, name, spec, question_ids, opens_at,
          closes_at, late_policy, attempts_allowed, answers_shown)
        SELECT ${bank.productId}, ver.template_id, 1, 'Bench assignment', ver.spec, ver.spec->'selection'->'questionUuids',
          now() - interval '7 days', now() + interval '7 days', 'NONE', 1, 'AFTER_CLOSE'
        FROM ver RETURNING id`)) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    assignmentId = t!.id;
    await db.execute(sql`
      WITH u AS (
        SELECT id, substr(email, 6, position('@' in email) - 6)::int AS n FROM users WHERE email ~ '^bench[0-9]+@')
      INSERT INTO assignment_students (assignment_id, user_id) SELECT ${assignmentId}, id FROM u WHERE n BETWEEN 2001 AND 3000`);
    await db.execute(sql`
      WITH u AS (
        SELECT id, substr(email, 6, position('@' in email) - 6)::int AS n FROM users WHERE email ~ '^bench[0-9]+@')
      INSERT INTO tests (id, user_id, product_id, name, mode, status, num_questions, pools, subcategory_ids,
        time_limit_ms, time_used_ms, created_at, finished_at, assignment_id, ends_at)
      SELECT gen_random_uuid(), id, ${bank.productId}, 'Bench assignment', 'TIMED', 'COMPLETED', 100, '["ALL"]',
        '[]', 7200000, 1800000 + n * 1000, now() - interval '2 days', now() - interval '1 day' + n * interval '1 second',
        ${assignmentId}, now() + interval '7 days'
      FROM u WHERE n BETWEEN 2001 AND 3000`);
    // Student n answers question k right with a chance that grows with n and falls with k; a wrong answer is one
    // of the other choices; a few are left blank.
    await db.execute(sql`
      WITH a AS (SELECT question_ids FROM assignments WHERE id = ${assignmentId}),
      q AS (
        SELECT k - 1 AS pos, v.question_id, v.id AS version_id, v.subcategory_id, v.choices, v.correct_choice_id
        FROM a, jsonb_array_elements_text(a.question_ids) WITH ORDINALITY AS e(qid, k)
        JOIN question_pool p ON p.question_id = e.qid::uuid JOIN question_versions v ON v.id = p.version_id),
      t AS (
        SELECT t.id, substr(u.email, 6, position('@' in u.email) - 6)::int AS n
        FROM tests t JOIN users u ON u.id = t.user_id WHERE t.assignment_id = ${assignmentId}),
      pick AS (
        SELECT t.id AS test_id, q.*, CASE
          WHEN (t.n * 31 + q.pos * 17) % 50 = 0 THEN NULL
          WHEN ((t.n * 7919 + q.pos * 104729) % 1000) / 1000.0 < 0.3 + (t.n - 2000) / 2000.0 - q.pos / 400.0
            THEN q.correct_choice_id
          ELSE ((q.choices -> ((t.n + q.pos)::int % jsonb_array_length(q.choices)))->>'id')::uuid END AS chosen
        FROM t CROSS JOIN q)
      INSERT INTO test_questions (test_id, position, question_id, question_version_id, subcategory_id,
        selected_choice_id, correct, answered_at)
      SELECT test_id, pos, question_id, version_id, subcategory_id, chosen, chosen = correct_choice_id,
        CASE WHEN chosen IS NULL THEN NULL ELSE now() - interval '1 day' END
      FROM pick`);
    await db.execute(sql`
      UPDATE tests t SET answered = s.answered, correct = s.correct, score_percent = round(s.correct * 100.0 / 100)
      FROM (SELECT test_id, count(selected_choice_id)::int AS answered, count(*) FILTER (WHERE correct)::int AS correct
        FROM test_questions GROUP BY test_id) s
      WHERE s.test_id = t.id AND t.assignment_id = ${assignmentId}`);
    // Each attempt added to the results' sums as finalising it does.
    const attempts = (
      (await db.execute(sql`SELECT id FROM tests WHERE assignment_id = ${assignmentId}`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows;
    for (const a of attempts) await recordFirstAttempt(db, a.id);
  }
  // The audit log at scale (docs/audit-log.md): BENCH_AUDIT_ROWS entries (10 million by default) across the
  // products, by the first 2,000 users, 40 kinds of action, over two years; read by a superuser (the last user).
  const wantsAudit = !!only?.some((o) => o.startsWith('audit'));
  const auditRows = Number(env.BENCH_AUDIT_ROWS ?? 10_000_000);
  if (wantsAudit) {
    console.log(`Generating ${auditRows} audit log entries ...`);
    await db.execute(sql`UPDATE users SET superuser = true WHERE email = ${`bench${userCount}@example.com`}`);
    // A million a statement: each stays well inside the server's statement timeout.
    for (let from = 1; from <= auditRows; from += 1_000_000)
      await db.execute(sql`
      WITH p AS (SELECT array_agg(id ORDER BY id) AS ids FROM products),
        u AS (SELECT array_agg(id ORDER BY email) AS ids FROM (SELECT id, email FROM users ORDER BY email LIMIT 2000) x)
      INSERT INTO audit_log (at, actor_id, product_id, action, details, ip)
      SELECT now() - (g % 63072000) * interval '1 second',
        u.ids[1 + (g * 7) % array_length(u.ids, 1)], p.ids[1 + (g * 13) % array_length(p.ids, 1)],
        'area' || (g % 8) || '.verb' || (g % 5), jsonb_build_object('n', g, 'name', 'Thing ' || g), '10.0.0.' || (g % 250)
      FROM generate_series(${from}::int, ${Math.min(from + 999_999, auditRows)}::int) g, p, u`);
  }
  // Super → Users at scale (docs/superuser.md): accounts up to BENCH_SEARCH_USERS (a million by default), named
  // from 26 first and 16 last names with random suffixes, so a common start matches tens of thousands; searched by
  // a superuser (the last bench user) for starts of sampled e-mails and names, single letters and misses.
  const wantsUserSearch = !!only?.some((o) => o.startsWith('users search'));
  const searchUsers = Number(env.BENCH_SEARCH_USERS ?? 1_000_000);
  let searchPrefixes: string[] = [];
  if (wantsUserSearch) {
    console.log(`Generating users up to ${searchUsers} for the users search ...`);
    await db.execute(sql`UPDATE users SET superuser = true WHERE email = ${`bench${userCount}@example.com`}`);
    for (let from = userCount + 1; from <= searchUsers; from += 250_000)
      await db.execute(sql`
      INSERT INTO users (email, first_name, last_name, password_hash, email_verified_at)
      SELECT lower(f || '.' || l || g || '@' || (ARRAY['example.com','mail.org','school.edu','nurse.net'])[1 + g % 4]),
        f, l, ${hash}, now()
      FROM generate_series(${from}::int, ${Math.min(from + 249_999, searchUsers)}::int) g,
      LATERAL (SELECT (ARRAY['Ada','Ben','Carla','David','Emma','Frank','Grace','Hugo','Iris','John','Kate','Liam',
          'Maria','Noah','Olga','Paul','Quinn','Rosa','Sam','Tara','Uma','Victor','Wendy','Xavier','Yara',
          'Zoe'])[1 + (g * 7) % 26] || substr(md5(g::text), 1, 2) AS f,
        (ARRAY['Smith','Jones','Brown','Garcia','Miller','Davis','Lopez','Wilson','Taylor','Moore','Lee','Walker',
          'Young','King','Wright','Hill'])[1 + (g * 13) % 16] || substr(md5((g + 1)::text), 1, 3) AS l) n`);
    const sampled = (await db.execute(sql`
      SELECT left(CASE k % 3 WHEN 0 THEN email WHEN 1 THEN lower(first_name || ' ' || last_name)
        ELSE lower(last_name) END, 1 + (k % 14)::int) AS p
      FROM (SELECT row_number() OVER () AS k, * FROM users TABLESAMPLE SYSTEM (1) REPEATABLE (7) LIMIT 1000) s`)) as unknown as {
      rows: Array<{ p: string }>;
    };
    searchPrefixes = [
      ...sampled.rows.map((r) => r.p),
      ...Array.from({ length: 100 }, (_, g) => `zq${g}`),
      ...Array.from({ length: 100 }, (_, g) => String.fromCharCode(97 + (g % 26))),
    ];
  }
  // The generated rows settled as a live database's are, before anything is measured: vacuumed (hint bits
  // set, pages all-visible, nothing left for autovacuum to do during a run), analysed, and checkpointed.
  await db.execute(sql`VACUUM (ANALYZE)`);
  await db.execute(sql`CHECKPOINT`);
  const productIds = (
    (await db.execute(
      sql`SELECT id FROM products WHERE published ORDER BY random() LIMIT 1000`,
    )) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows.map((r) => r.id);

  const { app, deps, jobs } = await buildApp({ config, database, logger: false, startJobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const bare = Fastify();
  bare.get('/', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const users = Array.from({ length: Math.min(userCount, 2000) }, (_, i) => i + 1);
  const signedIn = (p: string): LoadRequest[] =>
    users.map((n) => ({
      method: 'GET',
      path: p,
      headers: { ...BROWSER, cookie: `qbank_session=bench-session-${n}` },
    }));
  const get = (p: string): LoadRequest => ({ method: 'GET', path: p, headers: BROWSER });
  const search = (term: string, query: string): LoadRequest => ({
    method: 'POST',
    path: `/api/v2/products/productSearchContent?sortField=name&${query}`,
    headers: { ...BROWSER, 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ searchTerm: term }),
  });
  const asAdmin = (
    n: number,
    p: string,
    method: LoadRequest['method'] = 'GET',
    body?: unknown,
  ): LoadRequest => ({
    method,
    path: p,
    headers: {
      ...BROWSER,
      cookie: `qbank_session=bench-session-${n}`,
      ...(body === undefined
        ? {}
        : {
            'content-type': 'application/json',
            origin: base,
            'x-csrf-token': createHash('md5').update(`bench${n}@example.com`).digest('hex'),
          }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const listPath = `/api/v2/questions/products/${bank.productId}/writerOrAuditor`;
  const terms = searchTermsFor(productCount);
  const orders = ['ASC', 'DESC'];
  // The full list of a common word is large (a subject matches a fifth of the store): fewer terms than pages.
  const FULL_LIST_TERMS = 200;
  // SPEC §7's unpaged lists (1-6 MB each; the store screen asks for pages) serve 10-120 a second here. At the
  // scenarios' 1,000 a second they only built a queue whose leftovers ran into the next scenario's figures.
  const fullListRate = Number(env.BENCH_FULL_LIST_RATE ?? 5);

  const NEVER_ASKED_WORDS = ['edition', 'covers', 'questions', 'exam', 'board', 'review'];
  const neverAsked = Array.from({ length: NEVER_ASKED_WORDS.length * productCount * 2 }, (_, i) => {
    const word = NEVER_ASKED_WORDS[Math.floor(i / productCount) % NEVER_ASKED_WORDS.length];
    const order = orders[Math.floor(i / (productCount * NEVER_ASKED_WORDS.length))];
    return search(`${word} ${(i % productCount) + 1}`, `sortOrder=${order}&page=0&size=24`);
  });

  const scenarios: Scenario[] = [
    { name: 'bare Fastify handler', url: bareUrl, requests: [get('/')], rate },
    { name: 'GET /api/health (SELECT 1)', url: base, requests: [get('/api/health')], rate },
    {
      name: `fetchContent (${productIds.length} products)`,
      url: base,
      requests: productIds.map((id) => get(`/api/v2/products/${id}/fetchContent`)),
      rate,
    },
    {
      name: `billingPlans (${productIds.length} products)`,
      url: base,
      requests: productIds.map((id) => get(`/api/v2/products/${id}/billingPlans`)),
      rate,
    },
    {
      name: `POST /login (${users.length} users, argon2id)`,
      url: base,
      requests: users.map(
        (n): LoadRequest => ({
          method: 'POST',
          path: '/login',
          headers: { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded', origin: base },
          body: new URLSearchParams({
            username: `bench${n}@example.com`,
            password: 'bench-password-1',
          }).toString(),
        }),
      ),
      rate: null,
    },
    {
      name: `GET /api/v1/session (${users.length} users)`,
      url: base,
      requests: signedIn('/api/v1/session'),
      rate,
    },
    {
      name: `GET /api/v2/users/me (${users.length} users)`,
      url: base,
      requests: signedIn('/api/v2/users/me'),
      rate,
    },
    {
      name: `store blank, full list (${productCount} products)`,
      url: base,
      requests: orders.map((o) => search(' ', `sortOrder=${o}`)),
      rate: fullListRate,
    },
    {
      name: 'store blank, pages of 24 (pages 0-9, both orders)',
      url: base,
      requests: orders.flatMap((o) =>
        Array.from({ length: 10 }, (_, p) => search(' ', `sortOrder=${o}&page=${p}&size=24`)),
      ),
      rate,
    },
    {
      name: `store selective, full list (${FULL_LIST_TERMS} terms, both orders)`,
      url: base,
      requests: terms
        .slice(0, FULL_LIST_TERMS)
        .flatMap((t) => orders.map((o) => search(t, `sortOrder=${o}`))),
      rate: fullListRate,
    },
    {
      name: `store selective, pages of 24 (${terms.length} terms, pages 0-1)`,
      url: base,
      requests: terms.flatMap((t, i) =>
        [0, 1].map((p) => search(t, `sortOrder=${orders[i % 2]}&page=${p}&size=24`)),
      ),
      rate,
    },
    {
      // A word and an edition's number: combinations no one asked before in the run (the warm-up included),
      // of words asked before (a word's lexemes are kept once looked up): more than a default run (5 s each) sends at
      // 5,000/s; a longer most-served run may come round to the first ones, long gone from the kept answers.
      name: `store selective, never asked before (${neverAsked.length} terms)`,
      url: base,
      requests: neverAsked,
      rate,
    },
    {
      name: `My Questions, page of 25, no filter (${questionCount} questions)`,
      url: base,
      requests: users.map((n) => asAdmin(n, `${listPath}?page=${n % 10}`)),
      rate: authoringRate,
    },
    {
      name: 'My Questions, status + a specific word',
      url: base,
      requests: users.map((n) =>
        asAdmin(
          n,
          `${listPath}?status=${n % 2 ? 'PUBLISHED' : 'SUBMITTED'}&text=${SPECIFIC_TERMS[n % SPECIFIC_TERMS.length]}`,
        ),
      ),
      rate: authoringRate,
    },
    {
      name: 'My Questions, status + a common word',
      url: base,
      requests: users.map((n) =>
        asAdmin(
          n,
          `${listPath}?status=${n % 2 ? 'PUBLISHED' : 'SUBMITTED'}&text=${encodeURIComponent(QUESTION_TERMS[n % QUESTION_TERMS.length]!)}`,
        ),
      ),
      rate: authoringRate,
    },
    {
      name: 'My Questions, subject + status, page 3',
      url: base,
      requests: users.map((n) =>
        asAdmin(
          n,
          `${listPath}?status=PUBLISHED&subjectUuid=${bank.subjectIds[n % bank.subjectIds.length]}&page=3`,
        ),
      ),
      rate: authoringRate,
    },
    {
      // Item statistics (decision 0030): a figure's sort both ways over pages 0-9, the flagged questions in the
      // default order and by facility, a figure's sort within a status.
      name: `My Questions, sorted by discrimination / needs checking (${questionCount} questions)`,
      url: base,
      requests: users.map((n) => {
        const order = n % 2 ? 'DESC' : 'ASC';
        const kind = n % 4;
        return asAdmin(
          n,
          kind === 0
            ? `${listPath}?sortField=discrimination&sortOrder=${order}&page=${n % 10}`
            : kind === 1
              ? `${listPath}?needsChecking=true&page=${n % 10}`
              : kind === 2
                ? `${listPath}?needsChecking=true&sortField=facility&sortOrder=${order}`
                : `${listPath}?status=PUBLISHED&sortField=${n % 3 ? 'discrimination' : 'timesAnswered'}&sortOrder=${order}&page=${n % 5}`,
        );
      }),
      rate: authoringRate,
    },
    {
      name: `roster: Students page of 50 with figures, sorted by each column (${rosterSize} students)`,
      url: base,
      requests: users.map((n) => {
        const fields = [
          'name',
          'percentCorrect',
          'lastActiveAt',
          'questionsUsed',
          'testsTaken',
          'email',
          'plan',
          'cohorts',
        ];
        const order = n % 2 ? 'DESC' : 'ASC';
        return asAdmin(
          n,
          `/api/v2/products/${bank.productId}/students?page=${n % 20}&sortField=${fields[n % fields.length]}&sortOrder=${order}`,
        );
      }),
      rate: authoringRate,
    },
    {
      name: 'roster: Students search and filter (a name, inactive for 30 days, the free plan)',
      url: base,
      requests: users.map((n) =>
        asAdmin(
          n,
          `/api/v2/products/${bank.productId}/students?${
            n % 3 === 0
              ? `search=User%20${2000 + n}`
              : n % 3 === 1
                ? 'inactiveDays=30'
                : 'plan=BASIC&sortField=percentCorrect'
          }`,
        ),
      ),
      rate: authoringRate,
    },
    ...(assignmentId
      ? [
          {
            name: 'assignment results (1000 students x 100 questions)',
            url: base,
            requests: users.map((n) => asAdmin(n, `/api/v2/assignments/${assignmentId}/results`)),
            rate: Number(env.BENCH_RESULTS_RATE ?? 10),
          },
        ]
      : []),
    ...(wantsAudit
      ? [
          {
            // The superuser's log: the newest page, one product's, one person's, one action's, and a page deep in
            // a product's history (by its cursor).
            name: `audit log search (${auditRows} entries)`,
            url: base,
            requests: users.map((n) => {
              const kind = n % 5;
              const product = productIds[n % productIds.length];
              return asAdmin(
                userCount,
                kind === 0
                  ? '/api/v2/auditLog'
                  : kind === 1
                    ? `/api/v2/auditLog?productUuid=${product}`
                    : kind === 2
                      ? `/api/v2/auditLog?actorEmail=bench${(n % 2000) + 1}%40example.com`
                      : kind === 3
                        ? `/api/v2/auditLog?action=area${n % 8}.verb${n % 5}`
                        : `/api/v2/auditLog?productUuid=${product}&before=${encodeURIComponent(
                            `${new Date(Date.now() - (n % 700) * 86_400_000).toISOString()}_${n * 1000}`,
                          )}`,
              );
            }),
            rate: Number(env.BENCH_AUDIT_RATE ?? 20),
          },
        ]
      : []),
    ...(wantsUserSearch
      ? [
          {
            name: `users search (${searchUsers} users)`,
            url: base,
            requests: searchPrefixes.map((p) =>
              asAdmin(userCount, `/api/v2/superuser/users?search=${encodeURIComponent(p)}`),
            ),
            rate: Number(env.BENCH_USERS_SEARCH_RATE ?? 20),
          },
        ]
      : []),
    {
      name: 'question statusCounts',
      url: base,
      requests: users.map((n) => asAdmin(n, `/api/v2/questions/products/${bank.productId}/statusCounts`)),
      rate: authoringRate,
    },
    {
      name: 'question save (PUT, a new version)',
      url: base,
      requests: users.map((n) => {
        const i = n % bank.questionIds.length;
        return asAdmin(
          n,
          `/api/v2/questions/${bank.questionIds[i]}`,
          'PUT',
          saveBody(bank.productId, bank.questionIds[i]!, i + 1),
        );
      }),
      rate: Math.min(rate, 200),
    },
    ...(testData
      ? [
          {
            name: 'tests: answer (PATCH, durable, 2000 running 100-question tests)',
            url: base,
            // Learner after learner, as 2,000 people answering at once send them: the next answer of one
            // test comes 2,000 requests later, never while its previous one is being written (one person
            // answers one question at a time). Two different choices in turn: every answer is a change.
            requests: [0, 1].flatMap((k) =>
              Array.from({ length: Math.max(...testData.running.map((r) => r.questions.length)) }, (_, i) =>
                testData.running.flatMap((r) => {
                  const q = r.questions[i];
                  return q
                    ? [
                        asAdmin(r.user, `/api/v2/tests/${r.testId}/questions/${q.id}/answer`, 'PATCH', {
                          choice: q.choices[(i + k) % q.choices.length],
                        }),
                      ]
                    : [];
                }),
              ).flat(),
            ),
            rate,
          },
          {
            name: 'tests: keep-alive (PATCH tests/alive)',
            url: base,
            requests: testData.running.map((r) =>
              asAdmin(r.user, '/api/v2/tests/alive', 'PATCH', { testUuid: r.testId }),
            ),
            rate,
          },
          {
            name: 'tests: review of a 100-question test with shares',
            url: base,
            requests: testData.completed.map((c) => asAdmin(c.user, `/api/v2/tests/${c.testId}/review`)),
            rate: authoringRate,
          },
          {
            name: 'tests: exam screen read (GET tests/{id}/questions, 100 questions)',
            url: base,
            requests: testData.running.map((r) => asAdmin(r.user, `/api/v2/tests/${r.testId}/questions`)),
            rate: authoringRate,
          },
        ]
      : []),
  ].filter((s) => !only || only.some((o) => s.name.toLowerCase().includes(o)));

  const rows: Array<{ name: string; rate: number | null; r: Measured }> = [];
  let createFigures: Awaited<ReturnType<typeof measureCreates>> | null = null;
  for (const s of scenarios) {
    process.stdout.write(`  ${s.name} ...`);
    const r = await measure(s);
    rows.push({ name: s.name, rate: s.rate, r });
    process.stdout.write(` ${r.max.rps} req/s\n`);
  }

  if (testData) {
    const learners = testData.historyLearners;
    const headers = (n: number) => ({
      ...asAdmin(n, '/', 'PATCH', {}).headers,
    });
    process.stdout.write(
      `  tests: create, 100 questions, UNUSED + INCORRECT, ${pastAnswers} past answers ...`,
    );
    const c = await measureCreates(base, bank, learners, 200, headers);
    process.stdout.write(` p50 ${c.p50} ms\n`);
    createFigures = c;
  }
  // The audit entry's cost to the write it follows, at the audit log's size of this run.
  const auditWriteRounds = Number(env.BENCH_AUDIT_WRITES ?? 2000);
  const auditWriteRows = await measureAuditWrite({ only: env.BENCH_ONLY, db, rounds: auditWriteRounds });
  // A 10,000-row class list enrolled into the bank, the session call measured meanwhile (its own rows).
  // 200 session calls a second: some 12,000 learners with a page open on one instance (docs/enrolment-files.md);
  // at the bench's 1,000 the call's own tail on two shared cores hides what the commit does.
  const enrolRate = Number(env.BENCH_ENROL_RATE ?? 200);
  const enrolmentRows = await measureDuringEnrolment({
    only: env.BENCH_ONLY,
    deps,
    jobs,
    base,
    bareUrl,
    productId: bank.productId,
    seconds: Number(env.BENCH_ENROL_SECONDS ?? 15),
    warmupSeconds,
    rate: enrolRate,
    connections,
    headers: asAdmin(1, '/', 'POST', {}).headers!,
    sessions: signedIn('/api/v1/session'),
  });
  // Last: it adds 20,000 questions to the bank. Its own rows, the bare handler's among them.
  const importRows = await measureDuringImport({
    only: env.BENCH_ONLY,
    deps,
    jobs,
    base,
    bareUrl,
    productId: bank.productId,
    seconds,
    warmupSeconds,
    profile: profileDir ? { dir: profileDir, intervalUs: profileInterval } : undefined,
    rate,
    connections,
    headers: asAdmin(1, '/', 'POST', {}).headers!,
    others: [get('/api/health'), search(terms[0]!, 'sortOrder=ASC&page=0&size=24')],
  });

  console.log(
    `\n${database.description}, ${productCount} products, ${userCount} users; load from its own process ` +
      `(fixed rate: evenly paced, open loop, latency from when each request was due; most: autocannon), ` +
      `${connections} connections, ${warmupSeconds} s warm-up, ${seconds} s per run, ${os.cpus().length} CPUs\n`,
  );
  const head = [
    'scenario',
    'p50 ms at rate',
    'p99 ms at rate',
    'rate req/s (served)',
    'server CPU µs/req at rate',
    'most req/s',
    'p50 / p99 ms at most',
    'errors',
  ];
  const table = rows.map(({ name, rate: rt, r }) => {
    const f = r.fixed;
    return [
      name,
      `${f ? f.p50 : '—'}`,
      `${f ? f.p99 : '—'}`,
      f ? `${rt} (${f.rps})` : '—',
      `${r.cpuPerRequest ?? '—'}`,
      `${r.max.rps}`,
      `${r.max.p50} / ${r.max.p99}`,
      `${(f?.errors ?? 0) + r.max.errors}`,
    ];
  });
  if (createFigures)
    table.push([
      `tests: create, 100 questions, UNUSED + INCORRECT, learner with ${pastAnswers} past answers (one at a time, ${createFigures.count} creates)`,
      `${createFigures.p50}`,
      `${createFigures.p99}`,
      'sequential',
      '—',
      '—',
      '—',
      `${createFigures.errors}`,
    ]);
  console.log(`| ${head.join(' | ')} |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
  for (const cells of table) console.log(`| ${cells.join(' | ')} |`);

  if (enrolmentRows) printEnrolmentRows(enrolmentRows, enrolRate);
  if (auditWriteRows) printAuditWriteRows(auditWriteRows);
  if (importRows) printImportRows(importRows, rate);

  // docs/benchmarks.md: this run's rows replace those of the same scenarios.
  const databaseName = database.description.replace(/ \(.*\)$/, '');
  recordSection('api', {
    head,
    rows: table,
    run: started,
    database: databaseName,
    settings:
      `${productCount} products, ${userCount} users, ${questionCount} questions, ${pastAnswers} past answers; ` +
      `${connections} connections, ${warmupSeconds} s warm-up, ${seconds} s per run, fixed rate ${rate} req/s ` +
      `(My Questions ${authoringRate}, full lists ${fullListRate})`,
  });
  if (enrolmentRows)
    recordSection('enrolment', {
      ...enrolmentTable(enrolmentRows),
      run: started,
      database: databaseName,
      settings: `fixed rate ${enrolRate} req/s, ${connections} connections, ${warmupSeconds} s warm-up, ${env.BENCH_ENROL_SECONDS ?? 15} s window`,
    });
  if (auditWriteRows)
    recordSection('auditWrite', {
      ...auditWriteTable(auditWriteRows),
      run: started,
      database: databaseName,
      settings: `${auditWriteRounds} writes of each kind, one at a time; ${wantsAudit ? auditRows : 'the seeded'} audit log entries`,
    });
  if (importRows)
    recordSection('import', {
      ...importTable(importRows),
      run: started,
      database: databaseName,
      settings: `fixed rate ${rate} req/s, ${connections} connections, ${warmupSeconds} s warm-up, ${seconds} s per run`,
    });

  await bare.close();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
