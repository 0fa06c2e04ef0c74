// npm run bench: latency (p50/p99) and throughput of hot endpoints next to a bare Fastify handler on the same machine.
// Data is generated at scale first. Uses PGlite in a temp folder, or PostgreSQL with BENCH_DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/passwords';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const userCount = Number(process.env.BENCH_USERS ?? 20_000);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 5_000);

interface Row {
  scenario: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function measure(
  scenario: string,
  url: string,
  headers: Record<string, string> = {},
  post?: unknown,
): Promise<Row> {
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: post === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(post === undefined ? {} : { method: 'POST' as const, body: JSON.stringify(post) }),
  });
  return {
    scenario,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: Math.round(r.requests.average),
    errors: r.non2xx + r.errors,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-bench-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const database = await openDatabase(config);
  await database.migrate();

  console.log(`Generating ${userCount} users with sessions ...`);
  const hash = await hashPassword('bench-password-1');
  await database.db.execute(sql`
    INSERT INTO users (email, first_name, last_name, password_hash, email_verified_at)
    SELECT 'bench' || g || '@example.com', 'Bench', 'User ' || g, ${hash}, now() FROM generate_series(1, ${userCount}) g`);
  await database.db.execute(sql`
    INSERT INTO sessions (id_hash, user_id, access_token, expires_at)
    SELECT md5(u.id::text), u.id, md5(u.email), now() + interval '30 days' FROM users u`);

  console.log(`Generating ${productCount} products with plans ...`);
  // Names and content from a small vocabulary, so a word matches a realistic share of the store.
  await database.db.execute(sql`
    INSERT INTO products (name, content, target_audience, product_category)
    SELECT
      (ARRAY['Cardiology','Nursing','Pharmacy','Audit','Radiology','Dental','Aviation','Legal'])[1 + g % 8]
        || ' Review ' || g,
      'Board-style questions on ' ||
        (ARRAY['physiology','pathology','taxation','anatomy','navigation','ethics','statistics'])[1 + g % 7] ||
        ' and ' || (ARRAY['pharmacology','microbiology','contracts','imaging','surgery'])[1 + g % 5] ||
        ' with full explanations. Edition ' || g,
      'Candidates for exam ' || g, 'PHYSICIAN'
    FROM generate_series(1, ${productCount}) g`);
  await database.db.execute(sql`
    INSERT INTO billing_plans (product_id, plan_name, price_cents, frequency_type, stripe_price_id, active)
    SELECT id, 'Monthly', 4900, 'MONTHLY', 'price_bench_' || md5(id::text), (random() < 0.9) FROM products`);
  await database.db.execute(sql`
    INSERT INTO billing_plans (product_id, plan_name, price_cents, frequency_type, stripe_price_id)
    SELECT id, 'Free sample', 0, 'INDEFINITE', NULL FROM products WHERE random() < 0.5`);
  await database.db.execute(sql`ANALYZE`);

  const { app } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    body: new URLSearchParams({
      username: `bench${Math.ceil(userCount / 2)}@example.com`,
      password: 'bench-password-1',
    }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

  const bare = Fastify();
  bare.get('/', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`;

  const rows: Row[] = [];
  rows.push(await measure('bare Fastify handler', bareUrl));
  rows.push(await measure('GET /api/health (no database)', `${base}/api/health`));
  rows.push(
    await measure(`GET /api/v1/session (signed in, ${userCount} users)`, `${base}/api/v1/session`, {
      cookie,
    }),
  );
  rows.push(await measure('GET /api/v2/users/me (signed in)', `${base}/api/v2/users/me`, { cookie }));
  const searchUrl = `${base}/api/v2/products/productSearchContent?sortField=name&sortOrder=ASC`;
  rows.push(
    await measure(
      `store search, one rare word ("edition 4242"), ${productCount} products`,
      searchUrl,
      {},
      {
        searchTerm: 'edition 4242',
      },
    ),
  );
  rows.push(
    await measure(
      `store search, word prefix ("cardio surg", ~1/40 of the store)`,
      searchUrl,
      {},
      {
        searchTerm: 'cardio surg',
      },
    ),
  );
  rows.push(
    await measure(
      `store search, blank term: all ${productCount} products and plans`,
      searchUrl,
      {},
      {
        searchTerm: ' ',
      },
    ),
  );

  console.log(`\n${database.kind}, ${connections} connections, ${seconds} s each\n`);
  console.log('| scenario | p50 ms | p99 ms | req/s | errors |\n| --- | ---: | ---: | ---: | ---: |');
  for (const r of rows) console.log(`| ${r.scenario} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.errors} |`);

  await bare.close();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
