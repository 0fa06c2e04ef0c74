import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}

export function pgUrl(database: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

/** With TEST_DB=postgres: one migrated template database per run, copied per test file, all dropped at the end. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('pgTemplate', null);
    return;
  }
  const prefix = `qbank_test_${process.pid}_${Date.now()}`;
  const template = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const db = await openPostgres(pgUrl(template), 2);
  await db.migrate();
  await db.close();
  project.provide('pgTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}%`],
    );
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.end();
  };
}
