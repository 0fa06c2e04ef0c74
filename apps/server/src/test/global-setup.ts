import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

/** The PostgreSQL server the API tests use with TEST_DB=postgres (.ci/run sets it up). */
export const SERVER_ADMIN_URL =
  process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated template database, copied for each test file. */
    pgTemplate: string;
    /** A superuser connection string (database `postgres`) of the server holding it. */
    pgAdminUrl: string;
  }
}

/** The connection string of another database on the server that `adminUrl` names. */
export function pgUrl(adminUrl: string, database: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * One PostgreSQL server per run: by default an embedded one in a temp folder (removed after), with
 * TEST_DB=postgres the server at SERVER_ADMIN_URL. It gets one migrated template database, which each test
 * file copies (test-app.ts); the run's databases are dropped at the end.
 */
export default async function setup(project: TestProject) {
  let adminUrl = SERVER_ADMIN_URL;
  let stopServer = async () => {};
  if (process.env.TEST_DB !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-test-pg-'));
    // Throw-away data: no fsync. The server processes the tests start run their own, durable, servers.
    const server = await startEmbeddedPostgres(path.join(dir, 'pg'), { durable: false }).catch((e) => {
      fs.rmSync(dir, { recursive: true, force: true });
      throw e;
    });
    adminUrl = server.url;
    stopServer = async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const prefix = `qbank_test_${process.pid}_${Date.now()}`;
  const template = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const db = await openPostgres(pgUrl(adminUrl, template), { max: 2 });
    await db.migrate();
    await db.close();
  } catch (e) {
    await admin.end().catch(() => {});
    await stopServer();
    throw e;
  }
  project.provide('pgTemplate', template);
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${prefix}%`],
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    } finally {
      await stopServer();
    }
  };
}
