// The layers of docs/architecture.md, checked by `npm run check` (`npm run check:deps`): a rule broken here fails
// the check. Paths are from the repository's root.
const server = '^apps/server/src/';
const web = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No module reaches itself through its imports: a cycle has no order to load or to read in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    // ---- the server ----
    {
      name: 'server-lib-is-the-bottom',
      comment: 'lib/ holds pure helpers: it imports only lib/ (and packages), nothing above it.',
      severity: 'error',
      from: { path: `${server}lib/` },
      to: { path: server, pathNot: `${server}lib/` },
    },
    {
      name: 'server-plugins-and-infra-import-no-module',
      comment: 'plugins/ and infra/ serve the modules; a module is never theirs to import.',
      severity: 'error',
      from: { path: `${server}(plugins|infra)/` },
      to: { path: `${server}modules/` },
    },
    {
      name: 'server-module-through-its-index',
      comment:
        'A module uses another module only through its public file (modules/<name>/index.ts), never its repository, routes or internals.',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/`, pathNot: '\\.test\\.ts$' },
      to: {
        path: `${server}modules/[^/]+/`,
        pathNot: [`${server}modules/$1/`, `${server}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-outside-modules-through-index',
      comment: 'Outside the modules (app.ts, plugins, the CLI) a module is used through its index.ts too.',
      severity: 'error',
      from: { path: server, pathNot: [`${server}modules/`, `${server}test/`, '\\.test\\.ts$'] },
      to: { path: `${server}modules/[^/]+/`, pathNot: `${server}modules/[^/]+/index\\.ts$` },
    },
    // ---- the web app ----
    {
      name: 'web-features-do-not-import-app',
      comment: 'app/ composes the features: a feature never imports app/.',
      severity: 'error',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      comment: 'components/ and lib/ are shared by the features: they import no feature and not app/.',
      severity: 'error',
      from: { path: `${web}(components|lib)/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'web-feature-through-its-api',
      comment:
        "A feature uses another feature's api/ or index.ts only, never its components/, routes/ or lib/.",
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: {
        path: `${web}features/[^/]+/`,
        pathNot: [`${web}features/$1/`, `${web}features/[^/]+/(api/|index\\.ts$)`],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
    includeOnly: { path: '^(apps|packages|bench|e2e|scripts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
