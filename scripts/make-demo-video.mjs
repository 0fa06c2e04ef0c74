// Records the demo video shown on /demos: screenshots of the real product (built client, demo data),
// turned into a VP9 WebM slideshow with an English captions track. Needs Debian's chromium and ffmpeg.
//   npm run build && node scripts/make-demo-video.mjs
// Writes apps/web/public/media/demo.webm and demo.en.vtt; commit both.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/public/media');
const port = 3291;
const base = `http://127.0.0.1:${port}`;
const seconds = 5;

const slides = [
  { caption: 'The landing page: two plans, public or private question banks.', path: '/' },
  { caption: 'Pricing, billed yearly, with no set-up fee.', path: '/#pricing' },
  { caption: 'The store: search question banks by exam, subject or author.', path: '/store' },
  { caption: 'Register in two minutes: name, e-mail and consent.', path: '/register' },
  { caption: 'Sign in with your e-mail and password.', path: '/login' },
  {
    caption: 'Your dashboard lists your question banks.',
    path: '/dashboard',
    signIn: { email: 'learner@example.com', password: 'learner-demo-1' },
  },
  { caption: 'Questions? Contact sales for a personalized demo.', path: '/contact?subject=SALES' },
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-demo-video-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
const frames = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-demo-frames-'));
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 120) throw new Error('The server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  for (const [i, s] of slides.entries()) {
    if (s.signIn) {
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill(s.signIn.email);
      await page.getByLabel('Password', { exact: true }).fill(s.signIn.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/dashboard/);
    }
    await page.goto(`${base}${s.path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(frames, `${String(i).padStart(2, '0')}.png`) });
  }
  await browser.close();

  fs.mkdirSync(out, { recursive: true });
  // The concat demuxer holds each screenshot for `seconds`; the last one is listed twice, as it needs.
  const shots = slides.map((_, i) => path.join(frames, `${String(i).padStart(2, '0')}.png`));
  const list = [...shots.flatMap((f) => [`file '${f}'`, `duration ${seconds}`]), `file '${shots.at(-1)}'`];
  fs.writeFileSync(path.join(frames, 'list.txt'), list.join('\n'));
  const r = spawnSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      path.join(frames, 'list.txt'),
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '40',
      '-r',
      '10',
      '-pix_fmt',
      'yuv420p',
      '-an',
      path.join(out, 'demo.webm'),
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('ffmpeg failed');
  const ts = (t) =>
    `00:${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}.000`;
  const vtt = [
    'WEBVTT',
    '',
    ...slides.flatMap((s, i) => [
      `${i + 1}`,
      `${ts(i * seconds)} --> ${ts((i + 1) * seconds)}`,
      s.caption,
      '',
    ]),
  ];
  fs.writeFileSync(path.join(out, 'demo.en.vtt'), vtt.join('\n'));
  console.log(
    `Wrote ${path.join(out, 'demo.webm')} (${fs.statSync(path.join(out, 'demo.webm')).size} bytes) and demo.en.vtt`,
  );
} finally {
  server.kill('SIGTERM');
  fs.rmSync(frames, { recursive: true, force: true });
}
