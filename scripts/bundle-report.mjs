#!/usr/bin/env node
// Prints what the built web app sends: the gzipped size of what every page loads first (index.html's scripts and
// style sheets with their static imports), then of each lazily loaded route chunk and of what it adds on top.
// Reads the Vite manifest of apps/web/dist (run `npm run build` first; `npm run build:report` does both).
// Sizes are measured, not tested: the numbers are for people reading the build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** The landing page's first load goal (the foundations issue): what it loads before it is interactive. */
const LANDING_GOAL_KB = 90;

// `node scripts/bundle-report.mjs [dist]`: another build's folder (one built with `vite build --outDir`).
const dist = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No ${path.relative(process.cwd(), manifestFile)}: run \`npm run build\` first.`);
  process.exit(1);
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const gzipSizes = new Map();
/** Gzipped bytes of a built file, at the level the server's precompressed copies use. */
function gz(file) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The chunk's files and those of everything it imports statically (loaded with it, before it runs). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const filesOf = (keys, kind) =>
  [...keys].flatMap((k) => (kind === 'js' ? [manifest[k].file] : (manifest[k].css ?? [])));
const sum = (files) => [...new Set(files)].reduce((total, f) => total + gz(f), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

// What index.html loads: its entry script with its static imports (the modulepreload links) and CSS. The other
// entry, src/landing.ts, is the static landing page's script (dist/landing.html), reported on its own below.
const LANDING_ENTRY = 'src/landing.ts';
const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry && k !== LANDING_ENTRY);
const firstLoad = new Set(entries.flatMap((k) => [...closure(k)]));
const firstJs = filesOf(firstLoad, 'js');
const firstCss = filesOf(firstLoad, 'css');

console.log('First load of every page (index.html), gzipped:');
for (const f of [...new Set(firstJs)]) console.log(`  ${kb(gz(f))}  ${f}`);
console.log(`  ${kb(sum(firstJs))}  JavaScript in all`);
console.log(`  ${kb(sum(firstCss))}  CSS (${firstCss.join(', ')})`);

// Lazily loaded chunks (routes and the password meter): own size, and what they add beyond the first load.
const lazy = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .map((k) => {
    const extra = [...closure(k)].filter((dep) => !firstLoad.has(dep));
    return { name: manifest[k].src ?? k, own: gz(manifest[k].file), added: sum(filesOf(extra, 'js')) };
  })
  .sort((a, b) => a.name.localeCompare(b.name));
console.log('\nLazy chunks, gzipped (own file / JavaScript added to the first load when it opens):');
for (const c of lazy) console.log(`  ${kb(c.own)} / ${kb(c.added)}  ${c.name}`);
// The landing page is static HTML (apps/web/prerender.mjs): a logged-out visitor loads landing.ts and its imports;
// the app follows only for a signed-in visitor, a referral token or a banner (the app's landing route).
const landingJs = filesOf(closure(LANDING_ENTRY), 'js');
const landingRoute = lazy.find((c) => c.name.endsWith('landing-page.tsx'));
if (manifest[LANDING_ENTRY] && landingRoute) {
  const total = sum(landingJs);
  const verdict = total <= LANDING_GOAL_KB * 1024 ? 'within' : 'over';
  console.log(
    `\nLanding page (dist/landing.html), first load: ${kb(total).trim()} of JavaScript gzipped (${landingJs.join(', ')}); goal ≤ ${LANDING_GOAL_KB} KB (${verdict})`,
  );
  console.log(
    `  when the app takes it over (signed in, a referral token, a banner): ${kb(sum(firstJs) + landingRoute.added).trim()} more`,
  );
}
