import { describe, expect, it } from 'vitest';
import { questionActions } from './question-actions';
import type { NewRunAction, QuestionState } from './run-state';

const blank: QuestionState = {
  selectedChoice: null,
  flagged: false,
  locked: false,
  struck: [],
  highlights: [],
  note: '',
  solution: null,
};

function setUp(states: Record<string, QuestionState>) {
  const sent: NewRunAction[] = [];
  const actions = questionActions(
    (qid) => states[qid],
    (a) => sent.push(a),
  );
  return { sent, actions };
}

describe('questionActions', () => {
  it('answers, but not a locked question, the same choice again or a question not in the test', () => {
    const { sent, actions } = setUp({ q: { ...blank, selectedChoice: 'a' }, l: { ...blank, locked: true } });
    actions.answer('q', 'b');
    actions.answer('q', 'a');
    actions.answer('l', 'b');
    actions.answer('x', 'b');
    expect(sent).toEqual([{ kind: 'answer', qid: 'q', choice: 'b' }]);
  });

  it('clears only an answered, unlocked question', () => {
    const { sent, actions } = setUp({ q: { ...blank, selectedChoice: 'a' }, e: blank });
    actions.unanswer('e');
    actions.unanswer('q');
    expect(sent).toEqual([{ kind: 'unanswer', qid: 'q' }]);
  });

  it('flags the other way from now; marks carry all three with the change', () => {
    const { sent, actions } = setUp({ q: { ...blank, flagged: true, struck: ['s'], note: 'n' } });
    actions.toggleFlag('q');
    actions.setMarks('q', () => ({ note: 'new' }));
    expect(sent).toEqual([
      { kind: 'flag', qid: 'q', flagged: false },
      { kind: 'marks', qid: 'q', struck: ['s'], highlights: [], note: 'new' },
    ]);
  });
});
