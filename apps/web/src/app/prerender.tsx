// The landing page rendered to HTML at build time (apps/web/prerender.mjs writes dist/landing.html with it): a
// logged-out visitor's first load of `/` is this markup, the style sheet and landing.ts's few lines, not the app.
// Rendered from the same components as the app's landing route, so the two cannot drift apart.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { sessionKeys, signedOut } from '../features/accounts/api/session';
import { LandingPage } from '../features/marketing/routes/landing-page';
import { PublicLayout } from './public-layout';
import { theme } from './theme';

/** The landing page as a logged-out visitor sees it: `title` for the head, `body` for `#root`. */
export function renderLanding(): { title: string; body: string } {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionKeys.current, signedOut(false));
  const html = renderToString(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location="/">
          <PublicLayout prerendered>
            <LandingPage />
          </PublicLayout>
        </StaticRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  // React puts the page's hoisted <title> in the markup; it belongs in the head.
  const title = /<title>([^<]*)<\/title>/.exec(html);
  if (!title) throw new Error('The landing page rendered no <title>');
  return { title: title[1]!, body: html.replace(title[0], '') };
}
