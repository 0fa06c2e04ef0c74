import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

const api = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const webPort = Number(process.env.WEB_PORT ?? 5173);
const root = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(root, 'public');

const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0]!;
/** A browser opening a page (typing the address, a reload), not the SPA's own fetch. */
const isPageNavigation = (req: IncomingMessage) =>
  req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');

const toServer: ProxyOptions = { target: api, changeOrigin: false };

// Which requests Vite hands to the Fastify server. The SPA owns every other GET path, as in production
// (DESIGN.md §4); keys starting with ^ are regular expressions over the path and query.
const proxy: Record<string, ProxyOptions> = {
  '/api/': toServer,
  '/dev/': toServer,
  // GET /login is the SPA's sign-in page; only POST /login is the API.
  '^/login(\\?.*)?$': { ...toServer, bypass: (req) => (isPageNavigation(req) ? '/index.html' : undefined) },
  '^/logout(\\?.*)?$': toServer,
  // The policy PDFs are the server's, also when opened in a new tab.
  '^/(terms|privacy|cookies)(\\?.*)?$': toServer,
  // Files in apps/web/public/media (the demo video) are Vite's; any other media is the server's.
  '/media/': {
    ...toServer,
    bypass: (req) => {
      let file: string;
      try {
        file = path.join(publicDir, decodeURIComponent(pathOf(req)));
      } catch {
        return undefined; // a malformed path: the server answers it
      }
      return file.startsWith(publicDir + path.sep) && fs.existsSync(file) ? req.url : undefined;
    },
  },
};

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every built script, style sheet and text file of 1 KB or
 * more, at the strongest settings: the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing the same bytes on every request.
 */
function precompress(): Plugin {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  let outDir = '';
  return {
    name: 'qbank-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        .map((f) => path.join(outDir, f))
        .filter((f) => /\.(js|css|svg|vtt|json|txt)$/.test(f) && fs.statSync(f).size >= 1024);
      await Promise.all(
        files.map(async (f) => {
          const data = fs.readFileSync(f);
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(data, { level: 9 }),
          ]);
          fs.writeFileSync(`${f}.br`, br);
          fs.writeFileSync(`${f}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build of the landing page (prerender.mjs) writes to a temporary folder: nothing to precompress.
  plugins: [react(), ...(isSsrBuild ? [] : [precompress()])],
  server: {
    host: '127.0.0.1',
    port: webPort,
    strictPort: true,
    proxy,
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true, // dist/.vite/manifest.json: what scripts/bundle-report.mjs reads
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The app (index.html) and the static landing page's script (dist/landing.html, written by prerender.mjs).
      ...(isSsrBuild
        ? {}
        : { input: { index: path.join(root, 'index.html'), landing: path.join(root, 'src/landing.ts') } }),
      // zod's sources carry /*@__PURE__*/ comments the bundler cannot place; the notice is noise on every build.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
    },
  },
}));
