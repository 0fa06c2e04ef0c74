// npm run dev: the server with reload on change (tsx watch) and Vite's dev server with hot reload, which proxies the API.
// PORT is the server's port (3000), WEB_PORT Vite's (5173).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webUrl = `http://127.0.0.1:${process.env.WEB_PORT ?? 5173}`;
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? webUrl },
  }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log(`Open ${webUrl} (Vite, hot reload); the API runs on port`, process.env.PORT ?? 3000);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
