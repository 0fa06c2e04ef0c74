import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

// One fresh data folder per run; workers inherit it through the environment. The process that made it
// removes it when the run ends (the test server has stopped by then).
if (!process.env.QBANK_E2E_DATA) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-e2e-'));
  process.env.QBANK_E2E_DATA = dir;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
}
const port = Number(process.env.QBANK_E2E_PORT ?? 3217);
export const baseURL = `http://127.0.0.1:${port}`;

// Sized for a busy 2-core machine (CI's, shared with other work): two workers, each test with users of its
// own (e2e/fixtures.ts) so any test can run beside any other, time moved with Playwright's clock instead of
// slept. A test takes a few seconds; its limits are generous bounds for a loaded machine, never waits.
export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Tests, not files, are shared out, so the two workers finish together.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    // No animations (the theme respects reduced motion): axe never checks a menu half faded in.
    reducedMotion: 'reduce',
    // A step that cannot happen fails with its own message instead of using up the test's time.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // DOM snapshots of a failed test, without the screencast, whose frames cost CPU in every test.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `node --import tsx apps/server/src/main.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM, not the default SIGKILL of the process group: the server stops its embedded PostgreSQL
    // server (its own process group) before the data folder is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.QBANK_E2E_DATA,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
