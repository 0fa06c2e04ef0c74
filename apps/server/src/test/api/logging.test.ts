import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killAllServers, spawnServer, stopGracefully, waitHealthy } from '../server-process';

afterAll(() => killAllServers());

/** Starts the real server with the given logging variables, sends a few requests, stops it, answers its stdout. */
async function runAndLog(env: Record<string, string>): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-logging-'));
  try {
    const port = await freePort();
    const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), ...env });
    await waitHealthy(server, port);
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 10; i++) await fetch(`${base}/api/v1/products`).then((r) => r.arrayBuffer());
    await fetch(`${base}/api/v1/fetchRegistration?token=secret-one-time-token`).then((r) => r.arrayBuffer());
    await fetch(`${base}/api/v2/users/me`).then((r) => r.arrayBuffer());
    expect(await stopGracefully(server)).toBe(0);
    return server.stdout();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Each case starts its own embedded server, so the suite on the PostgreSQL server skips them.
describe.skipIf(process.env.TEST_DB === 'postgres')('the server log', () => {
  it('at the default level, piped: JSON lines and not one line per request', async () => {
    const out = await runAndLog({ LOG_LEVEL: 'info' });
    const lines = out.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0); // "Server listening at ..." is still told
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    expect(out).not.toMatch(/incoming request|request completed|"route"/);
    expect(out).toContain('QBank Cloud is running at');
  }, 180_000);

  it('at debug with LOG_FORMAT=pretty: one readable line per request, with the route and never the query', async () => {
    const out = await runAndLog({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' });
    const requests = out.split('\n').filter((l) => l.includes('GET /api/v1/products'));
    expect(requests).toHaveLength(10);
    expect(requests[0]).toMatch(/^\[\d\d:\d\d:\d\d\] DEBUG: GET \/api\/v1\/products 200 \d+ ms$/);
    expect(out).toContain('/api/v1/fetchRegistration');
    expect(out).not.toContain('secret-one-time-token');
  }, 180_000);

  it('stopped with its database (as a terminal or a service manager stops the whole group): one line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-logging-'));
    try {
      const port = await freePort();
      const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' });
      await waitHealthy(server, port);
      // Enough at once that the pool holds several connections when the stop comes.
      const base = `http://127.0.0.1:${port}`;
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          fetch(`${base}/api/${i % 2 ? 'health' : 'v1/products'}`).then((r) => r.arrayBuffer()),
        ),
      );
      const before = server.stdout().length;
      const postmaster = Number(
        fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      process.kill(postmaster, 'SIGINT');
      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
      const told = server.stdout().slice(before).trim().split('\n');
      expect(told, told.join('\n')).toHaveLength(1);
      expect(told[0]).toContain('"shutting down"');
      expect(server.stderr()).toBe('');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
