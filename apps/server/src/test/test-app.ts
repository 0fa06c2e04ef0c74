import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPostgres, type PoolOptions } from '../db/client';
import { injectTransport, TestClient } from './client';
import { pgUrl } from './global-setup';

/**
 * A new database copied from the run's migrated template (global-setup.ts), on the run's server: the
 * embedded one, or the PostgreSQL server with TEST_DB=postgres. Returns its connection string; the run drops
 * it at the end.
 */
export async function freshDatabaseUrl(label = ''): Promise<string> {
  const template = inject('pgTemplate');
  const adminUrl = inject('pgAdminUrl');
  const name = `${template.replace(/_tpl$/, '')}${label ? `_${label}` : ''}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return pgUrl(adminUrl, name);
}

/**
 * The pool size of the test apps: 5, or TEST_DB_POOL (npm test runs the suite on the PostgreSQL server with 1,
 * where code that takes a second connection inside a transaction would wait for ever).
 */
export const TEST_POOL_SIZE = Number(process.env.TEST_DB_POOL ?? 5);

/** A fresh, migrated and empty database for one test file (or the one `url` names, for a second instance). */
export async function testDatabase(pool: PoolOptions = {}, url?: string): Promise<Database> {
  return openPostgres(url ?? (await freshDatabaseUrl()), { max: TEST_POOL_SIZE, ...pool });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The whole server on a fresh database, without listening and with jobs run by hand (`runJobs`); `client()`
 * makes a client whose requests go through app.inject. With
 * `databaseUrl` (another test app's), a second instance on the same database; `pool` sets its pool.
 */
export async function createTestApp(
  overrides: Partial<Omit<BuildOptions, 'config' | 'database'>> & {
    env?: Record<string, string>;
    pool?: PoolOptions;
    databaseUrl?: string;
  } = {},
) {
  const { env, pool, databaseUrl: shared, ...rest } = overrides;
  // Media and anything else written under DATA_DIR go to a folder of this test file's own, removed at close.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    ...env,
  });
  const databaseUrl = shared ?? (await freshDatabaseUrl());
  const database = await testDatabase(pool, databaseUrl);
  const built = await buildApp({ config, database, startJobs: false, logger: false, ...rest });
  await built.app.ready();
  return {
    ...built,
    database,
    databaseUrl,
    kind: database.kind,
    runJobs: () => built.jobs.runDue(),
    /** A new browser-like client over app.inject: its own cookie jar, no Origin unless a request sends one. */
    client: () => new TestClient(injectTransport(built.app)),
    async close() {
      await built.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app of a test file, made before its tests (beforeAll) and closed after them (afterAll): one line for
 * the set-up every file repeats. The handle stands for the app once it is made; read it in tests and hooks.
 */
export function appForFile<T extends { close(): Promise<void> }>(make: () => Promise<T>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    await made?.close();
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!made) throw new Error('The app of this file is made in beforeAll: read it in a test or a hook');
      const value = Reflect.get(made, key);
      return typeof value === 'function' ? value.bind(made) : value;
    },
  });
}
