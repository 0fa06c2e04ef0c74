import type { Highlight, QuestionAction, Solution, TestMode, TestQuestion } from '@qbank/contract';

/** What the learner has done to one question, as the exam screen shows it. */
export interface QuestionState {
  selectedChoice: string | null;
  flagged: boolean;
  locked: boolean;
  struck: string[];
  highlights: Highlight[];
  note: string;
  solution: Solution | null;
}

/** Struck-through choices, stem highlights and the note: the server saves them as a whole. */
export type Marks = Pick<QuestionState, 'struck' | 'highlights' | 'note'>;

/**
 * One thing the learner did, waiting to reach the server. Each says the state wanted (not a toggle), so
 * sending it twice changes nothing: a retry after a lost answer is always safe.
 */
export type RunAction =
  | { kind: 'answer'; id: string; qid: string; choice: string }
  | { kind: 'unanswer'; id: string; qid: string }
  | { kind: 'flag'; id: string; qid: string; flagged: boolean }
  | ({ kind: 'marks'; id: string; qid: string } & Marks);

/** An action as the screen makes it, before it gets its id. */
export type NewRunAction = {
  [K in RunAction['kind']]: Omit<Extract<RunAction, { kind: K }>, 'id'>;
}[RunAction['kind']];

/** Questions by uuid. */
export type QuestionStates = Record<string, QuestionState>;

export function stateOf(q: Pick<TestQuestion, keyof QuestionState>): QuestionState {
  return {
    selectedChoice: q.selectedChoice,
    flagged: q.flagged,
    locked: q.locked,
    struck: q.struck,
    highlights: q.highlights,
    note: q.note,
    solution: q.solution,
  };
}

export const statesOf = (questions: readonly TestQuestion[]): QuestionStates =>
  Object.fromEntries(questions.map((q) => [q.uuid, stateOf(q)]));

/** What the server answered for one question, as its confirmed state. */
export const confirmedOf = (answer: QuestionAction): QuestionState => stateOf(answer.question);

/** An action applied to a question on this device, before the server confirms it. */
export function applyAction(q: QuestionState, a: RunAction, mode: TestMode): QuestionState {
  switch (a.kind) {
    case 'answer':
      // Tutor mode: a submitted answer is final; its solution arrives with the server's answer.
      return { ...q, selectedChoice: a.choice, locked: mode === 'TUTOR' ? true : q.locked };
    case 'unanswer':
      return { ...q, selectedChoice: null };
    case 'flag':
      return { ...q, flagged: a.flagged };
    case 'marks':
      return { ...q, struck: a.struck, highlights: a.highlights, note: a.note };
  }
}

/** What the screen shows: the server's confirmed state with every action still on its way applied over it. */
export function viewOf(
  confirmed: QuestionStates,
  queue: readonly RunAction[],
  mode: TestMode,
): QuestionStates {
  if (queue.length === 0) return confirmed;
  const out = { ...confirmed };
  for (const a of queue) {
    const q = out[a.qid];
    if (q) out[a.qid] = applyAction(q, a, mode);
  }
  return out;
}

/** Answered, unanswered and flagged counts, for the navigator and the End test dialog. */
export function countsOf(order: readonly string[], states: QuestionStates) {
  let answered = 0;
  let flagged = 0;
  for (const id of order) {
    const q = states[id];
    if (q?.selectedChoice) answered += 1;
    if (q?.flagged) flagged += 1;
  }
  return { answered, unanswered: order.length - answered, flagged };
}

/** The server's position, kept within the test (a test of n questions has positions 0..n-1). */
export const clampPosition = (position: number, count: number) =>
  Math.min(Math.max(0, Math.trunc(position) || 0), Math.max(0, count - 1));

/** Strikes a choice through, or restores it. */
export const toggleStruck = (struck: readonly string[], choice: string): string[] =>
  struck.includes(choice) ? struck.filter((c) => c !== choice) : [...struck, choice];

/** Choices are lettered A–J. */
export const choiceLetter = (index: number) => String.fromCharCode(65 + index);
