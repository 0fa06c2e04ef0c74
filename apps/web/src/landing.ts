// The static landing page's script (dist/landing.html, built by apps/web/prerender.mjs). The page is complete
// without it; this sets what the build could not know and starts the app only when the visit needs it: a
// signed-in visitor (the header's user menu), a referral token to report or a banner to show (SPEC §2). Every
// other link is an ordinary page load of the app, whose files are fetched ahead when the visitor points at one.

/** The app's entry and the files it imports at once, as index.html names them (written by prerender.mjs). */
const appFiles = () =>
  (document.querySelector<HTMLMetaElement>('meta[name="app-files"]')?.content ?? '')
    .split(' ')
    .filter(Boolean);

/** Fetches the app's files ahead, in parallel (once). */
let preloaded = false;
function preloadApp() {
  if (preloaded) return;
  preloaded = true;
  for (const href of appFiles()) {
    const l = document.createElement('link');
    l.rel = 'modulepreload';
    l.href = href;
    document.head.append(l);
  }
}

/**
 * What became of the page, on <html data-landing>: `app` once the app is starting, `static` once it is known the
 * page stays as built (tests and tools wait for it rather than for a time).
 */
const settle = (state: 'app' | 'static') => {
  document.documentElement.dataset.landing = state;
};

/** The app takes the page over: its entry renders into #root (main.tsx), the same page with the visitor's state. */
function startApp() {
  settle('app');
  // From here the app's own components handle Back to Top and the menu; this page's listeners would do it twice.
  document.removeEventListener('click', onClick);
  for (const type of AHEAD_EVENTS) document.removeEventListener(type, fetchAhead);
  preloadApp();
  const entry = appFiles()[0];
  if (!entry) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  document.head.append(script);
}

// The footer's year is this year, not the build's.
for (const el of document.querySelectorAll('[data-this-year]'))
  el.textContent = String(new Date().getFullYear());

// Back to Top scrolls up without adding a history entry, and puts the keyboard back at the top of the content.
function onClick(e: MouseEvent) {
  // A link in the phone's menu (a popover) closes it: "Pricing" only scrolls this page, behind the menu.
  const target = e.target as Element | null;
  if (target?.closest?.('a')) target.closest<HTMLElement>('[popover]')?.hidePopover();
  const link = target?.closest?.('a[href="#top"]');
  if (!link) return;
  e.preventDefault();
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  document.getElementById('main')?.focus({ preventScroll: true });
}
document.addEventListener('click', onClick);

// The app's files are fetched when the visitor points at or focuses a link to another page, so it opens at once.
const fetchAhead = (e: Event) => {
  if ((e.target as Element | null)?.closest?.('a[href^="/"]')) preloadApp();
};
const AHEAD_EVENTS = ['pointerover', 'focusin', 'touchstart'];
for (const type of AHEAD_EVENTS) document.addEventListener(type, fetchAhead, { passive: true });

const query = new URLSearchParams(window.location.search);
if (query.has('tokenId') || query.has('msgId')) startApp();
// Signed in: the app takes over the page (the same markup with the user's menu). Signed out (401) or no
// answer: the static page stays as it is. Only the status counts (the app asks for the session itself): the
// body is let go, or the request would stay open and the page would never finish loading.
else
  fetch('/api/v1/session', { credentials: 'same-origin', headers: { accept: 'application/json' } }).then(
    (res) => {
      void res.body?.cancel().catch(() => {});
      if (res.ok) startApp();
      else settle('static');
    },
    () => settle('static'),
  );
