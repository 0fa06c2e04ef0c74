import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const api = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const webPort = Number(process.env.WEB_PORT ?? 5173);
const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'public');

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

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: webPort,
    strictPort: true,
    proxy,
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // zod's sources carry /*@__PURE__*/ comments Rollup cannot place; the notice is noise on every build.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
    },
  },
});
