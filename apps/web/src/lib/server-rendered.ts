// A page the server sent as HTML (the store and its product pages, rendered per request by apps/server/src/
// plugins/spa.ts; /login and /register, rendered at build time) carries `data-ssr` on #root until the app has
// drawn it again (main.tsx). While it does, a route's loader fills the query cache from the data that came with
// the page, so the app's first render shows what the HTML shows instead of a loader in between.

const root = () => (typeof document === 'undefined' ? null : document.getElementById('root'));

/** The page on screen is still the server's HTML: the app has not drawn it yet. */
export const serverRendered = () => !!root()?.hasAttribute('data-ssr');

/** The app has drawn the page: loaders from now on are the app's own navigations. */
export const appDrawn = () => root()?.removeAttribute('data-ssr');
