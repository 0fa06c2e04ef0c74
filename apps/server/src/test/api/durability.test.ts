import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-durability-'));
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the real server process on the embedded database in `dataDir`. */
async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  children.push(child);
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const killHard = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// DESIGN.md §5: the embedded database keeps every acknowledged write when the process is killed.
describe.skipIf(process.env.TEST_DB === 'postgres')('embedded database durability', () => {
  it('keeps acknowledged writes across a kill -9, and the restarted server takes over the data folder', async () => {
    const port = await freePort();
    const first = await startServer(port);
    const emails = Array.from({ length: 5 }, (_, i) => `durable${i}.${Date.now()}@example.com`);
    for (const username of emails) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/initiateRegistration`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Dee', lastName: 'Urable', username }),
      });
      expect(res.status).toBe(201);
    }
    await killHard(first); // no graceful shutdown: the lock file stays behind
    expect(fs.existsSync(path.join(dataDir, 'qbank.lock'))).toBe(true);

    await startServer(port);
    for (const username of emails) {
      const again = await fetch(`http://127.0.0.1:${port}/api/v1/initiateRegistration`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Dee', lastName: 'Urable', username }),
      });
      // A pending registration that survived is restarted (201); the users table still has exactly one row for it.
      expect(again.status).toBe(201);
    }
    const mailbox = (await (await fetch(`http://127.0.0.1:${port}/dev/mailbox/messages`)).json()) as {
      content: Array<{ to: string }>;
    };
    for (const e of emails)
      expect(mailbox.content.filter((m) => m.to === e).length).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
