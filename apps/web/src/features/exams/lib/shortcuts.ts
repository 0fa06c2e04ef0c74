/** What a key press on the exam screen asks for. */
export type RunCommand =
  | { type: 'choose'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'flag' }
  | { type: 'submit' }
  | { type: 'highlight' }
  | { type: 'toggle-strike-mode' }
  | { type: 'leave-strike-mode' }
  | { type: 'help' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Where the key was pressed: its tag, an input's type, whether it is editable text. */
export interface KeyTarget {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
}

// Inputs that take no typed text: a key pressed on them is a shortcut.
const NOT_TYPING_INPUTS = new Set(['radio', 'checkbox', 'button', 'submit', 'reset']);

/** Whether the key lands in a place where people type (the notes field): shortcuts then stay out of the way. */
export function isTyping(target: KeyTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NOT_TYPING_INPUTS.has((target.type ?? 'text').toLowerCase());
}

/**
 * The letters that are commands. They win over choices: the 6th and 8th choices (F and H) are chosen with 6
 * and 8 (or a click), so F always flags and H always highlights.
 */
const COMMAND_LETTERS: Record<string, RunCommand> = {
  f: { type: 'flag' },
  h: { type: 'highlight' },
  n: { type: 'next' },
  p: { type: 'previous' },
  s: { type: 'toggle-strike-mode' },
};

/**
 * The command of a key press, or null. A–J (but F and H) and 1–9 choose, ←/→ and N/P move, F flags, H
 * highlights the selected text, Enter submits (tutor mode), S toggles strike-through mode, Esc leaves it, ?
 * opens the help. Nothing fires while typing, nor with Ctrl, Alt or ⌘ (the browser's own shortcuts).
 */
export function commandOf(press: KeyPress, target: KeyTarget | null, choiceCount: number): RunCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey || isTyping(target)) return null;
  const { key } = press;
  if (key === '?') return { type: 'help' };
  if (key === 'ArrowRight') return { type: 'next' };
  if (key === 'ArrowLeft') return { type: 'previous' };
  if (key === 'Escape') return { type: 'leave-strike-mode' };
  if (key === 'Enter') {
    // Enter on a button or link presses it; that must not also submit.
    const tag = target?.tagName.toUpperCase();
    return tag === 'BUTTON' || tag === 'A' ? null : { type: 'submit' };
  }
  if (key.length !== 1) return null;
  const lower = key.toLowerCase();
  const command = COMMAND_LETTERS[lower];
  if (command) return command;
  let index = -1;
  if (lower >= 'a' && lower <= 'j') index = lower.charCodeAt(0) - 97;
  else if (lower >= '1' && lower <= '9') index = Number(lower) - 1;
  return index >= 0 && index < choiceCount ? { type: 'choose', index } : null;
}

/** The shortcuts as the help lists them. */
export const SHORTCUTS: readonly { keys: string[]; what: string }[] = [
  {
    keys: ['A–J', '1–9'],
    what: 'Choose an answer by its letter or number (choices F and H by number: 6 and 8)',
  },
  { keys: ['→', 'N'], what: 'Next question' },
  { keys: ['←', 'P'], what: 'Previous question' },
  { keys: ['F'], what: 'Flag or unflag the question' },
  { keys: ['Enter'], what: 'Submit the answer (tutor mode)' },
  { keys: ['H'], what: 'Highlight the selected text of the question' },
  { keys: ['S'], what: 'Strike-through mode on or off (a choice key then strikes that choice)' },
  { keys: ['Esc'], what: 'Leave strike-through mode' },
  { keys: ['?'], what: 'This list of shortcuts' },
];
