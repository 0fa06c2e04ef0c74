// The public pages rendered to HTML: the landing, sign-in and registration pages at build time (apps/web/
// prerender.mjs writes dist/landing.html and dist/pages/*.html with them), the store's first page and a product's
// page per request on the server (apps/server/src/plugins/spa.ts imports this module, built for Node into
// dist/.ssr/prerender.js, with the data it inlines into the page). A logged-out visitor's first load of `/` is this
// markup, the style sheet and landing.ts's few lines, not the app; the other pages paint from their markup while
// the app's code loads. Rendered from the same components as the app's routes, so the two cannot drift apart.
import { MantineProvider } from '@mantine/core';
import {
  activeSubscription,
  type BillingPlan,
  type ProductContent,
  type StoreCardPage,
  type UserMe,
} from '@qbank/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { sessionKeys, signedOut } from '../features/accounts/api/session';
import { LoginPage } from '../features/accounts/routes/login-page';
import { LandingPage } from '../features/marketing/routes/landing-page';
import { firstListCalls } from '../features/questions/lib/list-params';
import { defaultStatusOf, questionViews } from '../features/questions/lib/workflow';
import { RegisterPage } from '../features/registration/routes/register-page';
import { storeKeys } from '../features/store/api/store';
import { ProductPage } from '../features/store/routes/product-page';
import { StorePage } from '../features/store/routes/store-page';
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
  // React puts the page's hoisted <title> in the markup; it belongs in the head.
  const title = /<title>([^<]*)<\/title>/.exec(html);
  if (!title) throw new Error(`The page at ${location} rendered no <title>`);
  return { title: title[1]!, body: html.replace(title[0], '') };
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
 * loaded) its forms are inert: no native submit (a <form> becomes a <div>), fields read-only and the form
 * aria-disabled, so nothing typed is lost when the app draws the page again.
 */
export function fillPage(indexHtml: string, { title, body }: { title: string; body: string }): string {
  const markup = body
    .replace(/<form\b[^>]*>/g, '<div data-prerendered-form="" aria-disabled="true">')
    .replace(/<\/form>/g, '</div>')
    .replace(/<(input|textarea)\b/g, '<$1 readonly=""');
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
