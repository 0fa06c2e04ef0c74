import '@mantine/core/styles.css';
import './app/global.css';
import { ZOD_JITLESS } from '@qbank/contract';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { sessionQueryOptions } from './features/accounts/api/session';
import { holdClicksUntilDrawn, keepTypedFields, replayHeldClick } from './lib/held-input';
import { appDrawn, serverRendered, takeServerState } from './lib/server-rendered';
import { rememberTimeZone } from './lib/time-zone';

// The contract makes zod jitless before it builds a schema, so no page asks for eval, which the
// Content-Security-Policy refuses (packages/contract/src/zod-config.ts). Reading the flag here also keeps that
// setting in the bundle: the contract declares no side effects, and a module whose exports nobody reads is left
// out.
if (!ZOD_JITLESS) throw new Error('zod must run jitless: the Content-Security-Policy refuses eval');

// The server draws the next signed-in page's times in this browser's time zone (lib/time-zone.ts).
rememberTimeZone();

/** Resolves once the router has loaded the first page's code (every route loads lazily). */
function firstPageLoaded(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// A signed-in page the server rendered brings the query cache it was drawn from: the app starts from it, and
// its first render waits for the session too (its answer came with the page), so it draws what the HTML shows.
const serverState = takeServerState();
// A click on one of the server's links meanwhile is made again once the app has drawn them, and what was typed
// into its fields is carried over to the app's (lib/held-input.ts).
if (serverRendered()) holdClicksUntilDrawn();
if (serverState) hydrate(queryClient, serverState);
const sessionLoaded = serverState ? queryClient.prefetchQuery(sessionQueryOptions()) : undefined;

// The first render waits for the first page's code, so a page already on screen (the static landing page, which
// starts the app for a signed-in visitor; a page the server rendered) stays there until the app can draw it,
// instead of going blank between.
void Promise.all([firstPageLoaded(), sessionLoaded]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  const enterTyped = keepTypedFields();
  // At once, not on React's next turn: the page the server drew is replaced in one step, and a held click then
  // finds the app's links.
  flushSync(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  appDrawn();
  // The typing first, its updates applied at once, so a held click on the form's submit button sends it.
  flushSync(enterTyped);
  replayHeldClick();
});
