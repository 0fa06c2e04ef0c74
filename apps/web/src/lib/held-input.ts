// While a page the server sent is on screen and the app has not drawn it yet (lib/server-rendered.ts), its
// controls are inert markup: a button does nothing, and a link would load the whole page again, losing what the
// app's own link carries (the list a question was opened from, for J/K). A click on one of them is held instead,
// and made again on the same control once the app has drawn the page, so it acts as the app's control does.
//
// Its fields, though, act as any field does (typing, ticking): a visitor who opens /login and starts typing types
// into the server's form. When the app draws the page it replaces that form with its own, so what was typed,
// and where the caret was, are carried over to the app's fields (`keepTypedFields`): nothing typed is lost,
// and typing goes on in the same field. Enter in a field meanwhile is held like a click, and sends the app's form
// once the typing has been carried over.

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
  // A field (a checkbox ticked, a text field clicked into) acts at once, as any field does: what it holds is
  // carried over to the app's field when the app draws the page (keepTypedFields, below).
  if (control.matches(FIELD)) return;
  if (control instanceof HTMLLabelElement && control.control?.matches(FIELD)) return;
  // A link to another site, or one that opens a new tab, is followed as it is.
  if (control instanceof HTMLAnchorElement) {
    if (control.target === '_blank') return;
    if (new URL(control.href, window.location.href).origin !== window.location.origin) return;
  }
  e.preventDefault();
  heldSubmit = null; // the latest of the two is the one made
  const sig = signature(control);
  held = { signature: sig, index: controlsLike(root, sig, control.tagName).indexOf(control) };
}

/**
 * A form sent by Enter in one of its fields: which of the page's forms it was, to send the app's once it has
 * drawn the page. (The server's forms are drawn as plain elements, `data-prerendered-form`, so that nothing is
 * sent natively before the app has started; app/prerender.tsx.)
 */
let heldSubmit: number | null = null;

function onKeyDown(e: KeyboardEvent) {
  const root = document.getElementById('root');
  if (!root?.hasAttribute('data-ssr') || e.key !== 'Enter' || e.isComposing) return;
  if (!(e.target instanceof HTMLInputElement) || !e.target.matches(FIELD)) return;
  const form = e.target.closest('[data-prerendered-form]');
  if (!form || !root.contains(form)) return;
  e.preventDefault();
  heldSubmit = [...root.querySelectorAll('[data-prerendered-form]')].indexOf(form);
  held = null; // the latest of the two is the one made
}

/** Holds clicks on the server's controls, and Enter in its forms, from now until `replayHeldClick`. */
export function holdClicksUntilDrawn(): void {
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeyDown, true);
}

/**
 * Stops holding clicks and Enter; a click held meanwhile is made again on the app's control that matches it, or a
 * form sent by Enter meanwhile is sent again.
 */
export function replayHeldClick(): void {
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('keydown', onKeyDown, true);
  const h = held;
  const form = heldSubmit;
  held = null;
  heldSubmit = null;
  const root = document.getElementById('root');
  if (!root) return;
  if (!h) {
    if (form !== null) root.querySelectorAll('form')[form]?.requestSubmit();
    return;
  }
  const tag = h.signature.slice(0, h.signature.indexOf('\u0000'));
  const same = controlsLike(root, h.signature, tag)[h.index];
  if (same instanceof HTMLElement) same.click();
}

// ---- What was typed into the server's fields ----

/** The fields a visitor types into or ticks (buttons are clicks, above). */
const FIELD =
  'input:not([type="hidden"]):not([type="submit"]):not([type="button"]):not([type="reset"]),textarea,select';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field as the two drawings of the page both show it: its element, type, name, label. */
const fieldSignature = (el: Field) =>
  [
    el.tagName,
    el.getAttribute('type'),
    el.getAttribute('name'),
    el.getAttribute('autocomplete'),
    el.getAttribute('aria-label'),
    [...(el.labels ?? [])].map((label) => label.textContent).join(' '),
  ]
    .map((part) => part ?? '')
    .join('\u0000');

/** Where a field is found again in the app's drawing: its signature and which of the fields with it. */
interface FieldPlace {
  signature: string;
  index: number;
}

const fieldsOf = (root: Element) => [...root.querySelectorAll<Field>(FIELD)];

function placeOf(fields: Field[], el: Field): FieldPlace {
  const signature = fieldSignature(el);
  return { signature, index: fields.filter((f) => fieldSignature(f) === signature).indexOf(el) };
}

const find = (fields: Field[], place: FieldPlace) =>
  fields.filter((f) => fieldSignature(f) === place.signature)[place.index];

/** Whether the visitor changed a field from what the server drew. */
function changed(el: Field): boolean {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    return el.checked !== el.defaultChecked;
  }
  if (el instanceof HTMLSelectElement) return [...el.options].some((o) => o.selected !== o.defaultSelected);
  return el.value !== el.defaultValue;
}

/** The caret or selection in a field, where the field has one (an e-mail field does not). */
function selectionOf(el: Field) {
  if (el instanceof HTMLSelectElement) return null;
  try {
    if (el.selectionStart === null || el.selectionEnd === null) return null;
    return { start: el.selectionStart, end: el.selectionEnd, direction: el.selectionDirection ?? undefined };
  } catch {
    return null;
  }
}

/**
 * Sets a field the app drew as the visitor would: through the element's own value setter, then the event the
 * browser sends, so the app's change handler sees it (React tracks the value it last set, and ignores an event
 * whose value it set itself).
 */
function enter(el: Field, from: Field) {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    if (el.checked !== (from as HTMLInputElement).checked) el.click();
    return;
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
  if (!setter) return;
  setter.call(el, from.value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Notes what the visitor typed into the server's page and where the caret is, before the app draws the page;
 * the function it returns, called once the app has drawn it, enters the same into the app's fields.
 */
export function keepTypedFields(): () => void {
  const root = document.getElementById('root');
  if (!root?.hasAttribute('data-ssr')) return () => {};
  const before = fieldsOf(root);
  const typed = before.filter(changed).map((el) => ({ place: placeOf(before, el), el }));
  const active = document.activeElement;
  const focused =
    active && root.contains(active) && active.matches(FIELD)
      ? { place: placeOf(before, active as Field), selection: selectionOf(active as Field) }
      : null;
  return () => {
    const after = fieldsOf(root);
    for (const { place, el } of typed) {
      const same = find(after, place);
      if (same) enter(same, el);
    }
    if (!focused) return;
    const same = find(after, focused.place);
    if (!same) return;
    same.focus({ preventScroll: true });
    const s = focused.selection;
    if (s && !(same instanceof HTMLSelectElement)) same.setSelectionRange(s.start, s.end, s.direction);
  };
}
