import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { PG_ADMIN_URL, pgUrl } from './global-setup';

let pgliteTemplate: Promise<PGlite> | null = null;

/** A migrated in-memory PGlite, made once per worker and cloned for each test database. */
async function pgliteFromTemplate(): Promise<Database> {
  pgliteTemplate ??= (async () => {
    const t = await PGlite.create();
    const d = await openPglite(null, t);
    await d.migrate();
    return t;
  })();
  const clone = (await (await pgliteTemplate).clone()) as PGlite;
  return openPglite(null, clone);
}

async function postgresFromTemplate(template: string): Promise<Database> {
  const name = `${template.replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return openPostgres(pgUrl(name), 5);
}

/** A fresh database for one test file: PGlite by default, the PostgreSQL server with TEST_DB=postgres. */
export async function testDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  return template ? postgresFromTemplate(template) : pgliteFromTemplate();
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The whole server on a fresh database, without listening and with jobs run by hand (`runJobs`). */
export async function createTestApp(
  overrides: Partial<Omit<BuildOptions, 'config' | 'database'>> & { env?: Record<string, string> } = {},
) {
  const { env, ...rest } = overrides;
  const config = loadConfig({
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
    },
  };
}
