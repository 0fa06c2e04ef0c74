import { describe, expect, it } from 'vitest';
import {
  applyAction,
  clampPosition,
  countsOf,
  type QuestionState,
  type RunAction,
  toggleStruck,
  viewOf,
} from './run-state';

const blank: QuestionState = {
  selectedChoice: null,
  flagged: false,
  locked: false,
  struck: [],
  highlights: [],
  note: '',
  solution: null,
};

describe('applyAction', () => {
  it('answers; in tutor mode the answer is final', () => {
    const a: RunAction = { kind: 'answer', id: '1', qid: 'q', choice: 'c' };
    expect(applyAction(blank, a, 'TIMED')).toMatchObject({ selectedChoice: 'c', locked: false });
    expect(applyAction(blank, a, 'TUTOR')).toMatchObject({ selectedChoice: 'c', locked: true });
  });

  it('clears, flags and saves marks as a whole', () => {
    const answered = { ...blank, selectedChoice: 'c' };
    expect(applyAction(answered, { kind: 'unanswer', id: '1', qid: 'q' }, 'TIMED').selectedChoice).toBeNull();
    expect(applyAction(blank, { kind: 'flag', id: '1', qid: 'q', flagged: true }, 'TIMED').flagged).toBe(
      true,
    );
    const marked = applyAction(
      { ...blank, struck: ['x'] },
      { kind: 'marks', id: '1', qid: 'q', struck: ['y'], highlights: [{ start: 1, end: 3 }], note: 'n' },
      'TIMED',
    );
    expect(marked).toMatchObject({ struck: ['y'], highlights: [{ start: 1, end: 3 }], note: 'n' });
  });
});

describe('viewOf', () => {
  it('applies what is still on its way over what the server confirmed, in order', () => {
    const confirmed = { q1: blank, q2: { ...blank, selectedChoice: 'a' } };
    const queue: RunAction[] = [
      { kind: 'answer', id: '1', qid: 'q1', choice: 'b' },
      { kind: 'unanswer', id: '2', qid: 'q2' },
      { kind: 'answer', id: '3', qid: 'q1', choice: 'c' },
      { kind: 'flag', id: '4', qid: 'gone', flagged: true },
    ];
    const view = viewOf(confirmed, queue, 'TIMED');
    expect(view.q1?.selectedChoice).toBe('c');
    expect(view.q2?.selectedChoice).toBeNull();
    expect(view.gone).toBeUndefined();
    expect(confirmed.q1.selectedChoice).toBeNull();
  });
});

describe('countsOf', () => {
  it('counts answered, unanswered and flagged questions', () => {
    const states = {
      a: { ...blank, selectedChoice: 'x' },
      b: { ...blank, flagged: true },
      c: { ...blank, selectedChoice: 'y', flagged: true },
    };
    expect(countsOf(['a', 'b', 'c'], states)).toEqual({ answered: 2, unanswered: 1, flagged: 2 });
  });
});

it('clampPosition keeps the position within the test', () => {
  expect(clampPosition(-1, 5)).toBe(0);
  expect(clampPosition(7, 5)).toBe(4);
  expect(clampPosition(2, 5)).toBe(2);
  expect(clampPosition(3, 0)).toBe(0);
});

it('toggleStruck strikes and restores a choice', () => {
  expect(toggleStruck(['a'], 'b')).toEqual(['a', 'b']);
  expect(toggleStruck(['a', 'b'], 'a')).toEqual(['b']);
});
