import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPostgres } from '../db/client';
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

/** A fresh, migrated and empty database for one test file. */
export async function testDatabase(): Promise<Database> {
  return openPostgres(await freshDatabaseUrl(), 5);
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The whole server on a fresh database, without listening and with jobs run by hand (`runJobs`). */
export async function createTestApp(
  overrides: Partial<Omit<BuildOptions, 'config' | 'database'>> & { env?: Record<string, string> } = {},
) {
  const { env, ...rest } = overrides;
  // Media and anything else written under DATA_DIR go to a folder of this test file's own, removed at close.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    ...env,
  });
  const database = await testDatabase();
  const built = await buildApp({ config, database, startJobs: false, logger: false, ...rest });
  await built.app.ready();
  return {
    ...built,
    database,
    kind: database.kind,
    runJobs: () => built.deps.jobs.runDue(),
    async close() {
      await built.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
