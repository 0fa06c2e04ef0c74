// The landing, sign-in and registration pages rendered to HTML at build time (apps/web/prerender.mjs writes
// dist/landing.html and dist/pages/*.html with them): a logged-out visitor's first load of `/` is this markup, the
// style sheet and landing.ts's few lines, not the app; /login and /register paint from their markup while the
// app's code loads. Rendered from the same components as the app's routes, so the two cannot drift apart.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { sessionKeys, signedOut } from '../features/accounts/api/session';
import { LoginPage } from '../features/accounts/routes/login-page';
import { LandingPage } from '../features/marketing/routes/landing-page';
import { RegisterPage } from '../features/registration/routes/register-page';
import { PublicLayout } from './public-layout';
import { theme } from './theme';

/** A public page as a logged-out visitor sees it at `location`: `title` for the head, `body` for `#root`. */
function renderPublic(location: string, page: ReactNode): { title: string; body: string } {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionKeys.current, signedOut(false));
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
