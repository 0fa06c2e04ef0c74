#!/usr/bin/env node
// After `vite build`: renders the landing page to static HTML (src/app/prerender.tsx, built for Node into a
// folder under node_modules/.cache) and writes dist/landing.html, which the server sends for `/`. It is dist/index.html with the
// page's markup in #root, its title, and src/landing.ts's script where the app's entry was: a logged-out visitor's
// first load is the markup and the style sheet, and the app loads only when the visit needs it (landing.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
// Inside the workspace, so the built module finds React and Mantine in node_modules.
const out = path.join(root, 'node_modules/.cache/qbank-prerender');

try {
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir: out,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
    },
  });
  const { renderLanding } = await import(pathToFileURL(path.join(out, 'prerender.js')).href);
  const { title, body } = renderLanding();

  /** @type {Record<string, {file: string, imports?: string[]}>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const filesOf = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) filesOf(dep, seen);
    return seen;
  };
  const urls = (key) => [...filesOf(key)].map((k) => `/${manifest[k].file}`);
  const [landingScript, ...landingImports] = urls('src/landing.ts');
  // The app's entry first: landing.ts starts the app with it and preloads the rest.
  const appFiles = urls('index.html');

  let html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  /** Each change must find its place in index.html: a template that moved fails the build, not the page. */
  const change = (pattern, by) => {
    if (!pattern.test(html)) throw new Error(`prerender: ${pattern} not found in dist/index.html`);
    html = html.replace(pattern, by);
  };
  // Mantine's styles are written for the colour scheme its provider sets on <html> when the app runs.
  change(/<html lang="en">/, '<html lang="en" data-mantine-color-scheme="light">');
  change(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  // The app's entry and the files it preloads give way to the landing page's script.
  change(/\s*<script type="module"[^>]*src="\/assets\/index-[^"]+\.js"[^>]*><\/script>/, '');
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const head = [
    `<meta name="app-files" content="${appFiles.join(' ')}" />`,
    `<script type="module" crossorigin src="${landingScript}"></script>`,
    ...landingImports.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
  ];
  change(
    /(\s*)<link rel="stylesheet"/,
    (_m, space) => `${head.map((l) => space + l).join('')}${space}<link rel="stylesheet"`,
  );
  change(/<div id="root"><\/div>/, `<div id="root">${body}</div>`);
  fs.writeFileSync(path.join(dist, 'landing.html'), html);
  console.log(`dist/landing.html: the landing page prerendered (${(html.length / 1024).toFixed(1)} KB)`);
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
