// While a page the server sent is on screen and the app has not drawn it yet (lib/server-rendered.ts), its
// links are plain anchors: a click would load the whole page again, and lose what the app's own link carries
// (the list a question was opened from, for J/K). Such a click is held instead, and made again on the same link
// once the app has drawn the page, so it navigates as the app's link does.

/** The link a held click was on: its address and text, to find the app's own link for it. */
interface Held {
  href: string;
  text: string;
}

let held: Held | null = null;

function onClick(e: MouseEvent) {
  const root = document.getElementById('root');
  if (!root?.hasAttribute('data-ssr')) return;
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !root.contains(link) || link.target === '_blank') return;
  if (new URL(link.href, window.location.href).origin !== window.location.origin) return;
  e.preventDefault();
  held = { href: link.getAttribute('href') ?? '', text: link.textContent ?? '' };
}

/** Holds clicks on the server's links from now until `replayHeldClick`. */
export function holdClicksUntilDrawn(): void {
  document.addEventListener('click', onClick, true);
}

/** Stops holding clicks; a click held meanwhile is made again on the app's link with the same address and text. */
export function replayHeldClick(): void {
  document.removeEventListener('click', onClick, true);
  const h = held;
  held = null;
  if (!h) return;
  const same = [...document.querySelectorAll<HTMLAnchorElement>('#root a[href]')].find(
    (a) => a.getAttribute('href') === h.href && a.textContent === h.text,
  );
  same?.click();
}
