#!/usr/bin/env node
// After `vite build`: renders the landing page to static HTML (src/app/prerender.tsx, built for Node into
// dist/.ssr/prerender.js, which the server also imports to render the store's pages per request: see
// apps/server/src/plugins/spa.ts) and writes dist/landing.html, which the server sends for `/`. It is dist/index.html with the
// page's markup in #root, its title, and src/landing.ts's script where the app's entry was: a logged-out visitor's
// first load is the markup and the style sheet, and the app loads only when the visit needs it (landing.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildRenderer } from './ssr-build.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
// The server's renderer (ssr-build.mjs), in a dot folder, which the server's static files do not serve.
const out = path.join(dist, '.ssr');

// Each page of the app (src/app/router.tsx) and the modules its route loads lazily: the server puts a
// modulepreload link for each of their files into the page it answers for that path (apps/server/src/plugins/
// spa.ts, reading dist/routes.json), so they load with the HTML instead of after the entry has run. A module that
// moved fails the build here.
const SHELL = 'src/features/shell/components/app-shell-layout.tsx';
const GUARD = 'src/features/shell/components/require-sidebar-link.tsx';
const f = (name) => `src/features/${name}.tsx`;
/** @type {[string, string[]][]} */
const PAGES = [
  ['/register', [f('registration/routes/register-page')]],
  ['/userRegistration', [f('registration/routes/user-registration-page')]],
  ['/login', [f('accounts/routes/login-page')]],
  ['/resetPassword', [f('accounts/routes/reset-password-page')]],
  ['/store', [f('store/routes/store-page')]],
  ['/store/products/:id', [f('store/routes/product-page')]],
  ['/contact', [f('contact/routes/contact-page')]],
  ['/about', [f('marketing/routes/about-page')]],
  ['/demos', [f('marketing/routes/demos-page')]],
  ['/error', [f('errors/routes/error-page')]],
  ['/invitation/:token', [f('enrolment/routes/invitation-page')]],
  ['/join/:code', [f('enrolment/routes/join-page')]],
  ['/checkout/local/:sessionId', [f('checkout/routes/local-checkout-page')]],
  ['/checkout/success', [f('checkout/routes/checkout-success-page')]],
  ['/dashboard', [SHELL, f('dashboard/routes/dashboard-page')]],
  ['/account', [SHELL, f('accounts/routes/account-settings-page')]],
  ['/tests/create', [SHELL, f('exams/routes/create-test-page')]],
  ['/tests', [SHELL, f('exams/routes/my-tests-page')]],
  ['/tests/:id/run', [SHELL, f('exams/routes/test-run-page')]],
  ['/tests/:id/review', [SHELL, f('exams/routes/test-review-page')]],
  ['/questions', [SHELL, GUARD, f('questions/routes/my-questions-page')]],
  ['/questions/import', [SHELL, GUARD, f('questions/routes/question-import-page')]],
  ['/questions/new', [SHELL, GUARD, f('questions/routes/question-editor-page')]],
  ['/questions/:id/edit', [SHELL, GUARD, f('questions/routes/question-editor-page')]],
  ['/questions/:id', [SHELL, GUARD, f('questions/routes/question-review-page')]],
  ['/roster', [SHELL, GUARD, f('roster/routes/students-page')]],
  ['/roster/enrol', [SHELL, GUARD, f('roster/routes/enrol-page')]],
  ['/roster/:userId/tests/:testId', [SHELL, GUARD, f('roster/routes/student-review-page')]],
  ['/roster/:userId', [SHELL, GUARD, f('roster/routes/student-page')]],
  ['/test-templates', [SHELL, GUARD, f('test-bank/routes/test-bank-page')]],
  ['/test-builder/new', [SHELL, GUARD, f('test-bank/routes/test-builder-page')]],
  ['/test-builder/:id', [SHELL, GUARD, f('test-bank/routes/test-builder-page')]],
  ['/admin', [SHELL, GUARD, f('admin/routes/admin-page')]],
  ['/admin/tree', [SHELL, GUARD, f('catalogue/routes/subject-tree-page')]],
  ['/superuser', [SHELL, GUARD, f('superuser/routes/superuser-page')]],
  ['/superuser/users/:id', [SHELL, GUARD, f('superuser/routes/superuser-user-page')]],
];

/**
 * dist/routes.json: for each page path (router patterns, `:name` a segment), the files of its route's modules
 * that index.html does not already load (`shell`: drawn in the signed-in shell); `session` the files every first load fetches at once (the contract's
 * accounts endpoints, which the session call needs); `signedIn` what the header adds for a signed-in visitor.
 */
function writeRoutes(manifest, filesOf) {
  const entry = filesOf('index.html');
  const filesFor = (keys) => {
    const seen = new Set();
    for (const key of keys) {
      if (!manifest[key])
        throw new Error(`prerender: ${key} is not in the build's manifest (moved? see PAGES)`);
      filesOf(key, seen);
    }
    return [...seen].filter((k) => !entry.has(k)).map((k) => `/${manifest[k].file}`);
  };
  // A module the entry imports lazily is keyed by its source path when its chunk is its own, or by `_name-hash.js`
  // when the bundler made it a shared chunk (the user menu: the shell imports it too): either is looked for.
  const lazyChunk = (...prefixes) => {
    const key = (manifest['index.html'].dynamicImports ?? []).find((k) =>
      prefixes.some((p) => k.startsWith(p)),
    );
    if (!key)
      throw new Error(`prerender: no ${prefixes.join(' or ')}… chunk among the entry's dynamic imports`);
    return filesFor([key]);
  };
  const routes = {
    session: lazyChunk('_accounts-'),
    signedIn: lazyChunk('_user-menu-', 'src/features/shell/components/user-menu.tsx'),
    pages: PAGES.map(([pattern, keys]) => ({
      path: pattern,
      files: filesFor(keys),
      ...(keys.includes(SHELL) ? { shell: true } : {}),
    })),
  };
  fs.writeFileSync(path.join(dist, 'routes.json'), JSON.stringify(routes, null, 1));
  console.log(`dist/routes.json: the files of ${routes.pages.length} pages' routes`);
}

/**
 * dist/pages/<name>.html: index.html, the app and all, with the page's markup in #root and its title (fillPage);
 * the server sends it for the page's path.
 */
function writePages(indexHtml, pages, fillPage) {
  fs.mkdirSync(path.join(dist, 'pages'), { recursive: true });
  for (const [name, render] of Object.entries(pages)) {
    const html = fillPage(indexHtml, render());
    fs.writeFileSync(path.join(dist, 'pages', `${name}.html`), html);
    console.log(`dist/pages/${name}.html: prerendered (${(html.length / 1024).toFixed(1)} KB)`);
  }
}

try {
  await buildRenderer(out);
  const { renderLanding, PRERENDERED_PAGES, fillPage } = await import(
    pathToFileURL(path.join(out, 'prerender.js')).href
  );
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

  const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  writePages(indexHtml, PRERENDERED_PAGES, fillPage);
  let html = indexHtml;
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

  writeRoutes(manifest, filesOf);
} catch (e) {
  fs.rmSync(out, { recursive: true, force: true });
  throw e;
}
