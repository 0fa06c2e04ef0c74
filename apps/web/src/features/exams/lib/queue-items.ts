import {
  NOTHING_TO_UNANSWER_MESSAGE,
  TEST_ENDED_MESSAGE,
  TEST_HIGHLIGHTS_MAX,
  TEST_NOTE_MAX,
  TEST_PAUSED_MESSAGE,
} from '@qbank/contract';
import { HttpError } from '../../../lib/http';
import type { RunAction } from './run-state';

/** Actions of one kind on one question replace each other: answer and unanswer share the answer's slot. */
const slotOf = (a: RunAction) => `${a.qid}:${a.kind === 'unanswer' ? 'answer' : a.kind}`;

/**
 * The queue with `action` added. A waiting action of the same slot is dropped for it (only the last state
 * wanted matters); the one being sent (`sending`) stays, as it may already have reached the server.
 */
export function enqueue(queue: readonly RunAction[], action: RunAction, sending: string | null): RunAction[] {
  const slot = slotOf(action);
  return [...queue.filter((a) => a.id === sending || slotOf(a) !== slot), action];
}

/** What to do after sending an action failed. */
export type Failure =
  /** Not sent or not answered (no connection, a server error): keep it and try again. */
  | 'retry'
  /** It did what was wanted after all (a retried unanswer finds nothing left to clear). */
  | 'done'
  /** The test has ended (finalised, or its time ran out): nothing more can be sent. */
  | 'ended'
  /** The test was paused (from another device): hold everything until it is resumed. */
  | 'paused'
  /** Signed out: keep everything on this device for the next sign-in. */
  | 'signed-out'
  /** The server refused it for good: drop it and say why. */
  | 'refused';

export function failureOf(error: unknown, action: Pick<RunAction, 'kind'> | null): Failure {
  // fetch rejects with a TypeError when the request never got an answer.
  if (!(error instanceof HttpError)) return 'retry';
  const status = error.statusCode;
  if (status === 0 || status >= 500 || status === 408 || status === 429) return 'retry';
  if (status === 401) return 'signed-out';
  if (status === 409 && error.serverMessage === TEST_ENDED_MESSAGE) return 'ended';
  if (status === 409 && error.serverMessage === TEST_PAUSED_MESSAGE) return 'paused';
  if (status === 409 && action?.kind === 'unanswer' && error.serverMessage === NOTHING_TO_UNANSWER_MESSAGE)
    return 'done';
  return 'refused';
}

export const storageKey = (testId: string) => `qbank.test-actions.${testId}`;

const isString = (v: unknown): v is string => typeof v === 'string';
const isHighlight = (v: unknown) => {
  const h = v as { start?: unknown; end?: unknown } | null;
  return (
    !!h &&
    Number.isInteger(h.start) &&
    Number.isInteger(h.end) &&
    (h.start as number) >= 0 &&
    (h.end as number) > (h.start as number)
  );
};

/** One stored action, if it is one this screen could have written; anything else is ignored. */
function parseAction(v: unknown): RunAction | null {
  const a = v as Record<string, unknown> | null;
  if (!a || !isString(a.id) || !isString(a.qid)) return null;
  const base = { id: a.id, qid: a.qid };
  switch (a.kind) {
    case 'answer':
      return isString(a.choice) ? { kind: 'answer', ...base, choice: a.choice } : null;
    case 'unanswer':
      return { kind: 'unanswer', ...base };
    case 'flag':
      return typeof a.flagged === 'boolean' ? { kind: 'flag', ...base, flagged: a.flagged } : null;
    case 'marks':
      if (
        !Array.isArray(a.struck) ||
        !a.struck.every(isString) ||
        !Array.isArray(a.highlights) ||
        a.highlights.length > TEST_HIGHLIGHTS_MAX ||
        !a.highlights.every(isHighlight) ||
        !isString(a.note) ||
        a.note.length > TEST_NOTE_MAX
      )
        return null;
      return {
        kind: 'marks',
        ...base,
        struck: a.struck,
        highlights: (a.highlights as { start: number; end: number }[]).map(({ start, end }) => ({
          start,
          end,
        })),
        note: a.note,
      };
    default:
      return null;
  }
}

/** The actions kept on this device for a test (what a reload while offline must not lose). */
export function parseStoredQueue(text: string | null, questionIds: ReadonlySet<string>): RunAction[] {
  if (!text) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  return json.map(parseAction).filter((a): a is RunAction => !!a && questionIds.has(a.qid));
}

/** The actions this device kept for a test (nothing when storage is off, as in some private windows). */
export function loadQueue(testId: string, questionIds: ReadonlySet<string>): RunAction[] {
  try {
    return parseStoredQueue(localStorage.getItem(storageKey(testId)), questionIds);
  } catch {
    return [];
  }
}

/** Keeps the actions still to send on this device; storage full or off, they live in memory only. */
export function saveQueue(testId: string, items: readonly RunAction[]) {
  try {
    if (items.length === 0) localStorage.removeItem(storageKey(testId));
    else localStorage.setItem(storageKey(testId), JSON.stringify(items));
  } catch {
    // Nothing more to do: the queue still holds them until the page closes.
  }
}
