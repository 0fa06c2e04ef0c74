import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../db/client';
import { billingPlans, products, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { repoRoot } from '../server-process';
import { freshDatabaseUrl } from '../test-app';

// The operator's commands (npm run qbank -- ...), run as an operator runs them: a process on a database of
// its own. They go through the services, so the API's rules hold for them too.
const run = promisify(execFile);
let url = '';
let db: Database;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-cli-'));

/** Runs a command; answers its exit code and what it printed. */
async function qbank(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli.ts'), ...args],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          STRIPE_SECRET_KEY: '',
          NODE_ENV: 'test',
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

beforeAll(async () => {
  url = await freshDatabaseUrl('cli');
  db = await openPostgres(url, { max: 2 });
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('operator commands', () => {
  it('create-user makes a verified user, and makes an existing one superuser without a second account', async () => {
    const email = `op${Date.now()}@example.com`;
    const made = await qbank(
      'create-user',
      '--email',
      email,
      '--password',
      'Correct-Horse-9',
      '--first-name',
      'Ada',
    );
    expect(made).toMatchObject({ code: 0, stdout: `Created ${email}.\n` });
    const [u] = await db.db.select().from(users).where(eq(users.email, email));
    expect(u).toMatchObject({ firstName: 'Ada', lastName: 'User', superuser: false });
    expect(u!.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(u!.passwordHash, 'Correct-Horse-9')).toBe(true);

    const again = await qbank(
      'create-user',
      '--email',
      email.toUpperCase(),
      '--password',
      'Other-Horse-10',
      '--superuser',
    );
    expect(again).toMatchObject({ code: 0, stdout: `Updated ${email} (superuser).\n` });
    const rows = await db.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.superuser).toBe(true);
  });

  it('create-user refuses a bad address or a weak password, naming the flag, and writes nothing', async () => {
    const before = (await db.db.select({ id: users.id }).from(users)).length;
    const bad = await qbank('create-user', '--email', 'not-an-address', '--password', 'Correct-Horse-9');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--email/);
    const weak = await qbank('create-user', '--email', `w${Date.now()}@example.com`, '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/--password/);
    expect((await db.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('create-product makes a QBank with one public plan, priced at the test checkout', async () => {
    const name = `Operator Bank ${Date.now()}`;
    const r = await qbank('create-product', '--name', name, '--category', 'nursing', '--price-cents', '4900');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Created QBank "${name}"`);
    expect(r.stdout).toContain('with the plan "monthly" (test checkout price');
    const [p] = await db.db.select().from(products).where(eq(products.name, name));
    expect(p!.productCategory).toBe('NURSING');
    const plans = await db.db.select().from(billingPlans).where(eq(billingPlans.productId, p!.id));
    expect(plans).toMatchObject([
      { priceCents: 4900, frequencyType: 'MONTHLY', billingPlanType: 'PUBLIC', active: true },
    ]);
    expect(plans[0]!.stripePriceId).toBeTruthy();
  });

  it('create-product keeps the billing rules: auto-renew needs a paid recurring plan, and nothing is written', async () => {
    const name = `Refused Bank ${Date.now()}`;
    const r = await qbank(
      'create-product',
      '--name',
      name,
      '--price-cents',
      '0',
      '--frequency',
      'indefinite',
      '--auto-renew',
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--auto-renew needs a paid plan/);
    expect(await db.db.select().from(products).where(eq(products.name, name))).toEqual([]);
    const blank = await qbank('create-product', '--name', '   ');
    expect(blank.code).toBe(1);
    expect(blank.stderr).toMatch(/--name is required/);
    const unknown = await qbank('create-product', '--name', name, '--category', 'astrology');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/--category must be one of/);
  });

  it('seed-demo seeds an empty database once, then says it is not empty and lists the accounts', async () => {
    // A database of its own: the earlier tests' rows make this one not empty.
    const own = await freshDatabaseUrl('cliseed');
    const saved = url;
    url = own;
    try {
      const first = await qbank('seed-demo');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^Demo data seeded\. Demo accounts:/);
      const second = await qbank('seed-demo');
      expect(second.code).toBe(0);
      expect(second.stdout).toMatch(
        /^The database is not empty; nothing seeded\. Demo accounts seeded earlier:/,
      );
      expect(second.stdout.split('\n').slice(1).filter(Boolean)).toEqual(
        first.stdout.split('\n').slice(1).filter(Boolean),
      );
    } finally {
      url = saved;
    }
  });

  it('an unknown command exits 1 and points at help', async () => {
    const r = await qbank('frobnicate');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Unknown command "frobnicate". Run: npm run qbank -- help');
  });
});
