import { describe, expect, it } from 'vitest';
import type { QuestionStates } from '../lib/run-state';
import { runNavigatorItem } from './run-question-navigator';

const state = (over: Partial<QuestionStates[string]>) =>
  ({
    selectedChoice: null,
    flagged: false,
    locked: false,
    solution: null,
    ...over,
  }) as QuestionStates[string];
const solution = { correctAnswerChoice: 'right' } as QuestionStates[string]['solution'];

describe('a question’s button in the exam screen’s navigator', () => {
  it('timed mode: answered or not, flagged or not, never right or wrong', () => {
    expect(runNavigatorItem(state({ selectedChoice: 'wrong', flagged: true }), 'TIMED')).toEqual({
      answered: true,
      flagged: true,
      states: ['answered', 'flagged'],
    });
    expect(runNavigatorItem(state({}), 'TIMED').states).toEqual(['unanswered']);
  });

  it('tutor mode: a submitted answer shows right or wrong; one not yet submitted only answered', () => {
    const wrong = runNavigatorItem(state({ selectedChoice: 'wrong', locked: true, solution }), 'TUTOR');
    expect(wrong).toMatchObject({ verdict: 'incorrect', states: ['incorrect'] });
    const right = runNavigatorItem(state({ selectedChoice: 'right', locked: true, solution }), 'TUTOR');
    expect(right).toMatchObject({ verdict: 'correct', states: ['correct'] });
    const chosen = runNavigatorItem(state({ selectedChoice: 'right' }), 'TUTOR');
    expect(chosen.verdict).toBeUndefined();
    expect(chosen.states).toEqual(['answered']);
  });
});
