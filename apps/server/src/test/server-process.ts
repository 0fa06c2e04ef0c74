import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from './until';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const running = new Set<ChildProcess>();

/** A port nothing listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** What the process wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Runs the real server (`node --import tsx apps/server/src/main.ts`, as `npm start` does) with `env` over a
 * quiet embedded set-up on 127.0.0.1. Variables of the test run's own environment that would change the
 * set-up (DATABASE_URL, PUBLIC_URL, STRIPE_*, SMTP_URL ...) are cleared unless `env` gives them.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      PUBLIC_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  running.add(child);
  void exited.then(() => running.delete(child));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits until the server answers /api/health; fails at once when the process ends first. */
export async function waitHealthy(server: ServerProcess, port: number, timeoutMs = 120_000): Promise<void> {
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  try {
    // Another process starting up: its readiness is a state to wait for, not a time.
    await until(
      async () => {
        if (ended) return true;
        return fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { what: 'the server to answer /api/health', timeoutMs, everyMs: 200 },
    );
  } catch {
    throw new Error(`The server did not answer within ${timeoutMs} ms:\n${server.stderr()}`);
  }
  if (ended) throw new Error(`The server ended before it answered:\n${server.stderr()}\n${server.stdout()}`);
}

/** kill -9: no graceful shutdown, nothing flushed or unlocked on the way out. */
export async function killHard(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, as an operator's stop: answers the exit code. */
export async function stopGracefully(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** Kills every server this file started that is still running (for afterAll). */
export function killAllServers() {
  for (const c of running) c.kill('SIGKILL');
}
