// The app's pages come with their route's files and their first data (plugins/spa.ts, docs/decisions/
// 0026-page-load.md), over a small stand-in for the web build (index.html, landing.html, routes.json, a
// prerendered page) so the test needs no `npm run build`; the store's pages are rendered by the web app's real
// renderer (src/app/prerender.tsx), built here for Node into the stand-in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, buildProduct, buildSubscription, buildUser, signedIn } from '../factories';
import { type HttpApp, startHttpApp } from '../http-client';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-spa-dist-'));
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>QBank Cloud</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const ROUTES = {
  session: ['/assets/accounts-D.js'],
  signedIn: ['/assets/user-menu-E.js'],
  pages: [
    { path: '/login', files: ['/assets/login-page-F.js', '/assets/shared-B.js'] },
    { path: '/store', files: ['/assets/store-page-G.js'] },
    { path: '/store/products/:id', files: ['/assets/product-page-H.js'] },
    { path: '/dashboard', files: ['/assets/app-shell-I.js', '/assets/dashboard-page-J.js'], shell: true },
    {
      path: '/tests/create',
      files: ['/assets/app-shell-I.js', '/assets/create-test-page-K.js'],
      shell: true,
    },
    { path: '/questions', files: ['/assets/app-shell-I.js', '/assets/my-questions-page-L.js'], shell: true },
    { path: '/tests', files: ['/assets/app-shell-I.js', '/assets/my-tests-page-M.js'], shell: true },
  ],
};

let h: HttpApp;
beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'landing.html'), INDEX.replace('<div id="root"></div>', '<p>landing</p>'));
  fs.writeFileSync(path.join(dist, 'routes.json'), JSON.stringify(ROUTES));
  fs.mkdirSync(path.join(dist, 'pages'));
  fs.writeFileSync(
    path.join(dist, 'pages/login.html'),
    INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Sign in</h1></div>'),
  );
  const ssrBuild = path.resolve(import.meta.dirname, '../../../../web/ssr-build.mjs');
  const { buildRenderer } = (await import(pathToFileURL(ssrBuild).href)) as {
    buildRenderer(outDir: string): Promise<string>;
  };
  await buildRenderer(path.join(dist, '.ssr'));
  h = await startHttpApp({ env: { WEB_DIST: dist } });
}, 120_000);
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The href of every modulepreload link of the page. */
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

interface Preloaded {
  method: string;
  url: string;
  body?: unknown;
  status: number;
  answer: unknown;
}
/** The answers inlined in the page's JSON block. */
const preloaded = (html: string): Preloaded[] => {
  const m = /<script type="application\/json" id="qbank-preload">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Preloaded[]) : [];
};

/** The query cache a signed-in page the server drew comes with: each query's key and data (none: not drawn). */
const ssrState = (html: string): [unknown[], unknown][] => {
  const m = /<script type="application\/json" id="qbank-ssr-state">([^<]*)<\/script>/.exec(html);
  if (!m) return [];
  const state = JSON.parse(m[1]!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  return state.queries.map((q) => [q.queryKey, q.state.data]);
};
/** The text of what the server drew in #root, tags left out. */
const rootText = (html: string) =>
  (/<div id="root"[^>]*>([\s\S]*)<\/div>\s*<script/.exec(html)?.[1] ?? '')
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
/** The page's title, without the product's domain before it. */
const title = (html: string) => /<title>(?:[^<|]*\| )?([^<]*)<\/title>/.exec(html)?.[1];

describe('the pages of the app', () => {
  it("/store: the route's files as modulepreload links, the session and the first page of cards inlined", async () => {
    const product = await buildProduct(h.deps.db, {
      name: '00 Cardiology </script><script>alert(1)</script>',
    });
    await buildPlan(h.deps.db, product.id);
    const res = await h.client().get('/store');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(preloads(res.text)).toEqual([
      '/assets/shared-B.js',
      '/assets/accounts-D.js',
      '/assets/store-page-G.js',
    ]);
    // The JSON block cannot close its element: the product's name stays data.
    expect(res.text.match(/<\/script>/g)).toHaveLength(2);
    const data = preloaded(res.text);
    expect(data.map((d) => [d.method, d.url.split('?')[0], d.status])).toEqual([
      ['GET', '/api/v1/session', 401],
      ['POST', '/api/v2/products/productSearchContent', 200],
    ]);
    const search = data[1]!;
    expect(new URLSearchParams(search.url.split('?')[1]).get('page')).toBe('0');
    expect(search.body).toEqual({ searchTerm: ' ' });
    // The same answer the client would get by asking.
    const asked = await h.client().post(search.url, search.body);
    expect(search.answer).toEqual(asked.body);
    expect(JSON.stringify(search.answer)).toContain('00 Cardiology </script>');
    // The policy is unchanged: the data block is not a script that runs.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it("a product's page carries its content, plans and logo", async () => {
    const product = await buildProduct(h.deps.db, { name: 'Neurology' });
    await buildPlan(h.deps.db, product.id);
    const res = await h.client().get(`/store/products/${product.id}`);
    expect(preloads(res.text)).toContain('/assets/product-page-H.js');
    const data = preloaded(res.text);
    expect(data.map((d) => d.url.split('?')[0])).toEqual([
      '/api/v1/session',
      `/api/v2/products/${product.id}/fetchContent`,
      `/api/v2/products/${product.id}/billingPlans`,
      `/api/v2/products/${product.id}/logo`,
    ]);
    expect(data[1]!.answer).toMatchObject({ uuid: product.id });
  });

  it('signed in: the session with its user inlined, the user menu preloaded, the page stored by no cache', async () => {
    const c = await signedIn(h);
    const u = c.user;
    const res = await c.get('/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(preloads(res.text)).toEqual([
      '/assets/shared-B.js',
      '/assets/accounts-D.js',
      '/assets/user-menu-E.js',
      '/assets/app-shell-I.js',
      '/assets/dashboard-page-J.js',
    ]);
    const [session] = preloaded(res.text);
    expect(session).toMatchObject({
      url: '/api/v1/session',
      status: 200,
      answer: { user: { username: u.email } },
    });
    expect(session!.answer).toEqual((await c.get('/api/v1/session')).body);
  });

  it("a learner's pages are drawn on the server from what they ask for in the active product", async () => {
    const product = await buildProduct(h.deps.db, { name: 'Pharmacology' });
    const c = await signedIn(h, { user: { firstName: 'Quentin' }, product: product.id, subscription: {} });
    const dashboard = (await c.get('/dashboard')).text;
    // Drawn in the shell with the learner's own data, and sent with the cache it was drawn from: only the
    // session's answer is inlined beside it (the app takes its access token from it).
    expect(rootText(dashboard)).toContain('Welcome, Quentin');
    expect(rootText(dashboard)).toContain('Pharmacology');
    expect(title(dashboard)).toBe('Dashboard');
    expect(preloaded(dashboard).map((d) => `${d.status} ${d.url}`)).toEqual(['200 /api/v1/session']);
    // No test in progress: the server's 404 'none' is the page's null.
    expect(new Map(ssrState(dashboard).map(([k, v]) => [JSON.stringify(k), v]))).toEqual(
      new Map([
        [
          JSON.stringify(['tests', 'dashboard', product.id]),
          (await c.get(`/api/v2/tests/products/${product.id}/dashboard`)).body,
        ],
        [JSON.stringify(['product', product.id, 'logo', 'HEADER_LOGO']), null],
        [JSON.stringify(['tests', 'inprogress', product.id]), null],
        // The tests assigned to them (none): the dashboard draws nothing for it.
        [JSON.stringify(['assignments', 'mine', product.id]), { content: [] }],
      ]),
    );
    const create = (await c.get('/tests/create')).text;
    expect(title(create)).toBe('Start Test');
    // A QBank without published questions: the page's empty state, as the app draws it.
    expect(rootText(create)).toContain('Pharmacology has no published questions yet');
    const keys = ssrState(create).map(([key]) => key);
    expect(keys).toContainEqual(['product', product.id, 'tree']);
    expect(ssrState(create).find(([k]) => k[2] === 'tree')?.[1]).toEqual(
      (await c.get(`/api/v2/products/${product.id}/tree`)).body,
    );
  });

  it("My Questions is drawn with its list's page as the page reads its address, the counts and the tree", async () => {
    const product = await buildProduct(h.deps.db, { name: 'Nursing' });
    const c = await signedIn(h, {
      product: product.id,
      subscription: { type: 'PRIVILEGED', student: false, questionWriter: true, questionAuditor: true },
    });
    const list = `/api/v2/questions/products/${product.id}/writerOrAuditor`;
    const counts = `/api/v2/questions/products/${product.id}/statusCounts`;
    const answerOf = (html: string, kind: string) => ssrState(html).find(([k]) => k[1] === kind)?.[1];
    // The first view (a writer's), every status, newest first: what the page asks for with no query.
    const first = (await c.get('/questions')).text;
    expect(title(first)).toBe('My Questions');
    expect(answerOf(first, 'list')).toEqual(
      (await c.get(`${list}?filterRole=WRITER&page=0&size=25&sortField=updatedAt&sortOrder=DESC`)).body,
    );
    expect(answerOf(first, 'counts')).toEqual((await c.get(`${counts}?filterRole=WRITER`)).body);
    // The review queue opens on what waits for review; the address's page and search are the list's.
    const queue = (await c.get('/questions?view=AUDITOR&page=2&q=heart')).text;
    const listKey = ssrState(queue).find(([k]) => k[1] === 'list')?.[0];
    expect(listKey?.[3]).toMatchObject({
      filterRole: 'AUDITOR',
      page: 1,
      status: 'SUBMITTED',
      text: 'heart',
    });
    expect(ssrState(queue).find(([k]) => k[1] === 'counts')?.[0]).toEqual([
      'questions',
      'counts',
      product.id,
      'AUDITOR',
    ]);
  });

  it('pages drawn at once for different learners each hold their own learner only', async () => {
    const product = await buildProduct(h.deps.db, { name: 'Anatomy' });
    const learners = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const c = await signedIn(h, {
          user: { firstName: `Learner${i}x` },
          product: product.id,
          subscription: {},
        });
        const u = c.user;
        return { c, name: `Learner${i}x`, email: u.email };
      }),
    );
    const pages = await Promise.all(
      learners.flatMap(({ c }) => ['/dashboard', '/tests', '/tests/create'].map((p) => c.get(p))),
    );
    pages.forEach((res, i) => {
      const me = learners[Math.floor(i / 3)]!;
      const text = rootText(res.text);
      expect(text).toContain(me.email);
      for (const other of learners) if (other !== me) expect(text).not.toContain(other.email);
      expect(ssrState(res.text).length).toBeGreaterThan(0);
    });
  });

  it('a signed-in page the server cannot draw is sent as the app with its first answers', async () => {
    // A later page of My Tests: the server does not ask for it ahead, so the page cannot be drawn from what it has.
    const u = await buildUser(h.deps.db);
    const product = await buildProduct(h.deps.db);
    await buildSubscription(h.deps.db, u.id, product.id);
    const c = h.client();
    await c.login(u.email, u.password);
    expect(ssrState((await c.get('/tests')).text).map(([k]) => k[1])).toContain('list');
    const page = (await c.get('/tests?page=3')).text;
    expect(page).toContain('<div id="root"></div>');
    expect(ssrState(page)).toEqual([]);
    expect(preloaded(page).map((d) => d.url)).toEqual([
      '/api/v1/session',
      `/api/v2/products/${product.id}/logo?logoType=HEADER_LOGO`,
      '/api/v2/tests/inprogress',
    ]);
  });

  it('/store is rendered as HTML with the first page of cards, escaped, for a signed-in visitor too', async () => {
    const quoted = await buildProduct(h.deps.db, {
      name: `00 "Quoted" & 'Apostrophe' <b>bold</b>`,
      targetAudience: 'Residents <img src=x onerror=alert(1)>',
    });
    await buildPlan(h.deps.db, quoted.id);
    const res = await h.client().get('/store');
    const root = /<div id="root" data-ssr="">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(
      res.text,
    );
    expect(root).not.toBeNull();
    const markup = root![1]!;
    const [, search] = preloaded(res.text);
    const names = (search!.answer as { content: { name: string }[] }).content.map((c) => c.name);
    expect(names.length).toBeGreaterThan(0);
    // Every card of the first page, by its name as HTML text.
    const asText = (s: string) =>
      s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    for (const name of names) expect(markup).toContain(asText(name).replace(/'/g, '&#x27;'));
    expect(markup).toContain('00 &quot;Quoted&quot; &amp; &#x27;Apostrophe&#x27; &lt;b&gt;bold&lt;/b&gt;');
    expect(markup).toContain('Residents &lt;img src=x onerror=alert(1)&gt;');
    expect(markup).not.toContain('<b>bold</b>');
    expect(markup).not.toContain('<img src=x');
    // The only scripts are the app's entry and the JSON block: no markup closes or opens one.
    expect(res.text.match(/<script\b/g)).toHaveLength(2);
    expect(res.text.match(/<\/script>/g)).toHaveLength(2);
    expect(res.text).toContain('<title>qbankcloud.com | Store</title>');
    // Inert until the app takes over: no native form submit.
    expect(markup).not.toMatch(/<form\b/);

    // A signed-in visitor gets the same (logged-out) markup; the app corrects the buttons.
    const c = await signedIn(h);
    const signedInPage = await c.get('/store');
    expect(signedInPage.headers.get('cache-control')).toBe('no-store');
    expect(signedInPage.text).toContain('data-ssr=""');
    expect(signedInPage.text).toContain(`${asText(quoted.name).replace(/'/g, '&#x27;')}`);
    expect(preloaded(signedInPage.text)[0]).toMatchObject({ status: 200 });
    // With a query, the plain app.
    expect((await h.client().get('/store?x=1')).text).toContain('<div id="root"></div>');
  });

  it("a product's page is rendered as HTML with its name and details; an unknown id falls back", async () => {
    const product = await buildProduct(h.deps.db, {
      name: 'Neuro </script><script>alert("x")</script>',
      content: 'All of "neurology" & more',
    });
    await buildPlan(h.deps.db, product.id, { planName: 'Yearly <i>plan</i>' });
    const res = await h.client().get(`/store/products/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-ssr=""');
    expect(res.text).toContain('Neuro &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(res.text).toContain('All of &quot;neurology&quot; &amp; more');
    expect(res.text).toContain('Yearly &lt;i&gt;plan&lt;/i&gt;');
    expect(res.text.match(/<\/script>/g)).toHaveLength(2);
    expect(res.text).toContain(
      '<title>qbankcloud.com | Neuro &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</title>',
    );
    // Asked again, the same page (kept by its answers).
    expect((await h.client().get(`/store/products/${product.id}`)).text).toBe(res.text);

    // Unknown: the plain app, which shows its own "not found" with the 404 inlined.
    const unknown = await h.client().get('/store/products/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain('<div id="root"></div>');
    expect(preloaded(unknown.text)[1]).toMatchObject({ status: 404 });
    const malformed = await h.client().get('/store/products/not-a-uuid');
    expect(malformed.text).toContain('<div id="root"></div>');
    // The renderer itself is the server's, not a file it serves.
    expect((await h.client().get('/.ssr/prerender.js')).text).not.toContain('renderStore');
  });

  it('/login answers its prerendered page, with a query the plain app; / stays the landing page', async () => {
    const login = await h.client().get('/login');
    expect(login.text).toContain('<h1>Sign in</h1>');
    expect(preloads(login.text)).toContain('/assets/login-page-F.js');
    const withQuery = await h.client().get('/login?next=1');
    expect(withQuery.text).toContain('<div id="root"></div>');
    expect(preloads(withQuery.text)).toContain('/assets/login-page-F.js');
    expect((await h.client().get('/')).text).toContain('<p>landing</p>');
    // A path the table does not list: the plain app, as before.
    const other = await h.client().get('/no-such-page');
    expect(other.status).toBe(200);
    expect(preloads(other.text)).toEqual(['/assets/shared-B.js']);
    // POST /login is still the API's.
    expect((await h.client().login('nobody@example.com', 'wrong-password-1')).status).toBe(401);
  });
});
