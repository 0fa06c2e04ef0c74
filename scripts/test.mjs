// npm test: unit tests, API tests on PGlite, API tests on the PostgreSQL server (a fresh database per run),
// then the browser tests in Chromium against the built app. Stops at the first failing stage.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${label} failed`);
    process.exit(r.status ?? 1);
  }
};
const reachable = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

const only = process.argv[2];
if (!only || only === 'unit') run('Unit tests', 'npx', ['vitest', 'run', '--project', 'unit']);
if (!only || only === 'api') {
  run('API tests on PGlite (embedded)', 'npx', ['vitest', 'run', '--project', 'api']);
  if (await reachable(5432))
    run('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'postgres' });
  else if (process.env.CI) {
    console.error('PostgreSQL is not reachable at 127.0.0.1:5432, and CI needs it.');
    process.exit(1);
  } else console.log('\n=== API tests on PostgreSQL skipped: nothing listens on 127.0.0.1:5432');
}
if (!only || only === 'e2e') {
  run('Build the web app', 'npm', ['run', 'build', '--silent']);
  run('Browser tests (Chromium)', 'npx', ['playwright', 'test']);
}
