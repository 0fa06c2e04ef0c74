import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  accountsApi,
  activeSubscription,
  assignmentsApi,
  billingApi,
  catalogueApi,
  endpointPath,
  queryString,
  questionsApi,
  STORE_PAGE_SIZE,
  searchTermToSend,
  storeApi,
  TEST_PAGE_SIZE,
  TIME_ZONE_COOKIE,
  testsApi,
  type UserMe,
} from '@qbank/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session';

/**
 * The web app's pages, answered so that a page's code and first data come with its HTML (docs/decisions/
 * 0026-page-load.md): for each page path of the app (dist/routes.json, written by apps/web/prerender.mjs) the
 * app's index.html, or the page prerendered at build time (dist/pages/…html), with
 *
 * - a `<link rel="modulepreload">` for every file of the page's route (its lazy chunks and their imports), which
 *   the browser would otherwise ask for only after the entry has run, one round trip after another;
 * - the answers of the page's first API calls (the session, the store's first page, a product …) in a
 *   `<script type="application/json" id="qbank-preload">` block, made here through the app's own routes
 *   (`inject`, with the visitor's cookie), which the API client takes instead of asking (apps/web/src/lib/
 *   preloaded.ts). A JSON block is not run, so the Content-Security-Policy's script rule does not apply.
 *
 * `/store` and `/store/products/:id` (without a query) are also rendered as HTML here, with the data inlined:
 * apps/web/src/app/prerender.tsx, built for Node into dist/.ssr/prerender.js. The markup is the logged-out
 * visitor's, for everybody (a signed-in visitor's buttons are the app's to correct when it takes over), so it
 * depends on the answers alone and is kept by them (RenderCache). An unknown product, an answer that failed or a
 * build without the module gives the plain app page, as before.
 *
 * The signed-in pages in the shell (`/dashboard`, `/tests`, `/tests/create`, `/questions`) are rendered here per
 * visitor, from the answers made for them (the renderer's `renderShellPage`), and sent with the query cache they
 * were drawn from and the session's answer; a page it cannot draw from them is sent as the app, as above.
 *
 * `/` keeps its static landing page. Paths the table does not list fall through to the error handler's SPA
 * fallback (plain index.html).
 */

interface RoutesFile {
  session: string[];
  signedIn: string[];
  /** `shell`: the page is drawn in the signed-in shell. */
  pages: { path: string; files: string[]; shell?: boolean }[];
}

/** One API call made ahead for the page, as the app's client makes it (same method, path, query and body). */
interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/** What a page's first calls depend on: the path's parameters and query, the signed-in user if any. */
interface PageContext {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  user: UserMe | null;
  /** The query as sent, `?` included ('' for none). */
  search: string;
  /** The web build's page code (dist/.ssr/prerender.js), when it loaded. */
  renderer?: PageRenderer;
}

/** The product the signed-in shell works in (the app's activeSubscription), when there is one. */
const activeProduct = (user: UserMe | null) => (user ? activeSubscription(user) : null);

/**
 * What the page's first render asks for beside the session, by route pattern: the same calls as the page's
 * queries, with the same method, path, query and body (the client matches them exactly; a call that no longer
 * matches is simply asked of the server, as before).
 */
const FIRST_CALLS: Record<string, (c: PageContext) => Call[]> = {
  // features/store/api/store.ts storeSearchQuery('', 'ASC'), first page.
  '/store': () => [
    {
      method: 'POST',
      url:
        storeApi.search.path +
        queryString({ sortField: 'name', sortOrder: 'ASC', page: 0, size: STORE_PAGE_SIZE }),
      body: { searchTerm: searchTermToSend('') },
    },
  ],
  // features/store/routes/product-page.tsx: content, plans, logo.
  '/store/products/:id': ({ params: { id } }) =>
    id
      ? [
          { method: 'GET', url: endpointPath(storeApi.content.path, { id }) },
          { method: 'GET', url: endpointPath(billingApi.list.path, { id }) },
          { method: 'GET', url: logoUrl(id, 'PRODUCT_LOGO') },
        ]
      : [],
  // features/dashboard: a learner's standing in the active product.
  '/dashboard': ({ user }) => {
    const active = activeProduct(user);
    return active?.student
      ? [
          { method: 'GET', url: endpointPath(testsApi.dashboard.path, { id: active.product.uuid }) },
          // features/assignments: the tests their instructors assigned them.
          {
            method: 'GET',
            url: endpointPath(assignmentsApi.myAssignments.path, { id: active.product.uuid }),
          },
        ]
      : [];
  },
  // features/exams/api/my-tests.ts: the first page of My Tests.
  '/tests': ({ user, query }) => {
    const active = activeProduct(user);
    if (!active || (query.page && query.page !== '1')) return [];
    return [
      {
        method: 'GET',
        url:
          testsApi.list.path +
          queryString({ productUuid: active.product.uuid, page: 0, size: TEST_PAGE_SIZE }),
      },
      ...(active.student
        ? [
            {
              method: 'GET' as const,
              url: endpointPath(assignmentsApi.myAssignments.path, { id: active.product.uuid }),
            },
          ]
        : []),
    ];
  },
  // features/exams/api/create.ts: the tree, the open test, the questions available in every pool.
  '/tests/create': ({ user }) => {
    const id = activeProduct(user)?.product.uuid;
    if (!id) return [];
    return [
      { method: 'GET', url: endpointPath(catalogueApi.tree.path, { id }) },
      { method: 'GET', url: testsApi.list.path + queryString({ productUuid: id, page: 0, size: 1 }) },
      { method: 'GET', url: endpointPath(testsApi.available.path, { id }) + queryString({ pools: 'ALL' }) },
    ];
  },
  // features/questions: the first page of the list as the page reads its address (the renderer's
  // myQuestionsFirstCalls, from the feature's own code), the status counts, the product's tree.
  '/questions': ({ user, search, renderer }) => {
    const id = activeProduct(user)?.product.uuid;
    if (!id || !user) return [];
    const first = renderer?.myQuestionsFirstCalls?.(user, search);
    return [
      ...(first
        ? [
            {
              method: 'GET' as const,
              url: endpointPath(questionsApi.list.path, { id: first.productId }) + queryString(first.list),
            },
            {
              method: 'GET' as const,
              url:
                endpointPath(questionsApi.statusCounts.path, { id: first.productId }) +
                queryString({ filterRole: first.countsRole }),
            },
          ]
        : []),
      { method: 'GET', url: endpointPath(catalogueApi.tree.path, { id }) },
    ];
  },
};

const logoUrl = (id: string, logoType: string) =>
  endpointPath(storeApi.logos.path, { id }) + queryString({ logoType });

/** The signed-in shell (features/shell/components/app-shell-layout.tsx): the header's logo, a test in progress. */
const SHELL_CALLS = ({ user }: PageContext): Call[] => {
  const active = activeProduct(user);
  if (!active) return [];
  return [
    { method: 'GET', url: logoUrl(active.product.uuid, 'HEADER_LOGO') },
    // features/shell/api/tests.ts: a student's test in progress (404: none).
    ...(active.student ? [{ method: 'GET' as const, url: testsApi.inProgress.path }] : []),
  ];
};

/** Pages whose HTML is rendered at build time: served for the path without a query (the app takes over). */
const PRERENDERED: Record<string, string> = {
  '/login': 'pages/login.html',
  '/register': 'pages/register.html',
};

/** A page rendered to HTML: `title` for the head, `body` for #root. */
interface Rendered {
  title: string;
  body: string;
}

/** dist/.ssr/prerender.js (apps/web/src/app/prerender.tsx): the public pages' server rendering. */
export interface PageRenderer {
  renderStore(firstPage: unknown): Rendered;
  renderProduct(id: string, content: unknown, plans: unknown, logos: unknown): Rendered;
  /** My Questions' first list query and status counts' role for a visitor opening it with `search` (optional:
   * older builds lack it, and the page then asks for them itself). */
  myQuestionsFirstCalls?(
    user: UserMe,
    search: string,
  ): { productId: string; list: Record<string, unknown>; countsRole: string } | null;
  /** index.html with the page in #root, its title, forms inert until the app takes over. */
  fillPage(indexHtml: string, page: Rendered): string;
  /**
   * A signed-in page in the shell for `user`, from the answers made ahead (the session's, the page's and the
   * shell's), with the query cache it was drawn from; null when it cannot be drawn from them (optional: older
   * builds lack it, and the page is then sent as the app).
   */
  renderShellPage?(
    route: string,
    location: string,
    user: UserMe,
    answers: unknown[],
    /** The visitor's time zone as their browser said it (TIME_ZONE_COOKIE), for the page's times. */
    timeZone?: string,
  ): Promise<(Rendered & { state: unknown }) | null>;
}

export async function loadRenderer(
  webDist: string,
  log: FastifyBaseLogger,
): Promise<PageRenderer | undefined> {
  const file = path.join(webDist, '.ssr', 'prerender.js');
  if (!fs.existsSync(file)) return undefined;
  try {
    const m = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
    if (typeof m.renderStore === 'function' && typeof m.renderProduct === 'function' && m.fillPage)
      return m as PageRenderer;
    log.warn({ file }, 'The web build’s renderer lacks the store’s pages: they are sent as the app');
  } catch (err) {
    log.warn(
      { err, file },
      'The web build’s renderer could not be loaded: the store’s pages are sent as the app',
    );
  }
  return undefined;
}

/**
 * Rendered pages by what they were rendered from (the route and a hash of the answers): the same answers give the
 * same page, so a kept page is never stale, and a changed store (a new answer) is a new key. The store's first
 * page and each product page are rendered once per change of their data, not per request; the oldest entries
 * leave first.
 */
export class RenderCache {
  private readonly pages = new Map<string, string>();
  constructor(private readonly max = 256) {}

  static key(route: string, answers: unknown[]): string {
    return `${route} ${createHash('sha256').update(JSON.stringify(answers)).digest('base64url')}`;
  }

  get(key: string, render: () => string): string {
    const kept = this.pages.get(key);
    if (kept !== undefined) return kept;
    const page = render();
    if (this.pages.size >= this.max) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
    return page;
  }
}

/** JSON that cannot end the <script> element it sits in. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function readRoutes(webDist: string): RoutesFile | undefined {
  const file = path.join(webDist, 'routes.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RoutesFile) : undefined;
}

/**
 * The HTML with modulepreload links for `files` after the head's last one, and `data` before </body> (with
 * `state`, the query cache of a page rendered here, for the app to start from).
 */
export function pageHtml(html: string, files: string[], data?: unknown[], state?: unknown): string {
  const have = new Set([...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]));
  const links = [...new Set(files)]
    .filter((f) => !have.has(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="${escapeAttr(f)}">`)
    .join('');
  let out = html.replace('</head>', `${links}</head>`);
  if (data?.length)
    out = out.replace(
      '</body>',
      `<script type="application/json" id="qbank-preload">${inlineJson(data)}</script></body>`,
    );
  if (state !== undefined)
    out = out.replace(
      '</body>',
      `<script type="application/json" id="qbank-ssr-state">${inlineJson(state)}</script></body>`,
    );
  return out;
}

export async function registerSpa(
  app: FastifyInstance,
  opts: { webDist: string; spaHtml: string; landingHtml?: string },
) {
  if (opts.landingHtml) {
    const landingHtml = opts.landingHtml;
    app.get('/', (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(landingHtml),
    );
  }
  const routes = readRoutes(opts.webDist);
  if (!routes) return; // a build from before routes.json: the error handler's fallback answers every page
  const prerendered = new Map<string, string>();
  for (const [route, file] of Object.entries(PRERENDERED)) {
    const full = path.join(opts.webDist, file);
    if (fs.existsSync(full)) prerendered.set(route, fs.readFileSync(full, 'utf8'));
  }

  /** The answers of `calls`, through the app's own routes with the visitor's cookie; failures are left out. */
  async function answer(req: FastifyRequest, reply: FastifyReply, calls: Call[]) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.headers.cookie) headers.cookie = req.headers.cookie;
    if (req.headers['user-agent']) headers['user-agent'] = req.headers['user-agent'];
    const results = await Promise.all(
      calls.map(async (c) => {
        const res = await app.inject({
          method: c.method,
          url: c.url,
          headers: c.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(c.body === undefined ? {} : { payload: JSON.stringify(c.body) }),
          remoteAddress: req.ip,
        });
        // The session call clears a cookie whose session has ended: the page passes that on.
        const setCookie = res.headers['set-cookie'];
        if (setCookie) reply.header('set-cookie', setCookie);
        // An answer the server would give again (not a busy 503, a rate limit, a failure): the client sees it
        // as if it had asked (a 404 'none', a 401 'signed out').
        if (res.statusCode >= 500 || res.statusCode === 429) return null;
        let body: unknown;
        try {
          body = res.body ? JSON.parse(res.body) : undefined;
        } catch {
          return null;
        }
        return { method: c.method, url: c.url, body: c.body, status: res.statusCode, answer: body };
      }),
    );
    return results.filter((r) => r !== null);
  }

  const renderer = await loadRenderer(opts.webDist, app.log);
  const rendered = new RenderCache();
  type Answer = Awaited<ReturnType<typeof answer>>[number];
  const ok = (a: Answer | undefined) => (a?.status === 200 ? a.answer : undefined);
  /**
   * The page rendered from its first calls' answers (`data` without the session, in FIRST_CALLS' order), or
   * undefined: not a server-rendered page, an answer missing (an unknown product, a failure), a render that
   * threw.
   */
  function renderPage(req: FastifyRequest, route: string, data: (Answer | undefined)[]): string | undefined {
    if (!renderer) return undefined;
    let render: (() => Rendered) | undefined;
    if (route === '/store') {
      const first = ok(data[0]);
      if (first) render = () => renderer.renderStore(first);
    } else if (route === '/store/products/:id') {
      const { id } = req.params as { id: string };
      const [content, plans, logos] = data.map(ok);
      if (content && plans) render = () => renderer.renderProduct(id, content, plans, logos ?? []);
    }
    if (!render) return undefined;
    const draw = render;
    try {
      return rendered.get(RenderCache.key(route, data), () => renderer.fillPage(opts.spaHtml, draw()));
    } catch (err) {
      req.log.warn({ err, route }, 'Server rendering failed: the page is sent as the app');
      return undefined;
    }
  }

  /** A signed-in page drawn from `data` (renderer.renderShellPage), or null; a render that throws is logged. */
  async function renderShellPage(req: FastifyRequest, route: string, user: UserMe, data: Answer[]) {
    try {
      const zone = req.cookies?.[TIME_ZONE_COOKIE];
      return (await renderer?.renderShellPage?.(route, req.url, user, data, zone)) ?? null;
    } catch (err) {
      req.log.warn({ err, route }, 'Server rendering failed: the page is sent as the app');
      return null;
    }
  }

  for (const page of routes.pages) {
    const first = FIRST_CALLS[page.path];
    app.get(page.path, async (req, reply) => {
      const signedIn = !!req.cookies?.[SESSION_COOKIE];
      const files = [...routes.session, ...(signedIn ? routes.signedIn : []), ...page.files];
      // The session first: what else the page asks for may depend on who is signed in.
      const [session] = await answer(req, reply, [{ method: 'GET', url: accountsApi.session.path }]);
      const user = session?.status === 200 ? ((session.answer as { user?: UserMe }).user ?? null) : null;
      const context: PageContext = {
        params: req.params as Record<string, string>,
        query: req.query as Record<string, string | undefined>,
        user,
        search: req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '',
        renderer,
      };
      const pageCalls = first ? first(context) : [];
      const calls = [...pageCalls, ...(page.shell && user ? SHELL_CALLS(context) : [])];
      const answers = calls.length ? await answer(req, reply, calls) : [];
      const data = [...(session ? [session] : []), ...answers];
      const hasQuery = req.url.includes('?');
      const cacheControl = session?.status === 200 ? 'no-store' : 'no-cache';
      // A signed-in page drawn here, in the shell, for this user: sent with the session's answer (the app takes
      // its access token from it) and the query cache the page was drawn from, instead of the other answers.
      const shellPage =
        page.shell && user && renderer?.renderShellPage
          ? await renderShellPage(req, page.path, user, data)
          : null;
      if (shellPage)
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', cacheControl)
          .header('Vary', 'Cookie')
          .send(
            pageHtml(
              renderer!.fillPage(opts.spaHtml, shellPage),
              files,
              session ? [session] : [],
              shellPage.state,
            ),
          );
      // The page's own answers by call, in FIRST_CALLS' order (a failed one is left out of `answers`).
      const own = pageCalls.map((c) => answers.find((a) => a.method === c.method && a.url === c.url));
      const base =
        (!hasQuery && (prerendered.get(page.path) ?? renderPage(req, page.path, own))) || opts.spaHtml;
      // With a signed-in session the page holds its access token: stored by no cache, like the session call's
      // answer; otherwise asked afresh each time, like index.html.
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', cacheControl)
        .header('Vary', 'Cookie')
        .send(pageHtml(base, files, data));
    });
  }
}
