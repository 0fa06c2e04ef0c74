// npm test: the layers' rules, unit and component tests, API tests on the embedded PostgreSQL server, API tests on the PostgreSQL server at
// 127.0.0.1:5432 (a fresh database per run; required when CI is set), then the browser tests in Chromium
// against the built app. Stops at the first failing stage; prints each stage's wall time at the end.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const times = [];

function report() {
  if (!times.length) return;
  const width = Math.max(...times.map((t) => t.label.length));
  console.log(`\n${'stage'.padEnd(width)}  wall time  result`);
  for (const t of times) console.log(`${t.label.padEnd(width)}  ${t.time.padStart(9)}  ${t.result}`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const start = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  times.push({ label, time: seconds(Date.now() - start), result: ok ? 'passed' : 'FAILED' });
  if (!ok) {
    console.error(`\n${label} failed`);
    report();
    process.exit(r.status ?? 1);
  }
}

function skip(label, why) {
  console.log(`\n=== ${label} skipped: ${why}`);
  times.push({ label, time: '-', result: `skipped: ${why}` });
}

const reachable = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

console.log(`Node.js ${process.version}`);
const only = process.argv[2];
// The layers docs/architecture.md draws, and no cycles (.dependency-cruiser.cjs): seconds, so first.
if (!only || only === 'unit')
  run('Layers and cycles (dependency-cruiser)', 'npm', ['run', 'check:deps', '--silent']);
if (!only || only === 'unit')
  run('Unit and component tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']);
if (!only || only === 'api') {
  run('API tests on embedded PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api']);
  // On the server the test apps get a pool of one connection: code that asks the pool for a second one while
  // its transaction holds the first would wait for ever there, so this stage proves none does.
  const serverStage = 'API tests on the PostgreSQL server (DATABASE_URL), pool of 1';
  if (await reachable(5432))
    run(serverStage, 'npx', ['vitest', 'run', '--project', 'api'], {
      TEST_DB: 'postgres',
      TEST_DB_POOL: '1',
    });
  else if (process.env.CI) {
    console.error('\nPostgreSQL is not reachable at 127.0.0.1:5432, and CI needs it.');
    times.push({ label: serverStage, time: '-', result: 'FAILED: nothing listens on 127.0.0.1:5432' });
    report();
    process.exit(1);
  } else skip(serverStage, 'nothing listens on 127.0.0.1:5432 (required when CI is set)');
}
if (!only || only === 'e2e') {
  run('Build the web app', 'npm', ['run', 'build', '--silent']);
  run('Browser tests (Chromium)', 'npx', ['playwright', 'test']);
}
report();
