// A page the server sent as HTML (the store and its product pages, and a signed-in visitor's dashboard, My Tests,
// Create Test and My Questions, rendered per request by apps/server/src/plugins/spa.ts; /login and /register,
// rendered at build time) carries `data-ssr` on #root until the app has drawn it again (main.tsx). While it does,
// a route's loader fills the query cache from the data that came with the page, so the app's first render shows
// what the HTML shows instead of a loader in between. A signed-in page brings its query cache itself
// (`takeServerState`), which the app starts from.
import type { DehydratedState } from '@tanstack/react-query';

const root = () => (typeof document === 'undefined' ? null : document.getElementById('root'));

/** The page on screen is still the server's HTML: the app has not drawn it yet. */
export const serverRendered = () => !!root()?.hasAttribute('data-ssr');

/** The app has drawn the page: loaders from now on are the app's own navigations. */
export const appDrawn = () => root()?.removeAttribute('data-ssr');

/**
 * The query cache the server rendered the page from (`<script type="application/json" id="qbank-ssr-state">`),
 * taken out of the page once, or null.
 */
export function takeServerState(): DehydratedState | null {
  if (typeof document === 'undefined' || !serverRendered()) return null;
  const el = document.getElementById('qbank-ssr-state');
  if (!el?.textContent) return null;
  el.remove();
  try {
    return JSON.parse(el.textContent) as DehydratedState;
  } catch {
    return null; // a broken block: the page's queries ask the server
  }
}
