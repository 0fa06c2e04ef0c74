// The public pages rendered to HTML: the landing, sign-in and registration pages at build time (apps/web/
// prerender.mjs writes dist/landing.html and dist/pages/*.html with them), the store's first page and a product's
// page per request on the server (apps/server/src/plugins/spa.ts imports this module, built for Node into
// dist/.ssr/prerender.js, with the data it inlines into the page). A logged-out visitor's first load of `/` is this
// markup, the style sheet and landing.ts's few lines, not the app; the other pages paint from their markup while
// the app's code loads. Rendered from the same components as the app's routes, so the two cannot drift apart.

import { AsyncLocalStorage } from 'node:async_hooks';
import { MantineProvider } from '@mantine/core';
import {
  activeSubscription,
  type BillingPlan,
  type ProductContent,
  type StoreCardPage,
  type UserMe,
} from '@qbank/contract';
import {
  type DehydratedState,
  dehydrate,
  type Query,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { sessionKeys, signedOut } from '../features/accounts/api/session';
import { LoginPage } from '../features/accounts/routes/login-page';
import { DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { CreateTestPage } from '../features/exams/routes/create-test-page';
import { MyTestsPage } from '../features/exams/routes/my-tests-page';
import { LandingPage } from '../features/marketing/routes/landing-page';
import { firstListCalls } from '../features/questions/lib/list-params';
import { defaultStatusOf, questionViews } from '../features/questions/lib/workflow';
import { MyQuestionsPage } from '../features/questions/routes/my-questions-page';
import { RegisterPage } from '../features/registration/routes/register-page';
import { AppShellLayout } from '../features/shell/components/app-shell-layout';
import { RequireSidebarLink } from '../features/shell/components/require-sidebar-link';
import { storeKeys } from '../features/store/api/store';
import { ProductPage } from '../features/store/routes/product-page';
import { StorePage } from '../features/store/routes/store-page';
import { answerRendersFrom, type PreloadedAnswer } from '../lib/preloaded';
import { knownTimeZone, renderTimeZoneFrom } from '../lib/time-zone';
import { PublicLayout } from './public-layout';
import { theme } from './theme';

/** A public page as a logged-out visitor sees it at `location`: `title` for the head, `body` for `#root`. */
function renderPublic(
  location: string,
  page: ReactNode,
  data: [readonly unknown[], unknown][] = [],
): { title: string; body: string } {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionKeys.current, signedOut(false));
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  const html = renderToString(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={location}>
          <PublicLayout prerendered>{page}</PublicLayout>
        </StaticRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return takeTitle(location, html);
}

/** The page's <title>, out of React's markup, where it was hoisted: it belongs in the head. */
function takeTitle(location: string, html: string): { title: string; body: string } {
  const title = /<title>([^<]*)<\/title>/.exec(html);
  if (!title) throw new Error(`The page at ${location} rendered no <title>`);
  return { title: title[1]!, body: html.replace(title[0], '') };
}

/** The answers the render in progress takes its calls' from (lib/preloaded.ts), one list per render. */
const renderAnswers = new AsyncLocalStorage<PreloadedAnswer[]>();
answerRendersFrom(() => renderAnswers.getStore());

/** The time zone the render in progress shows times in (lib/time-zone.ts): the public pages, drawn once for
 * everybody, in UTC rather than in whatever zone the server's machine is set to. */
const renderZone = new AsyncLocalStorage<string>();
renderTimeZoneFrom(() => renderZone.getStore() ?? 'UTC');

/**
 * The signed-in pages the server renders (apps/server/src/plugins/spa.ts), by route pattern: the page, and the
 * sidebar link whose guard it sits behind in the app's router (app/router.tsx), if any.
 */
const SHELL_PAGES: Record<string, { Page: ComponentType; link?: [to: string, label: string] }> = {
  '/dashboard': { Page: DashboardPage },
  '/tests': { Page: MyTestsPage },
  '/tests/create': { Page: CreateTestPage },
  '/questions': { Page: MyQuestionsPage, link: ['/questions', 'My Questions'] },
};
export const SHELL_RENDERED = Object.keys(SHELL_PAGES);

/** How many times a page is drawn at most while its queries are answered: each draw may start new ones. */
const MAX_DRAWS = 4;

/** A query the page asked for that is still to be answered (not one it left disabled). */
const waiting = (q: Query) => {
  const { enabled } = q.options as { enabled?: boolean | ((q: Query) => boolean) };
  const on = typeof enabled === 'function' ? enabled(q) : enabled !== false;
  return on && q.state.status === 'pending' && q.state.fetchStatus === 'idle';
};

/**
 * A signed-in page (SHELL_PAGES) as `user` first sees it at `location`, inside the signed-in shell, from the
 * answers the server made ahead for it (the page's and the shell's first calls): the app's own components, whose
 * queries take those answers (lib/preloaded.ts) instead of asking. The page is drawn, the queries it started are
 * answered, and it is drawn again, until nothing new is asked. `state` is the query cache (without the session,
 * which the app loads itself for its access token) for the app to start from, so its first render is this one.
 * Null when the page is not one of them, or asked for something not answered ahead, or an answer was an error:
 * the app's page is sent instead. Times show in `timeZone`, the one the visitor's browser said (its cookie,
 * lib/time-zone.ts), so the app draws them the same; in UTC when it said none, or none this runtime knows.
 */
export async function renderShellPage(
  route: string,
  location: string,
  user: UserMe,
  answers: PreloadedAnswer[],
  timeZone?: string,
): Promise<{ title: string; body: string; state: DehydratedState } | null> {
  const entry = SHELL_PAGES[route];
  if (!entry) return null;
  const { Page, link } = entry;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(sessionKeys.current, { user, expired: false });
  const zone = knownTimeZone(timeZone) ?? 'UTC';
  const draw = () =>
    renderZone.run(zone, () =>
      renderToString(
        <MantineProvider theme={theme}>
          <QueryClientProvider client={queryClient}>
            <StaticRouter location={location}>
              <Routes>
                <Route element={<AppShellLayout />}>
                  <Route
                    path={route}
                    element={
                      link ? (
                        <RequireSidebarLink to={link[0]} label={link[1]}>
                          <Page />
                        </RequireSidebarLink>
                      ) : (
                        <Page />
                      )
                    }
                  />
                </Route>
              </Routes>
            </StaticRouter>
          </QueryClientProvider>
        </MantineProvider>,
      ),
    );
  const cache = queryClient.getQueryCache();
  let html = draw();
  for (let i = 1; i < MAX_DRAWS; i++) {
    const asked = cache.getAll().filter(waiting);
    if (asked.length === 0) break;
    await renderAnswers.run([...answers], () =>
      Promise.all(asked.map((q) => q.fetch().catch(() => undefined))),
    );
    html = draw();
  }
  const queries = cache.getAll();
  if (queries.some((q) => waiting(q) || q.state.status === 'error')) return null;
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' && q.queryKey[0] !== sessionKeys.current[0],
  });
  return { ...takeTitle(location, html), state };
}

/** The landing page as a logged-out visitor sees it. */
export const renderLanding = () => renderPublic('/', <LandingPage />);

/**
 * The sign-in and registration pages as a logged-out visitor first sees them (dist/pages/*.html): the app's
 * page with this markup in #root, which the app draws again once its code has loaded.
 */
export const PRERENDERED_PAGES: Record<string, () => { title: string; body: string }> = {
  login: () => renderPublic('/login', <LoginPage />),
  register: () => renderPublic('/register', <RegisterPage />),
};

/**
 * The store's first page of cards (no search, A-Z) as a logged-out visitor sees it. The server renders it for
 * everybody: a signed-in visitor's buttons and pricing blocks are the app's to draw once it takes over.
 */
export const renderStore = (firstPage: StoreCardPage) =>
  renderPublic('/store', <StorePage />, [
    [storeKeys.search('', 'ASC'), { pages: [firstPage], pageParams: [0] }],
  ]);

/** A product's page in the store as a logged-out visitor sees it, from its content, plans and logo's answers. */
export const renderProduct = (
  id: string,
  content: ProductContent,
  plans: BillingPlan[],
  logos: { url: string }[],
) =>
  renderPublic(
    `/store/products/${encodeURIComponent(id)}`,
    <Routes>
      <Route path="/store/products/:id" element={<ProductPage />} />
    </Routes>,
    [
      [storeKeys.product(id), content],
      [storeKeys.plans(id), plans],
      [storeKeys.logo(id, 'PRODUCT_LOGO'), logos[0]?.url ?? null],
    ],
  );

/**
 * My Questions' first list call and status counts' role for `user` opening /questions with `search` (the page's
 * own reading of its address, features/questions/lib/list-params.ts), for the server to inline their answers.
 */
export function myQuestionsFirstCalls(user: UserMe, search: string) {
  const active = activeSubscription(user);
  if (!active) return null;
  const calls = firstListCalls(
    new URLSearchParams(search),
    questionViews(active, user.superuser),
    defaultStatusOf,
  );
  return calls && { productId: active.product.uuid, ...calls };
}

/**
 * index.html (the app and all) with a rendered page in #root (marked `data-ssr` until the app draws it again,
 * lib/server-rendered.ts) and its title. Until the app takes over (main.tsx renders once the route's code has
 * loaded) its forms send nothing natively (a <form> becomes a <div>): their fields take typing, which the app
 * carries over to its own when it draws the page, and Enter or a click on their buttons is held until then
 * (lib/held-input.ts).
 */
export function fillPage(indexHtml: string, { title, body }: { title: string; body: string }): string {
  const markup = body
    .replace(/<form\b[^>]*>/g, '<div data-prerendered-form="">')
    .replace(/<\/form>/g, '</div>');
  const steps: [RegExp, string][] = [
    [/<html lang="en">/, '<html lang="en" data-mantine-color-scheme="light">'],
    [/<title>[^<]*<\/title>/, `<title>${title}</title>`],
    [/<div id="root"><\/div>/, `<div id="root" data-ssr="">${markup}</div>`],
  ];
  let html = indexHtml;
  for (const [pattern, by] of steps) {
    if (!pattern.test(html)) throw new Error(`prerender: ${pattern} not found in index.html`);
    html = html.replace(pattern, () => by);
  }
  return html;
}
