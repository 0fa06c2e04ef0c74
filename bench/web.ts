// npm run bench:web: how fast the built web app's pages paint on a mid-range phone. Starts the real server
// (apps/server/src/main.ts, the embedded database with the demo data in a temp folder, a free port on 127.0.0.1)
// over the existing build (apps/web/dist: run `npm run build` first; it is built here only when missing), then
// opens each page in Chromium (/usr/bin/chromium, or CHROMIUM_PATH) as a phone on slow 4G and prints the median
// Largest Contentful Paint of a few cold loads, the JavaScript sent and the longest chain of requests before it.
// Writes its rows into docs/benchmarks.md (bench/report.ts). Figures, not assertions: a busy machine paints later.
//
// Conditions (Lighthouse's "slow 4G, mid-tier phone"): CPU 4× slower (CDP Emulation.setCPUThrottlingRate),
// 150 ms round trip, 1.6 Mbps down (200,000 bytes/s), 750 kbps up (93,750 bytes/s) (CDP
// Network.emulateNetworkConditions), a 412×823 touch screen at 2.625× (Moto G Power), a fresh browser context
// (empty cache) each load. Signed-in pages get the session cookie of a POST /login made before the load.
//
// BENCH_RUNS (3), BENCH_PAGES (a comma list of paths to measure only those), BENCH_SETTLE_MS (1500).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { recordSection, runStart } from './report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 1500);
const onlyPages = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());

const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const CPU_SLOWDOWN = 4;

interface Target {
  name: string;
  path: string;
  /** The demo account signed in before the load. */
  as?: { email: string; password: string };
}
const LEARNER = { email: 'learner@example.com', password: 'learner-demo-1' };
const WRITER = { email: 'writer@example.com', password: 'writer-demo-1' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

function ensureBuild() {
  if (fs.existsSync(path.join(dist, 'landing.html'))) {
    console.log(
      `Measuring the build in ${path.relative(process.cwd(), dist)} (built ${fs.statSync(path.join(dist, 'landing.html')).mtime.toISOString()}); run \`npm run build\` first to measure your latest sources.`,
    );
    return;
  }
  console.log('No build in apps/web/dist: running `npm run build` ...');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      WEB_DIST: dist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's own output is shown only when it fails to start (its shutdown is noisy).
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  let ended = false;
  child.once('exit', () => {
    ended = true;
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`The server ended before it answered:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not answer /api/health within 180 s:\n${output}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  // SIGTERM: the server stops its embedded PostgreSQL before the data folder is removed.
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
}

/** The session cookie of a sign-in (POST /login with the form the login page sends). */
async function signIn(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ username: who.email, password: who.password }).toString(),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => /^qbank_session=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!res.ok || !cookie)
    throw new Error(`Sign-in as ${who.email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

interface Request {
  url: string;
  type: string;
  start: number;
  end?: number;
  bytes: number;
}

interface Run {
  lcp: number;
  jsBytes: number;
  chain: number;
  chainUrls: string[];
  requests: number;
}

/** One cold load of `url`: LCP (ms from navigation start), JS bytes on the wire, the longest request chain before LCP. */
async function measure(context: BrowserContext, page: Page, url: string): Promise<Run> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', start: e.timestamp, bytes: 0 });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.type = e.type;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
    }
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp;
  });
  // Observed from the document's start: every candidate, the last is the LCP.
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  await page.waitForTimeout(settleMs);
  const { lcp } = await page.evaluate(() => ({
    lcp: (window as unknown as { __lcp: number }).__lcp,
  }));
  // CDP timestamps are monotonic seconds; the document request is the first one, at navigation start.
  const all = [...requests.values()].sort((a, b) => a.start - b.start);
  const t0 = all[0]?.start ?? 0;
  const lcpAt = t0 + lcp / 1000;
  const jsBytes = all.filter((r) => r.type === 'Script').reduce((s, r) => s + r.bytes, 0);
  // The longest chain of requests each started only after the one before it had finished, among those finished
  // before LCP: the round trips the page waited for one after another.
  const done = all.filter((r) => r.end !== undefined && r.end <= lcpAt && !r.url.endsWith('/favicon.svg'));
  const depth = new Map<Request, { n: number; prev?: Request }>();
  for (const r of done) {
    let best: { n: number; prev?: Request } = { n: 1 };
    for (const q of done) {
      if (q === r || q.end! > r.start) continue;
      const d = depth.get(q);
      if (d && d.n + 1 > best.n) best = { n: d.n + 1, prev: q };
    }
    depth.set(r, best);
  }
  let last: Request | undefined;
  for (const [r, d] of depth) if (!last || d.n > depth.get(last)!.n) last = r;
  const chainUrls: string[] = [];
  for (let r = last; r; r = depth.get(r)?.prev) chainUrls.unshift(new URL(r.url).pathname);
  await cdp.detach();
  return { lcp, jsBytes, chain: chainUrls.length, chainUrls, requests: all.length };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const started = runStart();
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Starting the server on ${base} (demo data in ${dataDir}) ...`);
  const server = await startServer(dataDir, port);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const products = (await (await fetch(`${base}/api/v1/products`)).json()) as { uuid: string }[];
    const product = products[0]?.uuid;
    const targets: Target[] = [
      { name: 'landing', path: '/' },
      { name: 'store', path: '/store' },
      ...(product ? [{ name: 'product', path: `/store/products/${product}` }] : []),
      { name: 'login', path: '/login' },
      { name: 'register', path: '/register' },
      { name: 'dashboard', path: '/dashboard', as: LEARNER },
      { name: 'tests', path: '/tests', as: LEARNER },
      { name: 'tests/create', path: '/tests/create', as: LEARNER },
      { name: 'questions', path: '/questions', as: WRITER },
    ].filter((t) => !onlyPages || onlyPages.includes(t.path) || onlyPages.includes(t.name));
    console.log(
      `Conditions: CPU ${CPU_SLOWDOWN}× slower; ${NETWORK.latency} ms RTT, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbps down, ${(NETWORK.uploadThroughput * 8) / 1e3} kbps up; 412×823 phone; cold cache; median of ${runs}.\n`,
    );
    const rows: string[][] = [];
    for (const t of targets) {
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 2.625,
          isMobile: true,
          hasTouch: true,
          serviceWorkers: 'block',
        });
        if (t.as) {
          const session = await signIn(base, t.as);
          await context.addCookies([{ name: 'qbank_session', value: session, url: base }]);
        }
        const page = await context.newPage();
        try {
          results.push(await measure(context, page, base + t.path));
        } finally {
          await context.close();
        }
      }
      const byLcp = [...results].sort((a, b) => a.lcp - b.lcp);
      const mid = byLcp[Math.floor(byLcp.length / 2)]!;
      rows.push([
        t.name,
        `${(median(results.map((r) => r.lcp)) / 1000).toFixed(2)} s`,
        results.map((r) => (r.lcp / 1000).toFixed(2)).join(' '),
        `${(median(results.map((r) => r.jsBytes)) / 1024).toFixed(0)} KB`,
        String(median(results.map((r) => r.chain))),
        mid.chainUrls.map((u) => (u.length > 28 ? `…${u.slice(-27)}` : u)).join(' → '),
      ]);
      console.log(`${t.name}: ${rows.at(-1)![1]} (${rows.at(-1)![2]})`);
    }
    const head = [
      'page',
      'LCP median',
      'runs (s)',
      'JS sent',
      'chain',
      'longest request chain before LCP (median run)',
    ];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(`\n${line(head)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
    for (const r of rows) console.log(line(r));
    console.log(
      '\nJS sent: scripts on the wire (compressed). chain: requests made one after another before LCP, each started after the previous finished (each ≥ one 150 ms round trip).',
    );
    recordSection('web', {
      head,
      rows,
      run: started,
      database: 'embedded PostgreSQL, demo data',
      settings: `median of ${runs} cold loads, ${settleMs} ms settle, build of ${fs.statSync(path.join(dist, 'landing.html')).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
  } finally {
    await browser.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
