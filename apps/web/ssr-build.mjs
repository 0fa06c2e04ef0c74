// Builds src/app/prerender.tsx for Node into `outDir`/prerender.js: the public pages' rendering, used at build
// time by prerender.mjs (the landing, sign-in and registration pages) and per request by the server (the store
// and its product pages, apps/server/src/plugins/spa.ts, which also builds it for its tests). One self-contained
// module: React, Mantine and the rest are bundled in, with React's production build, so it runs wherever the build
// is copied and renders quickly.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/** @param {string} outDir */
export async function buildRenderer(outDir) {
  // A production build also when called under a test runner (NODE_ENV=test), which would pick React's dev JSX.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'error',
      ssr: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        ssr: 'src/app/prerender.tsx',
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        manifest: false,
        copyPublicDir: false,
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return path.join(outDir, 'prerender.js');
}
