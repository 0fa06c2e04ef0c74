// While a page the server sent is on screen and the app has not drawn it yet (lib/server-rendered.ts), its
// controls are inert markup: a button does nothing, and a link would load the whole page again, losing what the
// app's own link carries (the list a question was opened from, for J/K). A click on one of them is held instead,
// and made again on the same control once the app has drawn the page, so it acts as the app's control does.

/** What a click can land on that does something. */
const CONTROL =
  'a[href],button,[role="button"],[role="tab"],[role="radio"],[role="checkbox"],[role="switch"],[role="menuitem"],input,select,label';

/** A control as the two drawings of the page both show it: its element, role, label and text. */
const signature = (el: Element) =>
  [
    el.tagName,
    el.getAttribute('role'),
    el.getAttribute('aria-label'),
    el.getAttribute('href'),
    el.textContent,
  ]
    .map((part) => part ?? '')
    .join('\u0000');

/** The held click: the control's signature, and which of the controls with that signature it was. */
let held: { signature: string; index: number } | null = null;

const controlsLike = (root: Element, sig: string, tag: string) =>
  [...root.querySelectorAll(tag)].filter((el) => signature(el) === sig);

function onClick(e: MouseEvent) {
  const root = document.getElementById('root');
  if (!root?.hasAttribute('data-ssr')) return;
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const control = e.target instanceof Element ? e.target.closest(CONTROL) : null;
  if (!control || !root.contains(control)) return;
  // A link to another site, or one that opens a new tab, is followed as it is.
  if (control instanceof HTMLAnchorElement) {
    if (control.target === '_blank') return;
    if (new URL(control.href, window.location.href).origin !== window.location.origin) return;
  }
  e.preventDefault();
  const sig = signature(control);
  held = { signature: sig, index: controlsLike(root, sig, control.tagName).indexOf(control) };
}

/** Holds clicks on the server's controls from now until `replayHeldClick`. */
export function holdClicksUntilDrawn(): void {
  document.addEventListener('click', onClick, true);
}

/** Stops holding clicks; a click held meanwhile is made again on the app's control that matches it. */
export function replayHeldClick(): void {
  document.removeEventListener('click', onClick, true);
  const h = held;
  held = null;
  const root = document.getElementById('root');
  if (!h || !root) return;
  const tag = h.signature.slice(0, h.signature.indexOf('\u0000'));
  const same = controlsLike(root, h.signature, tag)[h.index];
  if (same instanceof HTMLElement) same.click();
}
