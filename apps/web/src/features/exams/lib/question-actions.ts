import type { Marks, NewRunAction, QuestionState } from './run-state';

/**
 * What a learner does to a question, as the actions to send: each checked against the question's state as
 * shown (`stateOf`), so a locked question is not answered, the same choice is not sent twice, and nothing goes
 * for a question that is not in the test.
 */
export function questionActions(
  stateOf: (qid: string) => QuestionState | undefined,
  push: (action: NewRunAction) => void,
) {
  return {
    answer: (qid: string, choice: string) => {
      const q = stateOf(qid);
      if (!q || q.locked || q.selectedChoice === choice) return;
      push({ kind: 'answer', qid, choice });
    },
    unanswer: (qid: string) => {
      const q = stateOf(qid);
      if (!q || q.locked || !q.selectedChoice) return;
      push({ kind: 'unanswer', qid });
    },
    toggleFlag: (qid: string) => {
      const q = stateOf(qid);
      if (q) push({ kind: 'flag', qid, flagged: !q.flagged });
    },
    /** Changes some of the question's marks; the action carries all three, the others as they are. */
    setMarks: (qid: string, change: (marks: Marks) => Partial<Marks>) => {
      const q = stateOf(qid);
      if (!q) return;
      const marks = { struck: q.struck, highlights: q.highlights, note: q.note };
      push({ kind: 'marks', qid, ...marks, ...change(marks) });
    },
  };
}
