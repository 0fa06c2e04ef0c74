import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isAlive, startEmbeddedPostgres } from './embedded-postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute` answer (node-postgres), as plain objects keyed by column name. */
export const rowsOf = (res: unknown) => (res as { rows: Array<Record<string, unknown>> }).rows;

/**
 * Runs a statement as a named prepared statement, parsed and planned once per connection instead of on every
 * call: for the busiest statements only (a timed test's answer). `name` must always go with the same SQL text.
 */
export async function executePrepared(db: Db, name: string, query: SQL) {
  const d = db as unknown as { dialect: PgDialect; $client: pg.Pool };
  const q = d.dialect.sqlToQuery(query);
  return d.$client.query({ name, text: q.sql, values: q.params as unknown[] });
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  /** The embedded server under DATA_DIR, or a server named by DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** For the start-up message, e.g. "embedded PostgreSQL 18.1 (/srv/qbank/data/postgres)"; no password. */
  description: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export class DataDirInUseError extends Error {}

/** One process at a time may open an embedded data folder: a second one is refused, not allowed to corrupt it. */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'qbank.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone.
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `The data folder ${dir} is in use by another QBank process (pid ${pid}). Stop that process, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dir}.`);
}

/**
 * The embedded database: a PostgreSQL server under DATA_DIR/postgres, started by this process (after the
 * data folder is locked to it) and stopped by close().
 */
export async function openEmbedded(
  dataDir: string,
  opts: { log?: (m: string) => void } = {},
): Promise<Database> {
  const unlock = lockDataDir(dataDir);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    server = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), opts);
  } catch (e) {
    unlock();
    throw e;
  }
  const database = await openPostgres(server.url);
  return {
    ...database,
    kind: 'embedded',
    description: `embedded PostgreSQL ${server.version} (${server.dataDir})`,
    async close() {
      try {
        await database.close();
      } finally {
        await server.stop();
        unlock();
      }
    },
  };
}

/** What a connection string names, without its password: "PostgreSQL at host:port/database". */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || u.searchParams.get('host') || 'localhost'}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (e) => console.error('PostgreSQL pool error', e));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL at ${describeUrl(url)}`,
    async migrate() {
      // One migrator at a time across instances starting together.
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(conn, { schema }) as never, { migrationsFolder });
      } finally {
        await conn.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(
  opts: { databaseUrl?: string; dataDir: string },
  embedded: { log?: (m: string) => void } = {},
): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openEmbedded(opts.dataDir, embedded);
}
