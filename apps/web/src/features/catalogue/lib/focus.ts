/**
 * The editor's controls are found again by a key of their own, not by id: Mantine's menu gives its button an
 * id of its making. A row that moves, a field that closes or a row that is deleted hands the focus to a key.
 */
export const focusKey = {
  menu: (uuid: string) => `menu:${uuid}`,
  handle: (uuid: string) => `handle:${uuid}`,
  toggle: (uuid: string) => `toggle:${uuid}`,
  add: (parentUuid: string) => `add:${parentUuid}`,
};

export const FOCUS_KEY_ATTRIBUTE = 'data-focus-key';

/** The control with that key on the page now, if any. */
export const focusable = (key: string) =>
  document.querySelector<HTMLElement>(`[${FOCUS_KEY_ATTRIBUTE}="${CSS.escape(key)}"]`);
