import { AsyncLocalStorage } from 'node:async_hooks';
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
  /**
   * Says the process is stopping: connections the server ends from now on (a service manager stopping the
   * database with the app) are expected, and not told.
   */
  stopping(): void;
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
  opts: { log?: (m: string) => void; pool?: PoolOptions } = {},
): Promise<Database> {
  const unlock = lockDataDir(dataDir);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    server = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), opts);
  } catch (e) {
    unlock();
    throw e;
  }
  const database = await openPostgres(server.url, opts.pool);
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

/** How long a request waits for a pool connection before it is refused (503) instead of hanging. */
export const POOL_WAIT_MS = 5_000;

/** How long the pool gathers the ends of idle connections into one line (a server stopping ends them at once). */
const ENDED_BURST_MS = 200;

/**
 * Limits every PostgreSQL session of the app's pools sets at connect, so no statement, lock wait or forgotten
 * transaction can hold a connection (and the rows it locked) for good: a stuck query is cancelled, a lock wait
 * gives up, and a session left idle inside a transaction is ended by the server, its locks released.
 */
export const SESSION_LIMITS = {
  statement_timeout: 60_000,
  lock_timeout: 10_000,
  idle_in_transaction_session_timeout: 60_000,
} as const;

export interface PoolOptions {
  /** Connections in the pool (DB_POOL_SIZE); the API tests also run on one to prove nothing takes two. */
  max?: number;
  /** How long to wait for a free connection before refusing with PoolTimeoutError; 0 waits for ever. */
  waitMs?: number;
}

/** The pool had no free connection within its wait limit: the request answers 503, it does not hang. */
export class PoolTimeoutError extends Error {
  readonly code = 'POOL_TIMEOUT';
}

/** Code asked the pool for a second connection while its transaction held one (a bug: pass the `tx` down). */
export class SecondConnectionError extends Error {}

/** The transaction the current async context runs in, while it is open. */
const openTransaction = new AsyncLocalStorage<{ tx: Tx; open: boolean }>();

/**
 * The transaction the calling code runs inside, if any: for code that serves callers both inside and outside
 * a transaction without a parameter for it (the actor's roles, read once per request on first use).
 */
export function currentTransaction(): Tx | undefined {
  const t = openTransaction.getStore();
  return t?.open ? t.tx : undefined;
}

/**
 * Refuses, at once, a pool connection asked for inside an open transaction of the same async context. With
 * every connection held by a transaction waiting for another, a pool never moves again: under load such code
 * hangs the whole server, so it fails loudly in every run instead, and the first test through it finds it.
 */
function guardPool(pool: pg.Pool) {
  const refuse = () => {
    if (!openTransaction.getStore()?.open) return null;
    return new SecondConnectionError(
      'A pool connection was asked for inside a transaction: pass the transaction (tx) down instead',
    );
  };
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  (pool as { connect: unknown }).connect = (cb?: (e: Error) => void) => {
    const e = refuse();
    if (!e) return connect(cb);
    if (cb) return cb(e);
    return Promise.reject(e);
  };
  // pg-pool's query() takes its connection through connect(), so one guard covers both; its timeout error
  // becomes ours, which the error handler answers with 503.
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown> | undefined;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const e = refuse();
    const cb = args.at(-1);
    if (typeof cb === 'function') return e ? cb(e) : query(...args); // the callback form
    if (e) return Promise.reject(e);
    return query(...args)?.catch((err: unknown) => {
      throw poolError(err);
    });
  };
}

const poolError = (err: unknown) =>
  err instanceof Error && err.message === 'timeout exceeded when trying to connect'
    ? new PoolTimeoutError('No database connection was free in time')
    : err;

/** db.transaction, with the open transaction recorded for `currentTransaction` and the pool guard. */
function trackTransactions(db: Db) {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    if (openTransaction.getStore()?.open)
      return Promise.reject(
        new SecondConnectionError(
          'A transaction was begun inside another one: pass the transaction (tx) down instead',
        ),
      );
    return transaction(async (tx) => {
      const state = { tx, open: true };
      try {
        return await openTransaction.run(state, () => work(tx));
      } finally {
        state.open = false; // callbacks it scheduled may run later, outside it
      }
    }, config).catch((err: unknown) => {
      throw poolError(err);
    });
  }) as Db['transaction'];
}

export async function openPostgres(url: string, opts: PoolOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.waitMs ?? POOL_WAIT_MS,
    ...SESSION_LIMITS,
  });
  // An idle connection that the server ended (a restart, a shutdown): the pool drops it and opens another when
  // needed. Told in one line for the whole burst (a server stopping ends every idle connection at once), without
  // the client object the driver attaches to the error, and not at all once this process is stopping too.
  let stopping = false;
  let burst: { message: string; code: string; count: number } | null = null;
  pool.on('error', (e) => {
    if (stopping) return;
    if (burst) {
      burst.count++;
      return;
    }
    burst = { message: e.message, code: (e as { code?: string }).code ?? 'no code', count: 1 };
    setTimeout(() => {
      const told = burst!;
      burst = null;
      if (stopping) return;
      const many = told.count > 1 ? `, on ${told.count} idle connections` : '';
      console.error(`PostgreSQL pool error: ${told.message} (${told.code})${many}`);
    }, ENDED_BURST_MS).unref();
  });
  guardPool(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  trackTransactions(db);
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL at ${describeUrl(url)}`,
    async migrate() {
      // One migrator at a time across instances starting together; a migration may take longer than the
      // limits a request gets, and waits for another instance's as long as that one takes.
      const conn = await pool.connect();
      try {
        await conn.query('SET statement_timeout = 0; SET lock_timeout = 0');
        await conn.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(conn, { schema }) as never, { migrationsFolder });
      } finally {
        await conn.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
        await conn.query('RESET statement_timeout; RESET lock_timeout').catch(() => {});
        conn.release();
      }
    },
    stopping() {
      stopping = true;
    },
    close() {
      stopping = true;
      return pool.end();
    },
  };
}

export function openDatabase(
  opts: { databaseUrl?: string; dataDir: string; dbPoolSize?: number },
  embedded: { log?: (m: string) => void } = {},
): Promise<Database> {
  const pool = { max: opts.dbPoolSize };
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, pool)
    : openEmbedded(opts.dataDir, { ...embedded, pool });
}
